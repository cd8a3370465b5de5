import { defaultIntervalsFor } from "../../../shared/domain/service-intervals.ts";
import type { ImportedComponent } from "../../../shared/schemas/import.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import type { Database } from "../../db/index.ts";
import { components } from "../../db/schema.ts";
import { installationStart, placeComponents } from "../components/installations.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { addIntervals } from "../intervals/service.ts";
import { getSettings } from "../settings/service.ts";

/**
 * Saves reviewed components on the user's bicycle, or in the parts bin when `bicycleId` is null, in the
 * order of the sheet, with their first installation period (from `installedAt`, a date, else now) and, when
 * asked, the suggested service intervals, in one transaction.
 */
export async function importComponents(
  db: Database,
  userId: string,
  found: ImportedComponent[],
  bicycleId: string | null,
  addSuggestedIntervals = false,
  installedAt: string | null = null,
): Promise<number> {
  if (bicycleId) await assertOwnBicycle(db, userId, bicycleId);
  // Rows of one statement share a timestamp and their random ids would decide the order. A bicycle lists
  // its parts oldest first and the parts bin most recently changed first, so each row gets its own
  // millisecond: created ascending and updated descending in the sheet's order (updated never before created).
  const timeZone = installedAt ? (await getSettings(db, userId)).timeZone : DEFAULT_TIME_ZONE;
  const now = Date.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(components)
      .values(
        found.map((c, index) => ({
          userId,
          bicycleId,
          name: c.name,
          type: c.type,
          brand: c.brand,
          createdAt: new Date(now - 2 * found.length + index),
          updatedAt: new Date(now - index),
        })),
      )
      .returning({ id: components.id });
    await placeComponents(
      tx,
      userId,
      rows.map((row) => row.id),
      bicycleId,
      installationStart(installedAt, new Date(now - 2 * found.length), timeZone),
    );
    if (addSuggestedIntervals) {
      const suggested = rows.flatMap(({ id }, index) => {
        const { type, name } = found[index]!;
        return defaultIntervalsFor(type, name).map((interval) => ({ componentId: id, interval }));
      });
      await addIntervals(tx, userId, suggested);
    }
    return rows.length;
  });
}
