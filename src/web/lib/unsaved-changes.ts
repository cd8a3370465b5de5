import { useEffect } from "react";
import { useLocation } from "react-router";
import { isKnownPath } from "../../shared/domain/routes.ts";
import { messages } from "../../shared/messages.ts";
import { setPopstateGuard } from "./popstate-guard.ts";

let unsavedForms = 0;

const warnBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * Whether following the link leaves the form for another screen of the app, the only case the router handles
 * without unloading the page. A jump within the page ("Skip to content"), a mail or phone link, and a page
 * outside the app (e.g. /api/docs, or another site) do not ask here: the first two leave the form where it
 * is, and the browser asks before unloading for the last (beforeunload).
 */
function leavesForAnotherScreen(link: HTMLAnchorElement): boolean {
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin) return false;
  if (to.pathname === window.location.pathname && to.search === window.location.search) return false;
  return isKnownPath(to.pathname);
}

/**
 * A press on a link to another screen of the app while a form holds unsaved changes asks first. The app's
 * routes are declarative (router.tsx), without the data router's blocker, so the press is caught before the
 * router sees it: in the capture phase on the document, ahead of React's own listener on the root.
 */
function askBeforeFollowingLink(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download"))
    return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!leavesForAnotherScreen(link)) return;
  if (window.confirm(messages.forms.leaveUnsaved)) return;
  event.preventDefault();
  event.stopPropagation();
}

/** The position of the current history entry, which React Router keeps in its state as `idx`. */
function historyIndex(): number | undefined {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : undefined;
}

/** The entry the unsaved form is shown on, and whether the popstate of going back to it is still to come. */
let formIndex: number | undefined;
let restoring = false;

/**
 * Back or Forward (a swipe back too) while a form holds unsaved changes asks first. The address has
 * already changed when popstate comes, and this runs before the router follows it (lib/popstate-guard.ts).
 * Cancelled, the router never hears of it and the history goes back to the form's entry, whose popstate
 * is kept from the router the same way. An entry without an `idx` (a fragment link's) cannot be measured
 * and is let through.
 */
function askBeforeTraversing(event: PopStateEvent) {
  if (restoring) {
    restoring = false;
    event.stopImmediatePropagation();
    return;
  }
  const to = historyIndex();
  if (to === undefined || formIndex === undefined || to === formIndex) return;
  if (window.confirm(messages.forms.leaveUnsaved)) {
    formIndex = to;
    return;
  }
  event.stopImmediatePropagation();
  restoring = true;
  window.history.go(formIndex - to);
}

/**
 * A form holding changes not yet saved: leaving it (a reload, closing the tab, a link of the app, Back or
 * Forward) asks first, and a dialog around it does not close on a stray press outside it
 * (components/ui/dialog.tsx looks for the mark this returns). Cancel, the close button and Escape still
 * close it: they are meant. A form that stays on the page after a save resets itself, so it holds nothing
 * unsaved.
 */
export function useUnsavedChanges(unsaved: boolean): { "data-unsaved"?: "" } {
  const { key } = useLocation();
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms += 1;
    if (unsavedForms === 1) {
      restoring = false;
      window.addEventListener("beforeunload", warnBeforeUnload);
      document.addEventListener("click", askBeforeFollowingLink, { capture: true });
      setPopstateGuard(askBeforeTraversing);
    }
    return () => {
      unsavedForms -= 1;
      if (unsavedForms > 0) return;
      window.removeEventListener("beforeunload", warnBeforeUnload);
      document.removeEventListener("click", askBeforeFollowingLink, { capture: true });
      setPopstateGuard(undefined);
    };
  }, [unsaved]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new location (key) is a new history entry
  useEffect(() => {
    if (unsaved) formIndex = historyIndex();
  }, [unsaved, key]);
  return unsaved ? { "data-unsaved": "" } : {};
}
