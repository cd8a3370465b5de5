let guard: ((event: PopStateEvent) => void) | undefined;

/**
 * Back and Forward reach the app as popstate on window, which BrowserRouter follows from a listener of
 * its own, and a page it changes can unmount a form before a listener added later even hears of the event.
 * Chromium calls a window's listeners in the order they were added, capture or not, so main.tsx adds
 * this one before the router starts: the guard set here (lib/unsaved-changes.ts) sees each popstate first
 * and can keep it from the router with stopImmediatePropagation.
 */
export function listenBeforeTheRouter(): void {
  window.addEventListener("popstate", (event) => guard?.(event));
}

export function setPopstateGuard(next: ((event: PopStateEvent) => void) | undefined): void {
  guard = next;
}
