import { z } from "zod";
import { messages } from "../messages.ts";

/** The user's reminder settings: the daily digest mail's switch and the private calendar feed's URL. */
export const reminderSettingsSchema = z.object({
  emailDigest: z.boolean(),
  /** The feed's private URL, or null before the first one is made. */
  calendarUrl: z.string().nullable(),
});

export const saveReminderSettingsSchema = z.object({
  emailDigest: z.boolean({ error: messages.reminders.emailDigestInvalid }),
});

export const unsubscribeSchema = z.object({
  token: z
    .string({ error: messages.reminders.unsubscribeInvalid })
    .min(1, messages.reminders.unsubscribeInvalid)
    .max(500, messages.reminders.unsubscribeInvalid),
});

export const unsubscribedSchema = z.object({ message: z.string() });

export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export type SaveReminderSettings = z.infer<typeof saveReminderSettingsSchema>;
