import { useSyncExternalStore } from "react";
import { shellMessages } from "../../../shared/shell-messages.ts";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/** True while the browser is offline. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}

/** How far toasts move up while the note shows, so that neither covers the other. */
export const OFFLINE_NOTICE_ROOM = 72;

/**
 * Offline, reads and saves wait for the connection (TanStack Query pauses them, and sends them when it is
 * back): a note says so while it lasts, above the bottom tab bar on phones.
 */
export function OfflineNotice() {
  if (!useOffline()) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 mx-auto w-fit rounded-md border bg-popover px-4 py-2 text-center text-sm text-popover-foreground shadow-lg md:bottom-[calc(1.5rem+env(safe-area-inset-bottom))] print:hidden"
    >
      {shellMessages.offline}
    </p>
  );
}
