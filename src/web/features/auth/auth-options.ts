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

/** Query strings an email confirmation link brings /auth: the link failed, or the address is already confirmed. */
export const CONFIRMATION_LINK_ERROR = "confirmation_link";
export const EMAIL_CONFIRMED_PARAM = "confirmed";
