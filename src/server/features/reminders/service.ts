import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import type { ReminderSettings, SaveReminderSettings } from "../../../shared/schemas/reminders.ts";
import type { Database } from "../../db/index.ts";
import { reminderNotices, reminderPreferences, user } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { calendarToken, hashCalendarToken, userOfUnsubscribeToken } from "./tokens.ts";

/** What the reminder services need of the configuration. */
export interface ReminderKeys {
  authSecret: string;
  publicUrl: string;
}

export function calendarFeedUrl(keys: ReminderKeys, token: string): string {
  return `${keys.publicUrl}/api/calendar/${token}/velolog.ics`;
}

export async function getReminderSettings(
  db: Database,
  keys: ReminderKeys,
  userId: string,
): Promise<ReminderSettings> {
  const [row] = await db
    .select({ emailDigest: reminderPreferences.emailDigest, calendarKey: reminderPreferences.calendarKey })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  return {
    // Reminders are on until the user turns them off (decision 0044).
    emailDigest: row?.emailDigest ?? true,
    calendarUrl: row?.calendarKey
      ? calendarFeedUrl(keys, calendarToken(keys.authSecret, userId, row.calendarKey))
      : null,
  };
}

export async function saveReminderSettings(
  db: Database,
  keys: ReminderKeys,
  userId: string,
  input: SaveReminderSettings,
): Promise<ReminderSettings> {
  const [before] = await db
    .select({ emailDigest: reminderPreferences.emailDigest })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  await db
    .insert(reminderPreferences)
    .values({ userId, emailDigest: input.emailDigest })
    .onConflictDoUpdate({
      target: reminderPreferences.userId,
      set: { emailDigest: input.emailDigest, updatedAt: sql`now()` },
    });
  // Turned on again: what was told before is forgotten, so the next digest tells what is due now. While
  // the digest was off nothing saw an interval serviced and due again, which would otherwise never be told.
  if (input.emailDigest && before?.emailDigest === false) {
    await db.delete(reminderNotices).where(eq(reminderNotices.userId, userId));
  }
  return getReminderSettings(db, keys, userId);
}

/** A new private calendar URL; the previous one stops working at once. */
export async function newCalendarLink(
  db: Database,
  keys: ReminderKeys,
  userId: string,
): Promise<ReminderSettings> {
  const calendarKey = randomBytes(16).toString("base64url");
  const calendarTokenHash = hashCalendarToken(calendarToken(keys.authSecret, userId, calendarKey));
  await db
    .insert(reminderPreferences)
    .values({ userId, calendarKey, calendarTokenHash })
    .onConflictDoUpdate({
      target: reminderPreferences.userId,
      set: { calendarKey, calendarTokenHash, updatedAt: sql`now()` },
    });
  return getReminderSettings(db, keys, userId);
}

/** Turns the calendar feed off: its address is a 404 at once, and Settings offers to make a new one. */
export async function stopCalendarFeed(
  db: Database,
  keys: ReminderKeys,
  userId: string,
): Promise<ReminderSettings> {
  await db
    .update(reminderPreferences)
    .set({ calendarKey: null, calendarTokenHash: null, updatedAt: sql`now()` })
    .where(eq(reminderPreferences.userId, userId));
  return getReminderSettings(db, keys, userId);
}

/** Turns the digest off for the user an unsubscribe link was made for; needs no session. */
export async function unsubscribe(db: Database, authSecret: string, token: string): Promise<void> {
  const userId = userOfUnsubscribeToken(authSecret, token);
  if (!userId) throw new AppError("NOT_FOUND", messages.reminders.unsubscribeInvalid);
  // A signed link of an account deleted since is as invalid as a forged one.
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!owner) throw new AppError("NOT_FOUND", messages.reminders.unsubscribeInvalid);
  await db
    .insert(reminderPreferences)
    .values({ userId, emailDigest: false })
    .onConflictDoUpdate({
      target: reminderPreferences.userId,
      set: { emailDigest: false, updatedAt: sql`now()` },
    });
}

/** The owner of a calendar feed token, or NOT_FOUND (also for a token replaced by a new link). */
export async function calendarOwner(db: Database, token: string): Promise<string> {
  const [row] = await db
    .select({ userId: reminderPreferences.userId })
    .from(reminderPreferences)
    .where(eq(reminderPreferences.calendarTokenHash, hashCalendarToken(token)));
  if (!row) throw new AppError("NOT_FOUND", messages.reminders.calendarNotFound);
  return row.userId;
}
