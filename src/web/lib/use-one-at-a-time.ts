import { useCallback, useRef } from "react";

/**
 * Runs an action unless the one it started before is still under way. A button disabled by a mutation's
 * `isPending` stays clickable until React re-renders, which TanStack Query schedules after the click: a
 * double-click or a second Enter in between would send the request twice. The ref is set in the handler
 * itself, so the second press finds it (decision 0062). Forms submitted through react-hook-form's
 * `handleSubmit` need none: its `isSubmitting` guard is set at once.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback(async (action: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }, []);
}
