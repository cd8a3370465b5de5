import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";

/** Under "services": every service and component change already refreshes that key. */
export const spendingKey = ["services", "spending"] as const;

export function useSpending() {
  return useQuery({ queryKey: spendingKey, queryFn: () => call(client.spending.$get()) });
}
