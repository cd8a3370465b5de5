/**
 * Rides at scale (issue Q, item 6): one rider with 50 bicycles, 500 components (50 of them moved between
 * bicycles, so they have two installation periods) and 10,000 rides, seeded through the API of a real
 * server; then autocannon at 50 connections on the pages that show wear, and a ride-file import of a
 * 50 MB batch of GPX and FIT files, one file per request as the web app sends them, with the server's
 * peak resident memory. Figures only: no pass or fail.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Encoder, type Mesg, Profile } from "@garmin/fitsdk";
import autocannon from "autocannon";
import {
  freshServerBundle,
  killAll,
  postJson,
  sessionCookie,
  startServerOnFreePort,
} from "../src/server/testing/spawn-server.ts";

// Half the API section's time per route, so that the whole report stays within 10 minutes.
const SECONDS = Math.max(2, Math.round(Number(process.env.BENCH_SECONDS ?? 10) / 2));
const CONNECTIONS = 50;
const BICYCLES = 50;
const COMPONENTS = 500;
const MOVED = 50;
const RIDES = 10_000;
const BATCH_MB = 50;

export interface ScaleRouteFigures {
  database: string;
  route: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface RideImportFigures {
  database: string;
  files: number;
  megabytes: number;
  imported: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

async function created<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`seeding failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function seed(url: string, dataDir: string) {
  const cookie = await sessionCookie(url, `rider-${Date.now()}@example.com`, { dataDir });
  const bikes: string[] = [];
  for (let i = 0; i < BICYCLES; i++) {
    const { bicycle } = await created<{ bicycle: { id: string } }>(
      postJson(`${url}/api/bicycles`, cookie, { name: `Bike ${i}` }),
    );
    bikes.push(bicycle.id);
  }
  const parts: string[] = [];
  await inBatches(
    Array.from({ length: COMPONENTS }, (_, i) => i),
    10,
    async (i) => {
      const { component } = await created<{ component: { id: string } }>(
        postJson(`${url}/api/components`, cookie, {
          name: `Part ${i}`,
          type: "Other",
          bicycleId: bikes[i % BICYCLES],
          installedAt: "2023-01-01",
          // Every part has an interval, so the due list weighs each one against its rides.
          intervals: [{ label: "Check", everyKm: 3000 + (i % 5) * 1000, everyMonths: 12 }],
        }),
      );
      parts[i] = component.id;
    },
  );
  // Moved parts: to the parts bin and onto the next bicycle, so their wear joins two periods.
  await inBatches(parts.slice(0, MOVED), 5, async (id) => {
    await created(postJson(`${url}/api/components/${id}/move-to-parts-bin`, cookie, {}));
    const index = parts.indexOf(id);
    await created(
      postJson(`${url}/api/components/${id}/assign`, cookie, {
        bicycleId: bikes[(index + 1) % BICYCLES],
      }),
    );
  });
  const start = Date.parse("2023-01-02T07:00:00Z");
  const spacing = (Date.parse("2026-11-01T07:00:00Z") - start) / RIDES;
  await inBatches(
    Array.from({ length: RIDES }, (_, i) => i),
    25,
    (i) =>
      created(
        postJson(`${url}/api/bicycles/${bikes[i % BICYCLES]}/rides`, cookie, {
          name: `Ride ${i}`,
          startedAt: new Date(start + i * spacing).toISOString(),
          distanceKm: 20 + (i % 60),
          movingSeconds: 3600 + (i % 60) * 60,
          elevationGainM: i % 800,
        }),
      ),
  );
  return { cookie, bike: bikes[1]!, movedPart: parts[0]!, part: parts[MOVED + 1]! };
}

/** A GPX track as a phone app writes it: a point a second, heading east at 6 m/s. */
export function gpxFile(index: number, targetBytes: number): Buffer {
  const start = Date.parse("2026-06-01T06:00:00Z") + index * 86_400_000;
  const points: string[] = [];
  let size = 0;
  for (let t = 0; size < targetBytes; t++) {
    const point = `<trkpt lat="46.5" lon="${(6.6 + (t * 6) / 76_500).toFixed(7)}"><ele>${(400 + 20 * Math.sin(t / 600)).toFixed(1)}</ele><time>${new Date(start + t * 1000).toISOString()}</time></trkpt>\n`;
    points.push(point);
    size += point.length;
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Bench ${index}</name><trkseg>\n${points.join("")}</trkseg></trk></gpx>\n`,
  );
}

/** A FIT activity written with the FIT SDK's encoder: a record a second at 5 m/s, then its session. */
export function fitFile(index: number, targetBytes: number): Uint8Array {
  const mesg = Profile.MesgNum as Record<"FILE_ID" | "RECORD" | "SESSION", number>;
  const start = new Date(Date.parse("2026-09-01T06:00:00Z") + index * 86_400_000);
  const encoder = new Encoder();
  const write = (num: number, fields: Record<string, unknown>) => encoder.onMesg(num, fields as Mesg);
  write(mesg.FILE_ID, { type: "activity", manufacturer: "development", product: 1, timeCreated: start });
  // A record is about 30 bytes on disk.
  const records = Math.floor(targetBytes / 30);
  for (let t = 0; t < records; t++) {
    write(mesg.RECORD, {
      timestamp: new Date(start.getTime() + t * 1000),
      positionLat: Math.round(46.5 / (180 / 2 ** 31)),
      positionLong: Math.round((6.6 + (t * 5) / 76_500) / (180 / 2 ** 31)),
      distance: 5 * t,
      enhancedAltitude: 200 + 20 * Math.sin(t / 600),
      enhancedSpeed: 5,
    });
  }
  write(mesg.SESSION, {
    timestamp: new Date(start.getTime() + records * 1000),
    startTime: start,
    totalElapsedTime: records,
    totalTimerTime: records,
    totalDistance: 5 * records,
    sport: "cycling",
    messageIndex: 0,
  });
  return encoder.close();
}

/** The batch: 40 MB of GPX in 2 MB files and 10 MB of FIT in 1 MB files. */
function rideFileBatch(): { name: string; bytes: Uint8Array<ArrayBuffer> }[] {
  const mb = 1024 * 1024;
  const gpxCount = Math.round((BATCH_MB * 0.8) / 2);
  const fitCount = Math.round(BATCH_MB * 0.2);
  return [
    ...Array.from({ length: gpxCount }, (_, i) => ({
      name: `ride-${i}.gpx`,
      bytes: new Uint8Array(gpxFile(i, 2 * mb)),
    })),
    ...Array.from({ length: fitCount }, (_, i) => ({
      name: `ride-${i}.fit`,
      bytes: new Uint8Array(fitFile(i, mb)),
    })),
  ];
}

const residentMb = (pid: number, field: "VmRSS" | "VmHWM") => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(field));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

function load(url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export async function benchRidesScale(
  database: "pglite" | "postgres",
  postgresUrl?: string,
): Promise<{ routes: ScaleRouteFigures[]; rideImport: RideImportFigures }> {
  const env: Record<string, string> = {
    AUTH_RATE_LIMIT: "off",
    // Premium holds 10 bicycles; 50 are an instance that sells no plans.
    BILLING_MODE: "off",
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "velolog-bench-rides-")),
  };
  if (postgresUrl) env.DATABASE_URL = postgresUrl;
  const server = await startServerOnFreePort(() => env, freshServerBundle());
  if (!server.url) throw new Error(`server did not start: ${server.output()}`);
  try {
    const seedStart = performance.now();
    const { cookie, bike, movedPart, part } = await seed(server.url, env.DATA_DIR!);
    console.log(
      `${database}: seeded ${BICYCLES} bicycles, ${COMPONENTS} components, ${RIDES.toLocaleString("en")} rides in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const headers = { Cookie: cookie, Origin: "http://localhost:3000" };
    const routes = [
      "/api/dashboard",
      "/api/bicycles",
      `/api/bicycles/${bike}`,
      `/api/bicycles/${bike}/components`,
      `/api/bicycles/${bike}/rides`,
      `/api/components/${part}`,
      `/api/components/${movedPart}`,
      `/api/components/${movedPart}/installations`,
      "/api/components/parts-bin",
      "/api/rides",
      "/api/intervals/due",
      "/api/intervals/due-count",
    ];
    const figures: ScaleRouteFigures[] = [];
    for (const route of routes) {
      const result = await load(`${server.url}${route}`, { headers });
      figures.push({
        database,
        route: `GET ${route.replace(/[0-9a-f-]{36}/g, ":id")}${route.includes(movedPart) ? " (moved once)" : ""}`,
        rps: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    }

    const batch = rideFileBatch();
    const pid = server.child.pid!;
    const rssBeforeMb = residentMb(pid, "VmRSS");
    let peakRssMb = rssBeforeMb;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, residentMb(pid, "VmRSS"));
    }, 20);
    const importStart = performance.now();
    let imported = 0;
    for (const file of batch) {
      const response = await fetch(
        `${server.url}/api/bicycles/${bike}/rides/files?name=${encodeURIComponent(file.name)}`,
        {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/octet-stream" },
          body: file.bytes,
        },
      );
      const { results } = (await response.json()) as { results: { status: string }[] };
      imported += results.filter((r) => r.status === "imported").length;
    }
    const seconds = (performance.now() - importStart) / 1000;
    clearInterval(sampler);
    peakRssMb = Math.max(peakRssMb, residentMb(pid, "VmRSS"));
    const rideImport: RideImportFigures = {
      database,
      files: batch.length,
      megabytes: Math.round(batch.reduce((sum, f) => sum + f.bytes.length, 0) / (1024 * 1024)),
      imported,
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMb,
      peakRssMb,
    };
    return { routes: figures, rideImport };
  } finally {
    killAll();
  }
}
