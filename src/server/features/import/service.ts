import type { ImportedComponent } from "../../../shared/schemas/import.ts";
import type { Database } from "../../db/index.ts";
import { components } from "../../db/schema.ts";

/** Saves reviewed components into the user's parts bin, all in one statement. */
export async function importToPartsBin(
  db: Database,
  userId: string,
  found: ImportedComponent[],
): Promise<number> {
  const rows = await db
    .insert(components)
    .values(found.map((c) => ({ userId, bicycleId: null, name: c.name, type: c.type, brand: c.brand })))
    .returning({ id: components.id });
  return rows.length;
}
