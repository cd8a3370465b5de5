import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import "./index.css";
import { setShellSession } from "@/lib/shell-session.ts";
import { App } from "./app.tsx";
import { preloadPage } from "./router.tsx";

const container = document.getElementById("root")!;
// The server sends a public page prerendered (scripts/prerender.ts) only to a browser without a session
// cookie, so that page was rendered signed out: the browser starts from the same state and hydrates it.
const prerendered = container.hasChildNodes();
const app = (
  <BrowserRouter>
    <App prerendered={prerendered} />
  </BrowserRouter>
);

if (prerendered) {
  setShellSession({ isPending: false, data: null });
  // The page's own chunk first, so the first render is the prerendered markup with nothing suspended.
  void preloadPage(window.location.pathname).then(() => hydrateRoot(container, app));
} else {
  // The session check (lib/query.tsx starts it) and the page's chunk load side by side.
  void import("@/lib/query.tsx");
  void preloadPage(window.location.pathname);
  createRoot(container).render(app);
}
