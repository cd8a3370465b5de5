import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import type { DashboardStats } from "../../../shared/schemas/dashboard.ts";

export function useDashboard(enabled = true) {
  return useQuery({
    queryKey: ["bicycles", "dashboard"],
    queryFn: () => call(client.dashboard.$get()),
    enabled,
  });
}

/** What the dashboard shows when its data could not be loaded (SPEC.md: stats fall back to zeros). */
export const emptyDashboard: DashboardStats = {
  totalBicycles: 0,
  totalComponents: 0,
  componentsOnBicycles: 0,
  componentsInPartsBin: 0,
  totalServiceEntries: 0,
  totalCost: 0,
  recentServices: [],
  bicycles: [],
  plan: { tier: "free", bicycleLimit: 1 },
};
