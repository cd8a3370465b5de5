import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import "./index.css";
import { registerServiceWorker } from "@/lib/app-updates.ts";
import { listenBeforeTheRouter } from "@/lib/popstate-guard.ts";
import { setShellSession } from "@/lib/shell-session.ts";
import { App } from "./app.tsx";
import { preloadPage } from "./router.tsx";

// zod compiles object parsers with `new Function` unless told not to; the CSP (script-src 'self') forbids
// eval, and even zod's probe for it is reported as a violation. Its global config is read from here when
// the schema chunks load (set before them, without bringing zod into this chunk).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// Before the router listens: a form with unsaved changes sees Back and Forward first (lib/unsaved-changes.ts).
listenBeforeTheRouter();

const container = document.getElementById("root")!;
// A signed-in page comes with the frame the app draws while its session loads (layout/main-layout.tsx): the app
// starts in that state, and its first render replaces the frame with the same markup (createRoot clears it).
const signedInFrame = container.querySelector(":scope > [data-pending-frame]") !== null;
// The server sends a public page prerendered (scripts/prerender.ts) only to a browser without a session
// cookie, so that page was rendered signed out: the browser starts from the same state and hydrates it.
const prerendered = container.hasChildNodes() && !signedInFrame;
const app = (
  <BrowserRouter>
    <App prerendered={prerendered} />
  </BrowserRouter>
);

// Without a session cookie the server says so (a meta tag): no session to check, the shell renders at once.
if (prerendered || document.querySelector('meta[name="velolog-signed-out"]'))
  setShellSession({ isPending: false, data: null });
else if (signedInFrame) setShellSession({ isPending: true, data: null, signedInFrame: true });

if (prerendered) {
  // The page's own chunk first, so the first render is the prerendered markup with nothing suspended.
  // As a transition, hydration runs in short slices instead of one long task (it blocks no input).
  void preloadPage(window.location.pathname).then(() =>
    startTransition(() => void hydrateRoot(container, app)),
  );
} else {
  // The session check, if needed (lib/query.tsx starts it), and the page's chunk load side by side.
  void import("@/lib/query.tsx");
  void preloadPage(window.location.pathname);
  // tailwind-merge builds its class table on the first cn() call, 15-20 ms in one piece that would land in
  // the middle of rendering the page's data: built in a task of its own while that data loads.
  void import("@/lib/utils.ts").then(({ cn }) => setTimeout(() => cn("p-0")));
  // A transition here too: the first render runs in short slices (less blocking time on a slow phone).
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// The installable app's service worker (vite-plugin-pwa writes /sw.js at build time) and its new versions.
// Not for a share link's page: whoever opens one (a buyer, a mechanic) does not download the app (decision 0038).
const sharedLinkPage = /^\/shared(\/|$)/.test(window.location.pathname);
if (import.meta.env.PROD && "serviceWorker" in navigator && !sharedLinkPage)
  window.addEventListener("load", registerServiceWorker, { once: true });
