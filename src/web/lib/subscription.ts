import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SubscriptionStatus } from "../../shared/schemas/subscription.ts";
import { api } from "./api-client.ts";

/** The signed-in user's plan: used by bicycles (the limit), billing and the account page. */
export const subscriptionKey = ["subscription"] as const;

export const subscriptionQuery = () =>
  queryOptions({ queryKey: subscriptionKey, queryFn: () => api<SubscriptionStatus>("/subscription") });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQuery(), enabled });
}
