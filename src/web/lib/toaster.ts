/**
 * Asks for the toaster before the visitor has interacted with the page (on a prerendered page it
 * otherwise mounts at the first interaction; see providers.tsx). Safe to call before it listens.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
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
