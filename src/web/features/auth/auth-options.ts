import { useQuery } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import type { AuthOptions } from "../../../shared/schemas/health.ts";

export type { AuthOptions };

/** Whether Google sign-in is configured; asked once per page load. */
export function useAuthOptions() {
  return useQuery({
    queryKey: ["auth-options"],
    queryFn: () => call(client["auth-options"].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Query strings linking Google comes back to /account with (sign-in-methods-card.tsx, auth-callback.tsx). */
export const LINKED_PARAM = "linked";
export const LINK_ERROR_PARAM = "link";
