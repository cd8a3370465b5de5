import { useQuery } from "@tanstack/react-query";
import { authLibraryError } from "@/lib/api-client.ts";
import { authClient } from "@/lib/auth-client.ts";

export const ACCOUNTS_KEY = ["auth-accounts"] as const;

/** How the signed-in user can sign in: "credential" (a password) and linked providers such as "google". */
export function useSignInAccounts() {
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw authLibraryError(error);
      return data;
    },
  });
}
