/**
 * The installable app's service worker and new versions (docs/decisions/0073-new-version-on-the-next-page.md).
 * Registered once the page has loaded, so its precaching never competes with the page's own requests. An
 * installed app can stay open for days without loading a page, the only moment a browser looks for a new
 * worker by itself: it also looks each time the app comes back to the front. A new worker takes over at
 * once and its cache drops the old version's scripts, which this page may still need (the chunks of pages
 * not opened yet, gone from the server too): the next page the rider opens is then loaded afresh, as the
 * new version.
 */
export function registerServiceWorker(): void {
  const workers = navigator.serviceWorker;
  // The first worker's taking over a page that had none is no new version.
  let controlled = workers.controller !== null;
  workers.addEventListener("controllerchange", () => {
    const worker = workers.controller;
    if (controlled && worker) {
      // Its cache holds only its own version's files once it is activated.
      if (worker.state === "activated") loadNextPageAfresh();
      else
        worker.addEventListener("statechange", () => {
          if (worker.state === "activated") loadNextPageAfresh();
        });
    }
    controlled = true;
  });
  workers.register("/sw.js").then(
    (registration) =>
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      }),
    () => {},
  );
}

function loadNextPageAfresh(): void {
  const push = history.pushState;
  history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    push.apply(this, args);
    // Still this version's worker if its cache holds this page's entry script (the same build again).
    void caches.match(import.meta.url).then((kept) => kept || window.location.reload());
  };
}
