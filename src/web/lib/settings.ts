import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DistanceUnit } from "../../shared/domain/distance.ts";
import type { SettingsInput } from "../../shared/schemas/settings.ts";
import { call, client } from "./api-client.ts";
import { invalidateRiderData } from "./query-client.ts";
import { useSession } from "./session.ts";

const settingsKey = ["settings"] as const;

export function useSettings() {
  const { data: session } = useSession();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => call(client.settings.$get()),
    enabled: !!session,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's distance unit; km for visitors and the demo. */
export function useDistanceUnit(): DistanceUnit {
  return useSettings().data?.distanceUnit ?? "km";
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsInput) => call(client.settings.$put({ json: settings })),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // What is due soon follows the user's threshold.
      return invalidateRiderData(queryClient);
    },
  });
}
