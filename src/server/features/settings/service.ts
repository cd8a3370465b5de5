import { eq, sql } from "drizzle-orm";
import type { DistanceUnit } from "../../../shared/domain/distance.ts";
import type { Settings } from "../../../shared/schemas/settings.ts";
import type { Database } from "../../db/index.ts";
import { userSettings } from "../../db/schema.ts";

export async function getSettings(db: Pick<Database, "select">, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return { distanceUnit: (row?.distanceUnit as DistanceUnit | undefined) ?? "km" };
}

export async function saveSettings(db: Database, userId: string, settings: Settings): Promise<Settings> {
  await db
    .insert(userSettings)
    .values({ userId, distanceUnit: settings.distanceUnit })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { distanceUnit: settings.distanceUnit, updatedAt: sql`now()` },
    });
  return getSettings(db, userId);
}
