import type { PlanTier } from "../domain/plans.ts";
import type { Bicycle } from "./bicycle.ts";
import type { ServiceEntry } from "./service-entry.ts";

export interface DashboardStats {
  totalBicycles: number;
  totalComponents: number;
  componentsOnBicycles: number;
  componentsInPartsBin: number;
  totalServiceEntries: number;
  /** The sum of all the user's service costs (not only the recent ones). */
  totalCost: number;
  recentServices: ServiceEntry[];
  bicycles: Bicycle[];
  /** bicycleLimit null: no limit (billing mode "off"). */
  plan: { tier: PlanTier; bicycleLimit: number | null };
}

export const RECENT_SERVICES_LIMIT = 5;
