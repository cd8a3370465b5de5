/**
 * SQL statements per request for the routes the load benchmark measures, at two data sizes. Used by
 * `query-counts.test.ts` (the counts must not grow with the data) and by `npm run bench` (the table).
 * Everything runs through the whole app (session check included) on a real database.
 */
import { bicycles, components, serviceEntries, subscriptions } from "../db/schema.ts";
import { createTestApp, type DatabaseKind, signUp, type TestApp } from "./test-app.ts";

export interface DataSize {
  name: string;
  bicycles: number;
  componentsPerBicycle: number;
  entriesPerComponent: number;
  shareLinks: number;
}

/** One of everything, and the benchmark's measured user (10 bicycles, 300 components, 3,000 entries, 20 links). */
export const DATA_SIZES: [DataSize, DataSize] = [
  { name: "small", bicycles: 1, componentsPerBicycle: 1, entriesPerComponent: 1, shareLinks: 1 },
  { name: "large", bicycles: 10, componentsPerBicycle: 30, entriesPerComponent: 10, shareLinks: 20 },
];

export interface QueryCountRow {
  route: string;
  /** Statements per request at each data size, by DataSize name. */
  [size: string]: string | number;
}

export interface QueryCounts {
  database: DatabaseKind;
  routes: QueryCountRow[];
}

async function seedRider(t: TestApp, size: DataSize) {
  const rider = await signUp(t.app);
  await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
  const bikes = await t.db
    .insert(bicycles)
    .values(Array.from({ length: size.bicycles }, (_, i) => ({ userId: rider.userId, name: `Bike ${i}` })))
    .returning({ id: bicycles.id });
  const parts = await t.db
    .insert(components)
    .values(
      Array.from({ length: size.bicycles * size.componentsPerBicycle }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bikes[i % bikes.length]!.id,
        name: `Part ${i}`,
        type: "Other",
      })),
    )
    .returning({ id: components.id });
  // One more in the parts bin, so the parts bin has something to list.
  await t.db.insert(components).values({ userId: rider.userId, name: "Spare", type: "Other" });
  const entries = parts.flatMap((part, i) =>
    Array.from({ length: size.entriesPerComponent }, (_, k) => ({
      userId: rider.userId,
      componentId: part.id,
      date: `2024-${String((k % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      description: "Serviced",
      cost: "12.34",
    })),
  );
  for (let i = 0; i < entries.length; i += 500)
    await t.db.insert(serviceEntries).values(entries.slice(i, i + 500));
  let token = "";
  for (let i = 0; i < size.shareLinks; i++) {
    const response = await rider.request("POST", `/api/bicycles/${bikes[i % bikes.length]!.id}/share`, {});
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`share link: ${response.status} ${await response.text()}`);
    token = ((await response.json()) as { link: { token: string } }).link.token;
  }
  return { rider, bike: bikes[0]!.id, part: parts[0]!.id, token };
}

/** The measured routes, as [label, method, path, body]; ids come from the seeded rider. */
function routesOf(seeded: Awaited<ReturnType<typeof seedRider>>): [string, string, string, unknown?][] {
  const { bike, part, token } = seeded;
  return [
    ["GET /api/health (no session)", "GET", "/api/health"],
    ["GET /api/dashboard", "GET", "/api/dashboard"],
    ["GET /api/bicycles", "GET", "/api/bicycles"],
    ["GET /api/bicycles/:id", "GET", `/api/bicycles/${bike}`],
    ["GET /api/bicycles/:id/components", "GET", `/api/bicycles/${bike}/components`],
    ["GET /api/components/parts-bin", "GET", "/api/components/parts-bin"],
    ["GET /api/components/:id/services", "GET", `/api/components/${part}/services`],
    ["GET /api/shared/:token (no session)", "GET", `/api/shared/${token}`],
    [
      "POST /api/components/:id/services",
      "POST",
      `/api/components/${part}/services`,
      { date: "2024-06-01", description: "Chain lube", cost: 1 },
    ],
  ];
}

/** Statements per request for each route, on one database, for each data size (one user per size). */
export async function measureQueryCounts(kind: DatabaseKind, sizes = DATA_SIZES): Promise<QueryCounts> {
  const t = await createTestApp(kind);
  try {
    const rows = new Map<string, QueryCountRow>();
    for (const size of sizes) {
      const seeded = await seedRider(t, size);
      for (const [label, method, urlPath, body] of routesOf(seeded)) {
        const request = () =>
          label.includes("no session") ? t.app.request(urlPath) : seeded.rider.request(method, urlPath, body);
        (await request()).body?.cancel(); // warm-up: nothing first-time is counted
        t.queries.count = 0;
        const response = await request();
        const count = t.queries.count;
        if (response.status >= 300) throw new Error(`${label} answered ${response.status}`);
        await response.body?.cancel();
        const row = rows.get(label) ?? { route: label };
        row[size.name] = count;
        rows.set(label, row);
      }
    }
    return { database: kind, routes: [...rows.values()] };
  } finally {
    await t.close();
  }
}
