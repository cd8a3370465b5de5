import { useEffect } from "react";
import { messages } from "../../shared/messages.ts";

let unsavedForms = 0;

const warnBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * A press on a link of the app while a form holds unsaved changes asks first. The app's routes are
 * declarative (router.tsx), without the data router's blocker, so the press is caught before the router
 * sees it: in the capture phase on the document, ahead of React's own listener on the root.
 */
function askBeforeFollowingLink(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (window.confirm(messages.forms.leaveUnsaved)) return;
  event.preventDefault();
  event.stopPropagation();
}

/**
 * A form holding changes not yet saved: leaving it (a reload, closing the tab, a link of the app) asks
 * first, and a dialog around it does not close on a stray press outside it (components/ui/dialog.tsx looks
 * for the mark this returns). Cancel, the close button and Escape still close it: they are meant. A form
 * that stays on the page after a save resets itself, so it holds nothing unsaved. The browser's Back
 * button is not caught.
 */
export function useUnsavedChanges(unsaved: boolean): { "data-unsaved"?: "" } {
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms += 1;
    if (unsavedForms === 1) {
      window.addEventListener("beforeunload", warnBeforeUnload);
      document.addEventListener("click", askBeforeFollowingLink, { capture: true });
    }
    return () => {
      unsavedForms -= 1;
      if (unsavedForms > 0) return;
      window.removeEventListener("beforeunload", warnBeforeUnload);
      document.removeEventListener("click", askBeforeFollowingLink, { capture: true });
    };
  }, [unsaved]);
  return unsaved ? { "data-unsaved": "" } : {};
}
