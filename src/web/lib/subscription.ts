import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, client } from "./api-client.ts";

/** The signed-in user's plan: used by bicycles (the limit), billing and the account page. */
export const subscriptionKey = ["subscription"] as const;

export const subscriptionQuery = () =>
  queryOptions({ queryKey: subscriptionKey, queryFn: () => call(client.subscription.$get()) });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQuery(), enabled });
}
