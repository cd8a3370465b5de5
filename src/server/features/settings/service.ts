import { eq, sql } from "drizzle-orm";
import type { DistanceUnit } from "../../../shared/domain/distance.ts";
import { DEFAULT_DUE_SOON_PERCENT } from "../../../shared/domain/interval-status.ts";
import { messages } from "../../../shared/messages.ts";
import type { Settings, SettingsInput } from "../../../shared/schemas/settings.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/index.ts";
import { userSettings } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export async function getSettings(db: Pick<Database, "select">, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    distanceUnit: (row?.distanceUnit as DistanceUnit | undefined) ?? "km",
    dueSoonPercent: row?.dueSoonPercent ?? DEFAULT_DUE_SOON_PERCENT,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Saves the fields given; those left out keep their value. */
export async function saveSettings(db: Database, userId: string, input: SettingsInput): Promise<Settings> {
  if (input.timeZone) await assertDatabaseKnows(db, input.timeZone);
  const changes = {
    ...(input.distanceUnit ? { distanceUnit: input.distanceUnit } : {}),
    ...(input.dueSoonPercent ? { dueSoonPercent: input.dueSoonPercent } : {}),
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: sql`now()` } });
  return getSettings(db, userId);
}

/** A zone newer than the database's time zone data would fail every statement that uses it: refused here. */
async function assertDatabaseKnows(db: Database, timeZone: string): Promise<void> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
  } catch {
    const message = messages.settings.timeZoneInvalid;
    throw new AppError("VALIDATION", message, { timeZone: message });
  }
}
