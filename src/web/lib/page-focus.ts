/**
 * After the app moves to another page, the keyboard and a screen reader start at the new page's content
 * (as a full page load would start them at its top) instead of staying on the header's link or falling
 * back to the document. Left alone where the page or a dialog already holds the focus (a form's first field).
 * Its own module, not lib/focus.ts: the router is in every page's first script, the page forms' focus is not.
 */
export function focusNewPage() {
  const main = document.querySelector("main");
  const active = document.activeElement;
  const taken =
    active !== null &&
    active !== document.body &&
    (main?.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]') !== null);
  if (main && !taken) main.focus({ preventScroll: true });
}
