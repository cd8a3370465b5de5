import type { QueryClient } from "@tanstack/react-query";

/**
 * Checkout and the customer portal open in a tab of their own: when the plan changes there (a test checkout
 * confirmed, Premium cancelled or kept, Stripe's success page finding Premium), the tab Upgrade was pressed
 * in is told, and reads the plan and the bicycles (whose limit it sets) again instead of showing the old plan.
 */
const CHANNEL = "velolog-plan";

/** Tells this app's other tabs (and this one) that the plan changed. */
export function announcePlanChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("plan-changed");
  channel.close();
}

/** Every tab listens: a changed plan marks the plan and the bicycles (and the dashboard) stale and refetches them. */
export function followPlanChanges(queryClient: QueryClient): void {
  // Browsers only: in Node (the build's prerendering) an open channel would keep the process alive.
  if (typeof window === "undefined" || typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    void queryClient.invalidateQueries({ queryKey: ["subscription"] });
    void queryClient.invalidateQueries({ queryKey: ["bicycles"] });
  };
}
