import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";

/** What the server offers besides email and password (GET /api/auth-options). */
export interface AuthOptions {
  google: boolean;
}

/** Whether Google sign-in is configured; asked once per page load. */
export function useAuthOptions() {
  return useQuery({
    queryKey: ["auth-options"],
    queryFn: () => api<AuthOptions>("/auth-options"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Query strings linking Google comes back to /account with (sign-in-methods-card.tsx, auth-callback.tsx). */
export const LINKED_PARAM = "linked";
export const LINK_ERROR_PARAM = "link";
