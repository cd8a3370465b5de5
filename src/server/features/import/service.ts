import type { ImportedComponent } from "../../../shared/schemas/import.ts";
import type { Database } from "../../db/index.ts";
import { components } from "../../db/schema.ts";
import { assertOwnBicycle } from "../components/service.ts";

/**
 * Saves reviewed components on the user's bicycle, or in the parts bin when `bicycleId` is null, all in one
 * statement, in the order of the sheet.
 */
export async function importComponents(
  db: Database,
  userId: string,
  found: ImportedComponent[],
  bicycleId: string | null,
): Promise<number> {
  if (bicycleId) await assertOwnBicycle(db, userId, bicycleId);
  // Rows of one statement share a timestamp and their random ids would decide the order. A bicycle lists
  // its parts oldest first and the parts bin most recently changed first, so each row gets its own
  // millisecond: created ascending and updated descending in the sheet's order (updated never before created).
  const now = Date.now();
  const rows = await db
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
  return rows.length;
}
