import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { unguardCell } from "../../../shared/domain/csv.ts";
import {
  EARLIEST_IMPORT_DATE,
  type ImportReceipt,
  MAX_DESCRIPTION,
  MAX_RECEIPT_URL,
  parseImportCost,
  parseImportDate,
  parseImportReceipt,
} from "../../../shared/domain/service-csv.ts";
import { latestToday } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import type {
  ServiceCsvImportResult,
  ServiceCsvRowResult,
  serviceCsvImportSchema,
} from "../../../shared/schemas/csv.ts";
import { fileUrl } from "../../../shared/schemas/file.ts";
import type { Database } from "../../db/index.ts";
import {
  bicycles,
  components,
  serviceEntries,
  serviceEntryIntervals,
  serviceIntervals,
  user,
} from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { assertOwnBicycle } from "../components/service.ts";
import { attachability } from "../files/service.ts";
import { RECEIPT_PURPOSES } from "../services/service.ts";

const m = messages.csv;

type Input = z.output<typeof serviceCsvImportSchema>;
type Reader = Pick<Database, "select">;

/** Names compared as a person would: case, surrounding and repeated spaces aside. */
const sameName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** What makes two entries the same: component, date, description and cost. */
const entryKey = (componentId: string, date: string, description: string, cost: number) =>
  JSON.stringify([componentId, date, description, cost.toFixed(2)]);

/** The user's components that names may mean: one bicycle's, or all (the parts bin's too). */
async function candidateComponents(db: Reader, userId: string, bicycleId: string | null) {
  return db
    .select({
      id: components.id,
      name: components.name,
      bicycleName: bicycles.name,
    })
    .from(components)
    .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
    .where(and(eq(components.userId, userId), bicycleId ? eq(components.bicycleId, bicycleId) : undefined));
}

/**
 * The components a row without a bicycle names. A blank cell in a mapped bicycle column is how our own export
 * writes the parts bin, so there a part in the bin is preferred; without such a part, any of that name.
 */
function preferPartsBin<T extends { bicycleName: string | null }>(
  named: T[],
  bicycleColumnMapped: boolean,
): T[] {
  const inBin = bicycleColumnMapped ? named.filter((c) => c.bicycleName === null) : [];
  return inBin.length > 0 ? inBin : named;
}

type Verdicts = Awaited<ReturnType<typeof attachability>>;

/**
 * A row's receipt as the entry would keep it, or the error naming it. One of this app's files must be one the
 * user may attach as a receipt, as in the service form; it is kept as `/api/files/<id>`, which is what keeps
 * the file in use (never swept as unattached).
 */
function receiptOf(
  row: number,
  text: string,
  receipt: ImportReceipt,
  verdicts: Verdicts,
): { receiptUrl: string | null; error?: string } {
  const shown = text.trim();
  switch (receipt.kind) {
    case "none":
      return { receiptUrl: null };
    case "link":
      return { receiptUrl: receipt.url };
    case "invalid":
      return { receiptUrl: null, error: m.receiptInvalid(row, shown) };
    case "tooLong":
      return { receiptUrl: null, error: m.receiptTooLong(row, MAX_RECEIPT_URL) };
    case "file": {
      const verdict = receipt.id ? verdicts.get(receipt.id) : "not yours";
      if (verdict === "yours") return { receiptUrl: fileUrl(receipt.id!) };
      const error = verdict === "wrong purpose" ? m.receiptWrongPurpose : m.receiptNotYours;
      return { receiptUrl: null, error: error(row, shown) };
    }
  }
}

/** Each row read and checked, with what it would become; nothing written. */
async function evaluate(
  db: Reader,
  userId: string,
  input: Input,
  publicUrl: string,
): Promise<ServiceCsvRowResult[]> {
  const owned = await candidateComponents(db, userId, input.bicycleId);
  const byName = Map.groupBy(owned, (c) => sameName(c.name));
  const bicycleNames = new Set(
    (await db.select({ name: bicycles.name }).from(bicycles).where(eq(bicycles.userId, userId))).map((b) =>
      sameName(b.name),
    ),
  );

  const receipts = input.rows.map((cells) => parseImportReceipt(cells.receipt, publicUrl));
  const verdicts = await attachability(
    db,
    userId,
    receipts.flatMap((r) => (r.kind === "file" && r.id ? [r.id] : [])),
    RECEIPT_PURPOSES,
  );

  const latest = latestToday();
  /** The components an ambiguous row's name may mean, by the row's index: settled by an entry already logged. */
  const ambiguous = new Map<number, (typeof owned)[number][]>();
  const results = input.rows.map((cells, index): ServiceCsvRowResult => {
    const { row } = cells;
    const errors: string[] = [];
    const dateText = cells.date.trim();
    const date = parseImportDate(dateText, input.dateFormat);
    if (!dateText) errors.push(m.dateMissing(row));
    else if (!date) errors.push(m.dateInvalid(row, dateText));
    // As the service form and API (decision 0059): a service is not logged for a day not yet come.
    else if (date > latest) errors.push(m.dateInFuture(row, dateText));
    else if (date < EARLIEST_IMPORT_DATE) errors.push(m.dateTooEarly(row, dateText));

    const componentText = unguardCell(cells.component.trim());
    const bicycleText = unguardCell((cells.bicycle ?? "").trim());
    let component: (typeof owned)[number] | null = null;
    if (!componentText) errors.push(m.componentMissing(row));
    else if (bicycleText && !bicycleNames.has(sameName(bicycleText))) {
      errors.push(m.bicycleUnknown(row, bicycleText));
    } else {
      const named = byName.get(sameName(componentText)) ?? [];
      const matches = bicycleText
        ? named.filter((c) => c.bicycleName !== null && sameName(c.bicycleName) === sameName(bicycleText))
        : preferPartsBin(named, cells.bicycle !== undefined);
      if (matches.length === 0) errors.push(m.componentUnknown(row, componentText));
      else if (matches.length > 1) {
        errors.push(m.componentAmbiguous(row, componentText, matches.length));
        ambiguous.set(index, matches);
      } else component = matches[0]!;
    }

    const description = unguardCell(cells.description.trim());
    if (!description) errors.push(m.descriptionMissing(row));
    else if (description.length > MAX_DESCRIPTION) errors.push(m.descriptionTooLong(row, MAX_DESCRIPTION));

    const parsedCost = parseImportCost(cells.cost);
    if (parsedCost === null) errors.push(m.costInvalid(row, cells.cost.trim()));
    if (parsedCost === "ambiguous") errors.push(m.costAmbiguous(row, cells.cost.trim()));
    const cost = typeof parsedCost === "number" ? parsedCost : null;

    const receipt = receiptOf(row, cells.receipt, receipts[index]!, verdicts);
    if (receipt.error) errors.push(receipt.error);

    return {
      row,
      status: errors.length > 0 ? "error" : "new",
      date,
      componentId: component?.id ?? null,
      componentName: component?.name ?? null,
      bicycleName: component?.bicycleName ?? null,
      description,
      cost,
      receiptUrl: receipt.receiptUrl,
      errors,
    };
  });

  // Rows the same as an entry already logged, or as an earlier row of the file, are skipped.
  const componentIds = [
    ...new Set([
      ...results.flatMap((r) => (r.componentId ? [r.componentId] : [])),
      ...[...ambiguous.values()].flat().map((c) => c.id),
    ]),
  ];
  const logged = new Set(
    componentIds.length === 0
      ? []
      : (
          await db
            .select({
              componentId: serviceEntries.componentId,
              date: serviceEntries.date,
              description: serviceEntries.description,
              cost: serviceEntries.cost,
            })
            .from(serviceEntries)
            .where(and(eq(serviceEntries.userId, userId), inArray(serviceEntries.componentId, componentIds)))
        ).map((e) => entryKey(e.componentId, e.date, e.description, Number(e.cost))),
  );
  const seen = new Set<string>();
  results.forEach((result, index) => {
    const candidates = ambiguous.get(index);
    if (candidates) {
      // Two parts of one name on a bicycle (front and rear pads), as our own export writes them: a row that
      // is an entry already logged on one of them, not yet matched by an earlier row, is that entry. Otherwise
      // the name stays ambiguous: a new entry is never put on one of them at random.
      if (result.errors.length !== 1 || result.date === null || result.cost === null) return;
      const key = (c: (typeof candidates)[number]) =>
        entryKey(c.id, result.date!, result.description, result.cost!);
      const held = candidates.find((c) => logged.has(key(c)) && !seen.has(key(c)));
      if (!held) return;
      seen.add(key(held));
      Object.assign(result, {
        status: "duplicate",
        componentId: held.id,
        componentName: held.name,
        bicycleName: held.bicycleName,
        errors: [],
      });
      return;
    }
    if (result.status !== "new") return;
    const key = entryKey(result.componentId!, result.date!, result.description, result.cost!);
    if (logged.has(key) || seen.has(key)) result.status = "duplicate";
    seen.add(key);
  });
  return results;
}

function summary(rows: ServiceCsvRowResult[], imported: number): ServiceCsvImportResult {
  return { imported, skipped: rows.filter((r) => r.status === "duplicate").length, rows };
}

/**
 * Imports service records read from a spreadsheet: every row is checked (its date, a component of the
 * user's by name, its description, cost and receipt; `publicUrl` is this app's address, which the download
 * writes before its receipts' file addresses), and either all new rows are written in one transaction or,
 * when any row is wrong, none is and the answer names each row and field at fault. A dry run answers what
 * would happen. Rows the same as an entry already logged are skipped and counted.
 */
export async function importServiceCsv(
  db: Database,
  userId: string,
  input: Input,
  publicUrl: string,
): Promise<ServiceCsvImportResult> {
  if (input.bicycleId) await assertOwnBicycle(db, userId, input.bicycleId);
  if (input.dryRun) return summary(await evaluate(db, userId, input, publicUrl), 0);

  return db.transaction(async (tx) => {
    // One import at a time per user, so that two at once cannot both find a row new and write it twice.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const rows = await evaluate(tx, userId, input, publicUrl);
    const bad = rows.filter((r) => r.status === "error");
    if (bad.length > 0) {
      const fields = Object.fromEntries(
        bad.flatMap((r) => r.errors.map((e, i) => [`rows.${r.row}.${i}`, e])),
      );
      throw new AppError("VALIDATION", m.rowsInvalid(bad.length), fields);
    }
    const fresh = rows.filter((r) => r.status === "new");
    for (let start = 0; start < fresh.length; start += 500) {
      const chunk = fresh.slice(start, start + 500);
      const inserted = await tx
        .insert(serviceEntries)
        .values(
          chunk.map((r) => ({
            userId,
            componentId: r.componentId!,
            date: r.date!,
            description: r.description,
            cost: r.cost!.toFixed(2),
            receiptUrl: r.receiptUrl,
          })),
        )
        .returning({ id: serviceEntries.id, componentId: serviceEntries.componentId });
      await resetOnlyIntervals(tx, userId, inserted);
    }
    return summary(rows, fresh.length);
  });
}

/**
 * As a service logged by hand (features/intervals' `setEntryResets` for a new entry): an entry resets its
 * component's interval when the component has exactly one.
 */
async function resetOnlyIntervals(
  tx: Pick<Database, "select" | "insert">,
  userId: string,
  entries: { id: string; componentId: string }[],
) {
  const componentIds = [...new Set(entries.map((e) => e.componentId))];
  if (componentIds.length === 0) return;
  const intervals = await tx
    .select({ componentId: serviceIntervals.componentId, id: serviceIntervals.id })
    .from(serviceIntervals)
    .where(and(eq(serviceIntervals.userId, userId), inArray(serviceIntervals.componentId, componentIds)));
  const intervalsOf = Map.groupBy(intervals, (i) => i.componentId);
  const links = entries.flatMap((entry) => {
    const intervals = intervalsOf.get(entry.componentId) ?? [];
    return intervals.length === 1 ? [{ serviceEntryId: entry.id, intervalId: intervals[0]!.id }] : [];
  });
  if (links.length > 0) await tx.insert(serviceEntryIntervals).values(links);
}
