import type { QueryClient } from "@tanstack/react-query";

/**
 * Checkout and the customer portal open in a tab of their own: when the plan changes there (a test checkout
 * confirmed, Premium cancelled or kept, Stripe's success page finding Premium), the tab Upgrade was pressed
 * in is told, and reads the plan and the bicycles (whose limit it sets) again instead of showing the old plan.
 */
const CHANNEL = "velolog-plan";

/** This tab's end of the channel: a channel never hears its own messages, so each tab hears only the others. */
let channel: BroadcastChannel | null = null;

/**
 * The plan and the bicycles read again. The key is lib/subscription.ts's `subscriptionKey`, written out so that
 * this module, loaded with the query client, does not bring the API client with it.
 */
function readPlanAgain(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["subscription"] }),
    queryClient.invalidateQueries({ queryKey: ["bicycles"] }),
  ]);
}

/** The plan changed in this tab: it reads the plan again, and tells this app's other tabs to. */
export function planChanged(queryClient: QueryClient): Promise<unknown> {
  channel?.postMessage("plan-changed");
  return readPlanAgain(queryClient);
}

/** Every tab listens from the query client's start (lib/query.tsx). */
export function followPlanChanges(queryClient: QueryClient): void {
  // Browsers only: in Node (the build's prerendering) an open channel would keep the process alive.
  if (typeof window === "undefined" || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => void readPlanAgain(queryClient);
}
