import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { setShellSession } from "@/lib/shell-session.ts";
import { App } from "./app.tsx";
import { preloadPage } from "./router.tsx";

export { pageRoutes } from "./router.tsx";

/**
 * The signed-in frame (header, tab bar, loading page) that the app draws while a signed-in page's session
 * loads: the server sends it in the HTML of each page inside the frame to a browser with a valid session.
 * Rendered at "/" so that no section is marked current (the app marks it on its first render).
 */
export function renderSignedInFrame(): string {
  setShellSession({ isPending: true, data: null, signedInFrame: true });
  return renderToString(
    <StaticRouter location="/">
      <App prerendered={false} />
    </StaticRouter>,
  );
}

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
