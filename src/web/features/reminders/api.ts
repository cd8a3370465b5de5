import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import type { SaveReminderSettings } from "../../../shared/schemas/reminders.ts";

const remindersKey = ["reminders"] as const;

export function useReminderSettings() {
  return useQuery({ queryKey: remindersKey, queryFn: () => call(client.reminders.$get()) });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveReminderSettings) => call(client.reminders.$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
  });
}

export function useNewCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.reminders["calendar-link"].$post()),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
  });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.reminders["calendar-link"].$delete()),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey, saved),
  });
}

/** Used by the unsubscribe page, without a session: the token is the mail link's. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => call(client.reminders.unsubscribe.$post({ json: { token } })),
  });
}
