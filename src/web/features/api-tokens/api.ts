import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, byId, call, client } from "@/lib/api-client.ts";
import type { CreateApiTokenInput } from "../../../shared/schemas/api-token.ts";

const tokensKey = ["api-tokens"] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: tokensKey,
    queryFn: () => call(client["api-tokens"].$get()).then((r) => r.tokens),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => call(client["api-tokens"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    // Already revoked (in another tab, or by a password change): what the user asked for is done.
    mutationFn: (id: string) =>
      call(client["api-tokens"][":id"].$delete(byId(id))).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}
