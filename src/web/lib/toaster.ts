let wanted = false;
const listeners = new Set<() => void>();

/**
 * Asks for the toaster before the visitor has interacted with the page (on a prerendered page it
 * otherwise mounts at the first interaction; see providers.tsx): every toast does. Safe to call before
 * it listens.
 */
function wantToaster() {
  wanted = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` once the toaster is wanted (at once if it already is); returns the unsubscribe. */
export function onToasterWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type ToastArguments = Parameters<typeof import("sonner")["toast"]["success"]>;

function show(kind: "success" | "error" | "info") {
  return (...args: ToastArguments) => {
    wantToaster();
    // A failed load (a stale chunk after an update) loses the toast: say so where it can be seen.
    import("sonner")
      .then(({ toast }) => toast[kind](...args))
      .catch((error: unknown) => console.error("The toast could not be shown:", args[0], error));
  };
}

/**
 * The app's toasts. sonner loads with the first toast (or the toaster, providers.tsx), so its script and
 * the styles it inserts as it loads stay out of every page's first load; a toast also asks for the toaster.
 */
export const toast = { success: show("success"), error: show("error"), info: show("info") };
