import { useEffect } from "react";

/**
 * A form holding changes not yet saved: leaving the page (a reload, closing the tab, another address)
 * asks first, and a dialog around it does not close on a stray press outside it (components/ui/dialog.tsx
 * looks for the mark this returns). Cancel, the close button and Escape still close it: they are meant.
 * A form that stays on the page after a save resets itself (its changes are saved, so none are unsaved).
 */
export function useUnsavedChanges(unsaved: boolean): { "data-unsaved"?: "" } {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  return unsaved ? { "data-unsaved": "" } : {};
}

/** Whether an element holds a form with unsaved changes (useUnsavedChanges). */
export function holdsUnsavedChanges(element: Element | null): boolean {
  return element?.querySelector("form[data-unsaved]") != null;
}
