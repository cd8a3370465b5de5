import type { ImportedComponent } from "../../../shared/schemas/import.ts";
import type { Database } from "../../db/index.ts";
import { components } from "../../db/schema.ts";
import { placeComponents } from "../components/installations.ts";

/** Saves reviewed components into the user's parts bin, with their first period there, in one transaction. */
export async function importToPartsBin(
  db: Database,
  userId: string,
  found: ImportedComponent[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(components)
      .values(found.map((c) => ({ userId, bicycleId: null, name: c.name, type: c.type, brand: c.brand })))
      .returning({ id: components.id });
    await placeComponents(
      tx,
      userId,
      rows.map((row) => row.id),
      null,
    );
    return rows.length;
  });
}
