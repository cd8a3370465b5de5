import { type RefObject, useEffect, useRef } from "react";

const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/**
 * For a form that opens in the page at a button's press (Add, or an item's Edit): call the returned
 * function as it opens, and when `open` turns false the keyboard goes on from that button again, or from
 * `fallback` when the button is gone (the Add button, which the open form replaces, is rendered anew).
 */
export function useReturnFocus(open: boolean, fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) {
      const target = opener.current?.isConnected ? opener.current : fallback.current;
      target?.focus();
      opener.current = null;
    }
    wasOpen.current = open;
  }, [open, fallback]);
  // Safari does not focus a button on a click: the fallback serves then.
  return () => {
    opener.current = focused();
  };
}

/**
 * Where the keyboard goes on once the list item or table row holding `control` is deleted: the same
 * control of the next item (or, for the last, of the one before), else `fallback`. Asked before the
 * deletion, while the item is still in the page.
 */
export function focusAfterRemoving(control: HTMLElement | null, fallback: HTMLElement | null) {
  const item = control?.closest("li, tr");
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  if (!control || !item || !neighbour) return fallback;
  const index = [...item.querySelectorAll("button")].indexOf(control as HTMLButtonElement);
  const controls = [...neighbour.querySelectorAll("button")];
  return controls[index] ?? controls[0] ?? fallback;
}

/**
 * Runs `remove`, which takes away the list item holding `returnTo`'s control (a delete, a move elsewhere),
 * with `returnTo` pointed at where the keyboard goes on once the item is gone (`focusAfterRemoving`). It is
 * pointed there before `remove` runs, since the refreshed list may drop the item (and a dialog inside it)
 * before `remove` returns; if `remove` fails, back at the control.
 */
export async function removingItem(
  returnTo: RefObject<HTMLElement | null>,
  fallback: HTMLElement | null,
  remove: () => Promise<unknown>,
) {
  const control = returnTo.current;
  returnTo.current = focusAfterRemoving(control, fallback);
  try {
    await remove();
  } catch (error) {
    returnTo.current = control;
    throw error;
  }
}

/** The control that has the keyboard now, to give it back later (a dialog opened from it). */
export function focusedControl() {
  return focused();
}
