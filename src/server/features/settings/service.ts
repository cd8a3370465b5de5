import { eq, sql } from "drizzle-orm";
import type { DistanceUnit } from "../../../shared/domain/distance.ts";
import { DEFAULT_DUE_SOON_PERCENT } from "../../../shared/domain/service-intervals.ts";
import type { Settings, SettingsInput } from "../../../shared/schemas/settings.ts";
import type { Database } from "../../db/index.ts";
import { userSettings } from "../../db/schema.ts";

export async function getSettings(db: Pick<Database, "select">, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    distanceUnit: (row?.distanceUnit as DistanceUnit | undefined) ?? "km",
    dueSoonPercent: row?.dueSoonPercent ?? DEFAULT_DUE_SOON_PERCENT,
  };
}

/** Saves the fields given; those left out keep their value. */
export async function saveSettings(db: Database, userId: string, input: SettingsInput): Promise<Settings> {
  const changes = {
    ...(input.distanceUnit ? { distanceUnit: input.distanceUnit } : {}),
    ...(input.dueSoonPercent ? { dueSoonPercent: input.dueSoonPercent } : {}),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: sql`now()` } });
  return getSettings(db, userId);
}
