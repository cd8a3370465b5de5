import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { setShellSession } from "@/lib/shell-session.ts";
import { App } from "./app.tsx";
import { preloadPage } from "./router.tsx";

export { pageRoutes } from "./router.tsx";

/**
 * Renders a public page as a signed-out visitor sees it on first paint (the build's prerender step,
 * scripts/prerender.ts, calls this for each public path). The browser hydrates the same markup.
 */
export async function renderPage(pathname: string): Promise<string> {
  setShellSession({ isPending: false, data: null });
  await preloadPage(pathname);
  return renderToString(
    <StaticRouter location={pathname}>
      <App prerendered />
    </StaticRouter>,
  );
}
