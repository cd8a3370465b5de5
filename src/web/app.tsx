import { StrictMode } from "react";
import { Providers } from "./providers.tsx";
import { AppRoutes } from "./router.tsx";

/** The whole app below its router (BrowserRouter in the browser, StaticRouter in the prerender). */
export function App({ prerendered }: { prerendered: boolean }) {
  return (
    <StrictMode>
      <Providers prerendered={prerendered}>
        <AppRoutes />
      </Providers>
    </StrictMode>
  );
}
