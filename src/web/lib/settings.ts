import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
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

/** The browser's IANA time zone, or null when it tells none, read in a worker (time-zone.worker.ts). */
function readBrowserTimeZone(): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./time-zone.worker.ts", import.meta.url), { type: "module" });
    const done = (zone: string | null) => {
      worker.terminate();
      resolve(zone);
    };
    worker.onmessage = (event: MessageEvent<string | null>) => done(event.data);
    worker.onerror = () => done(null);
  });
}

// Once per app load: a failed save is not retried until the next load, and tells the rider nothing.
let timeZoneChecked = false;

/**
 * Keeps the rider's stored time zone the browser's (decision 0060): once the settings are read, a zone that
 * differs is saved, silently; what is due is read again in it. Rendered once per page by QueryProvider.
 */
export function useTimeZoneSync(): void {
  const settings = useSettings();
  const save = useSaveSettings();
  const stored = settings.data?.timeZone;
  const { mutate } = save;
  useEffect(() => {
    if (timeZoneChecked || stored === undefined) return;
    timeZoneChecked = true;
    void readBrowserTimeZone().then((zone) => {
      if (zone && zone !== stored) mutate({ timeZone: zone });
    });
  }, [stored, mutate]);
}
