import { and, desc, eq, lt, or } from "drizzle-orm";
import { csvRow, UTF8_BOM } from "../../../shared/domain/csv.ts";
import { type DistanceUnit, KM_PER_MILE } from "../../../shared/domain/distance.ts";
import type { CsvEntity } from "../../../shared/schemas/csv.ts";
import type { Database } from "../../db/index.ts";
import { bicycles, components, rides, serviceEntries } from "../../db/schema.ts";
import { listBicycles } from "../bicycles/service.ts";
import { listAllComponents } from "../components/service.ts";
import { getSettings } from "../settings/service.ts";

/** Rows read per statement for the long lists (rides, service entries): memory stays flat at 10,000 rides. */
const PAGE = 500;

/** Money as the service log keeps it (US dollars, decision 0045's costs). */
const CURRENCY = "USD";

/** A distance in the user's unit, to `decimals` places, as a plain number (no thousands separators). */
function inUnit(km: number, unit: DistanceUnit, decimals = 1): number {
  const factor = 10 ** decimals;
  return Math.round((unit === "mi" ? km / KM_PER_MILE : km) * factor) / factor;
}

/** An instant as ISO 8601 in UTC, to the second: 2024-05-01T07:30:00Z. */
function instant(value: Date | string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Hours of moving time to one decimal, or empty when there is none. */
function hours(seconds: number): number | null {
  return seconds > 0 ? Math.round(seconds / 360) / 10 : null;
}

/** Moving time as h:mm:ss, which spreadsheets read as a duration. */
function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

async function* bicycleRows(db: Database, userId: string, unit: DistanceUnit) {
  yield csvRow([
    "Name",
    "Description",
    "Purchase date",
    `Price (${CURRENCY})`,
    "Condition",
    "Store",
    "Store link",
    "Serial number",
    "Components",
    `Distance (${unit})`,
    "Moving time (h)",
    `Service cost (${CURRENCY})`,
    "Created at",
  ]);
  for (const bicycle of await listBicycles(db, userId)) {
    yield csvRow([
      bicycle.name,
      bicycle.description,
      bicycle.purchaseDate,
      bicycle.price,
      bicycle.purchaseCondition,
      bicycle.storeName,
      bicycle.storeLink,
      bicycle.serialNumber,
      bicycle.componentCount,
      inUnit(bicycle.distanceKm, unit),
      hours(bicycle.movingSeconds),
      bicycle.serviceCost,
      instant(bicycle.createdAt),
    ]);
  }
}

async function* componentRows(db: Database, userId: string, unit: DistanceUnit) {
  yield csvRow([
    "Bicycle",
    "Name",
    "Type",
    "Brand",
    `Distance (${unit})`,
    `Distance before rides (${unit})`,
    "Moving time (h)",
    "Services",
    "Notes",
    "Created at",
  ]);
  for (const component of await listAllComponents(db, userId)) {
    yield csvRow([
      component.bicycleName,
      component.name,
      component.type,
      component.brand,
      inUnit(component.distance, unit),
      inUnit(component.mileage, unit),
      hours(component.movingSeconds),
      component.serviceCount,
      component.notes,
      instant(component.createdAt),
    ]);
  }
}

/**
 * Service entries, newest first, a page at a time: each page continues after the last row of the one
 * before (date, then id), so no page re-reads what came before.
 */
async function* serviceRows(db: Database, userId: string, publicUrl: string) {
  yield csvRow([
    "Date",
    "Bicycle",
    "Component",
    "Description",
    `Cost (${CURRENCY})`,
    "Receipt",
    "Created at",
  ]);
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        id: serviceEntries.id,
        date: serviceEntries.date,
        description: serviceEntries.description,
        cost: serviceEntries.cost,
        receiptUrl: serviceEntries.receiptUrl,
        createdAt: serviceEntries.createdAt,
        componentName: components.name,
        bicycleName: bicycles.name,
      })
      .from(serviceEntries)
      .innerJoin(components, eq(components.id, serviceEntries.componentId))
      .leftJoin(bicycles, eq(bicycles.id, components.bicycleId))
      .where(
        and(
          eq(serviceEntries.userId, userId),
          after
            ? or(
                lt(serviceEntries.date, after.date),
                and(eq(serviceEntries.date, after.date), lt(serviceEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(serviceEntries.date), desc(serviceEntries.id))
      .limit(PAGE);
    // One chunk per page: a few hundred rows per write rather than one write per row.
    yield page
      .map((entry) =>
        csvRow([
          entry.date,
          entry.bicycleName,
          entry.componentName,
          entry.description,
          Number(entry.cost),
          // Our own file URLs are relative; the sheet gets the whole address (it opens for the signed-in owner).
          entry.receiptUrl?.startsWith("/") ? `${publicUrl}${entry.receiptUrl}` : entry.receiptUrl,
          instant(entry.createdAt),
        ]),
      )
      .join("");
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { date: last.date, id: last.id };
  }
}

/**
 * Rides, newest first, a page at a time after the last (start, id) read. Starts are written from
 * JavaScript dates (ride files, the form, Strava), so they hold milliseconds at most and compare exactly.
 */
async function* rideRows(db: Database, userId: string, unit: DistanceUnit) {
  yield csvRow([
    "Started at",
    "Bicycle",
    "Name",
    `Distance (${unit})`,
    "Moving time",
    "Elevation gain (m)",
    "Source",
  ]);
  let after: { startedAt: Date; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        id: rides.id,
        startedAt: rides.startedAt,
        name: rides.name,
        distanceKm: rides.distanceKm,
        movingSeconds: rides.movingSeconds,
        elevationGainM: rides.elevationGainM,
        source: rides.source,
        bicycleName: bicycles.name,
      })
      .from(rides)
      .innerJoin(bicycles, eq(bicycles.id, rides.bicycleId))
      .where(
        and(
          eq(rides.userId, userId),
          after
            ? or(
                lt(rides.startedAt, after.startedAt),
                and(eq(rides.startedAt, after.startedAt), lt(rides.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(rides.startedAt), desc(rides.id))
      .limit(PAGE);
    yield page
      .map((ride) =>
        csvRow([
          instant(ride.startedAt),
          ride.bicycleName,
          ride.name,
          inUnit(Number(ride.distanceKm), unit, 2),
          duration(ride.movingSeconds),
          ride.elevationGainM,
          ride.source,
        ]),
      )
      .join("");
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    after = { startedAt: last.startedAt, id: last.id };
  }
}

/**
 * One entity's CSV, the byte-order mark and the header first, then its rows as they are read: a caller
 * streams it without holding the file.
 */
export async function* csvExport(
  db: Database,
  userId: string,
  entity: CsvEntity,
  publicUrl: string,
): AsyncGenerator<string> {
  const { distanceUnit } = await getSettings(db, userId);
  yield UTF8_BOM;
  switch (entity) {
    case "bicycles":
      yield* bicycleRows(db, userId, distanceUnit);
      return;
    case "components":
      yield* componentRows(db, userId, distanceUnit);
      return;
    case "services":
      yield* serviceRows(db, userId, publicUrl);
      return;
    case "rides":
      yield* rideRows(db, userId, distanceUnit);
      return;
  }
}
