import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import {
  type ArchiveImportResult,
  EXPORT_SCHEMA_ID,
  type ExportV1,
  exportJsonSchemaText,
  exportV1Schema,
} from "../../../shared/schemas/export.ts";
import {
  bicycles,
  componentInstallations,
  files,
  importSources,
  rides,
  subscriptions,
} from "../../db/schema.ts";
import {
  answered,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { type UploadPurpose, uploadFile } from "../../testing/uploads.ts";
import { ARCHIVE_IMPORTS_PER_HOUR } from "./import.ts";

const m = messages.archive;

interface Archive {
  json: ExportV1;
  files: Record<string, Uint8Array>;
  readme: string;
  raw: Uint8Array;
}

describeEachDatabase("account export and import", (kind) => {
  const t = useTestApp(kind);

  async function premium(rider: TestClient) {
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
  }

  const upload = (rider: TestClient, purpose: UploadPurpose, color?: string) =>
    uploadFile(t.app, rider, purpose, color);

  async function exportOf(rider: TestClient): Promise<Archive> {
    const response = await rider.request("GET", "/api/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="velolog-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const raw = new Uint8Array(await response.arrayBuffer());
    const entries = unzipSync(raw);
    const text = new TextDecoder().decode(entries["velolog.json"]);
    const parsed = exportV1Schema.parse(JSON.parse(text));
    const filesOnly = Object.fromEntries(
      Object.entries(entries).filter(([name]) => name !== "velolog.json" && name !== "README.txt"),
    );
    const readme = new TextDecoder().decode(entries["README.txt"]);
    return { json: parsed, files: filesOnly, readme, raw };
  }

  function importInto(rider: TestClient, zip: Uint8Array) {
    return t.app.request("/api/import/archive", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/zip" },
      body: new Uint8Array(zip),
    });
  }

  async function imported(rider: TestClient, zip: Uint8Array) {
    return answered<ArchiveImportResult>(importInto(rider, zip), "result");
  }

  /** An account with every kind of data: two bicycles (one with a photo), a moved component, rides, ... */
  async function richAccount() {
    const rider = await signUp(t.app);
    await premium(rider);
    const photo = await upload(rider, "bicycle-image");
    const partPhoto = await upload(rider, "component-image", "#a27");
    const receipt = await upload(rider, "receipt");
    const road = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", {
        name: "Road bike",
        serialNumber: "WTU-1",
        purchaseDate: "2023-03-14",
        price: 2400.5,
        imageUrl: photo.url,
      }),
      "bicycle",
    );
    const gravel = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel bike", storeLink: "https://shop.example/g" }),
      "bicycle",
    );
    const addPart = (body: object) =>
      answered<Component>(rider.request("POST", "/api/components", body), "component");
    const chain = await addPart({ bicycleId: road.id, name: "Chain", type: "Drivetrain", mileage: 1200 });
    const wheel = await addPart({
      bicycleId: road.id,
      name: "Front wheel",
      type: "Wheels",
      imageUrl: partPhoto.url,
    });
    await addPart({ name: "Spare tire", type: "Tires", brand: "Schwalbe", notes: "in the cellar" });
    // Moved: two installation periods.
    await answered(
      rider.request("POST", `/api/components/${wheel.id}/assign`, { bicycleId: gravel.id }),
      "component",
    );
    for (const [bike, name, startedAt, km] of [
      [road.id, "Morning loop", "2024-04-01T06:00:00.000Z", 42.5],
      [road.id, "Evening spin", "2024-04-02T18:00:00.000Z", 21],
      [gravel.id, "Forest track", "2024-04-03T09:30:00.000Z", 64.25],
    ] as const) {
      await answered(
        rider.request("POST", `/api/bicycles/${bike}/rides`, {
          name,
          startedAt,
          distanceKm: km,
          movingSeconds: 3600,
        }),
        "ride",
      );
    }
    const wax = await answered<{ id: string }>(
      rider.request("POST", `/api/components/${chain.id}/intervals`, { label: "Wax", everyKm: 300 }),
      "interval",
    );
    await answered(
      rider.request("POST", `/api/components/${chain.id}/intervals`, { label: "Replace", everyMonths: 12 }),
      "interval",
    );
    await answered(
      rider.request("POST", `/api/components/${chain.id}/services`, {
        date: "2024-04-05",
        description: "Waxed the chain",
        cost: 12.5,
        receiptUrl: receipt.url,
        resetsIntervalIds: [wax.id],
      }),
      "service",
    );
    await answered(
      rider.request("POST", `/api/components/${wheel.id}/services`, {
        date: "2024-04-06",
        description: "Trued the wheel",
        cost: 30,
        receiptUrl: "https://receipts.example/42",
      }),
      "service",
    );
    await answered(rider.request("POST", `/api/bicycles/${road.id}/share`, { notes: "For sale" }), "link");
    expect(
      (
        await rider.request("PUT", "/api/settings", {
          distanceUnit: "mi",
          dueSoonPercent: 80,
          timeZone: "Asia/Tokyo",
        })
      ).status,
    ).toBe(200);
    expect((await rider.request("PUT", "/api/reminders", { emailDigest: false })).status).toBe(200);
    return rider;
  }

  function sha(bytes: Uint8Array) {
    return createHash("sha256").update(bytes).digest("hex");
  }

  /** The export with every id replaced by what it names (names are unique in these tests) and files by content. */
  function canonical(archive: Archive) {
    const d = archive.json;
    const file = (p: string | null) => {
      if (p === null) return null;
      const bytes = archive.files[p];
      expect(bytes, p).toBeDefined();
      return `file:${sha(bytes!)}`;
    };
    const bike = new Map(d.bicycles.map((b) => [b.id, `bicycle:${b.name}`]));
    const part = new Map(d.components.map((c) => [c.id, `component:${c.name}`]));
    const interval = new Map(
      d.serviceIntervals.map((i) => [i.id, `interval:${part.get(i.componentId)}:${i.label}`]),
    );
    const b = (id: string | null) => (id === null ? null : bike.get(id)!);
    const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
    const image = (url: string | null) => (url?.startsWith("files/") ? file(url) : url);
    return {
      settings: d.settings,
      bicycles: sorted(d.bicycles.map((x) => ({ ...x, id: b(x.id), imageFile: file(x.imageFile) }))),
      components: sorted(
        d.components.map((x) => ({
          ...x,
          id: part.get(x.id),
          bicycleId: b(x.bicycleId),
          imageFile: file(x.imageFile),
        })),
      ),
      installations: sorted(
        d.installations.map((x) => ({
          ...x,
          id: null,
          componentId: part.get(x.componentId),
          bicycleId: b(x.bicycleId),
        })),
      ),
      rides: sorted(d.rides.map((x) => ({ ...x, id: null, bicycleId: b(x.bicycleId) }))),
      serviceIntervals: sorted(
        d.serviceIntervals.map((x) => ({
          ...x,
          id: interval.get(x.id),
          componentId: part.get(x.componentId),
        })),
      ),
      serviceEntries: sorted(
        d.serviceEntries.map((x) => ({
          ...x,
          id: null,
          componentId: part.get(x.componentId),
          receiptFile: file(x.receiptFile),
          resetsIntervalIds: x.resetsIntervalIds.map((id) => interval.get(id)).sort(),
        })),
      ),
      shareLinks: sorted(
        d.shareLinks.map((x) => ({
          ...x,
          id: null,
          bicycleId: b(x.bicycleId),
          snapshot: {
            ...x.snapshot,
            bike: { ...x.snapshot.bike, imageUrl: image(x.snapshot.bike.imageUrl) },
            components: x.snapshot.components.map((c) => ({ ...c, imageUrl: image(c.imageUrl) })),
          },
        })),
      ),
      files: sorted(d.files.map((f) => ({ ...f, path: file(f.path) }))),
    };
  }

  async function bicycleCount(userId: string) {
    return (await t.db.select({ id: bicycles.id }).from(bicycles).where(eq(bicycles.userId, userId))).length;
  }
  async function fileCount(userId: string) {
    return (await t.db.select({ id: files.id }).from(files).where(eq(files.userId, userId))).length;
  }
  function storedFiles(): string[] {
    const root = path.join(t.config.dataDir, "bicycle_images");
    try {
      return readdirSync(root, { recursive: true }).map(String);
    } catch {
      return [];
    }
  }

  it("exports everything, imports it into a fresh account, and the second export equals the first", async () => {
    const source = await richAccount();
    const first = await exportOf(source);
    expect(first.json).toMatchObject({
      formatVersion: 1,
      settings: { distanceUnit: "mi", dueSoonPercent: 80, emailDigest: false, timeZone: "Asia/Tokyo" },
    });
    expect(first.json.bicycles.map((b) => b.name).sort()).toEqual(["Gravel bike", "Road bike"]);
    expect(first.json.components).toHaveLength(3);
    const wheel = first.json.components.find((c) => c.name === "Front wheel")!;
    expect(first.json.installations.filter((i) => i.componentId === wheel.id)).toHaveLength(2);
    expect(first.json.rides).toHaveLength(3);
    expect(first.json.serviceIntervals).toHaveLength(2);
    const waxed = first.json.serviceEntries.find((e) => e.description === "Waxed the chain")!;
    expect(waxed.resetsIntervalIds).toHaveLength(1);
    expect(waxed.receiptFile).toMatch(/^files\/.+\.pdf$/);
    expect(first.json.serviceEntries.find((e) => e.description === "Trued the wheel")!.receiptUrl).toBe(
      "https://receipts.example/42",
    );
    expect(first.json.shareLinks).toHaveLength(1);
    expect(JSON.stringify(first.json.shareLinks)).not.toContain("token");
    expect(first.json.shareLinks[0]!.snapshot.bike.imageUrl).toMatch(/^files\//);
    expect(Object.keys(first.files).sort()).toEqual(first.json.files.map((f) => f.path).sort());
    expect(first.json.files).toHaveLength(3);
    // README.txt first, for whoever unzips it: what velolog.json and files/ are, their units, how to import.
    expect(Object.keys(unzipSync(first.raw))[0]).toBe("README.txt");
    expect(first.readme).toContain(
      `velolog.json   all of it as JSON. It follows the JSON Schema ${EXPORT_SCHEMA_ID}`,
    );
    expect(first.readme).toContain("docs/export/velolog-export.schema.json");
    expect(first.readme).toContain("files/ ");
    expect(first.readme).toMatch(/distances in kilometres.*moving times in seconds/);
    expect(first.readme).toContain(`"${m.title}", use "${m.importTitle}"`);
    expect(first.readme).toContain(`made ${first.json.exportedAt}`);
    expect(first.readme).toContain(
      "Its settings (distance unit, due soon %, time zone, service emails) become",
    );

    const target = await signUp(t.app);
    await premium(target);
    const result = await imported(target, first.raw);
    expect(result.imported).toEqual({
      bicycles: 2,
      components: 3,
      installations: 4,
      rides: 3,
      serviceIntervals: 2,
      serviceEntries: 2,
      shareLinks: 1,
      files: 3,
    });
    const second = await exportOf(target);
    expect(canonical(second)).toEqual(canonical(first));
    // Every id is new, and the files are byte for byte the same.
    const firstIds = new Set(first.json.bicycles.map((b) => b.id));
    expect(second.json.bicycles.some((b) => firstIds.has(b.id))).toBe(false);
    expect(Object.values(second.files).map(sha).sort()).toEqual(Object.values(first.files).map(sha).sort());

    // The imported share link works with a new token, and shows the imported photo.
    const links = await answered<{ token: string }[]>(target.request("GET", "/api/shared-links"), "links");
    const view = await t.app.request(`/api/shared/${links[0]!.token}`);
    expect(view.status).toBe(200);
    const photoUrl = ((await view.json()) as { snapshot: { bike: { imageUrl: string } } }).snapshot.bike
      .imageUrl;
    expect((await t.app.request(photoUrl)).status).toBe(200);

    // Importing the same archive again adds nothing.
    const again = await imported(target, first.raw);
    expect(Object.values(again.imported).every((n) => n === 0)).toBe(true);
    expect(again.alreadyThere).toMatchObject({ bicycles: 2, rides: 3, serviceEntries: 2, files: 3 });
    expect(canonical(await exportOf(target))).toEqual(canonical(first));

    // An archive without README.txt (a hand-made one, or one the rider took it out of) imports all the same.
    const bare = unzipSync(first.raw);
    delete bare["README.txt"];
    const third = await signUp(t.app);
    await premium(third);
    expect((await imported(third, zipSync(bare))).imported).toMatchObject({ bicycles: 2, files: 3 });
    expect(canonical(await exportOf(third))).toEqual(canonical(first));

    // And the source account's own export, imported back into it, adds nothing either.
    const back = await imported(source, first.raw);
    expect(Object.values(back.imported).every((n) => n === 0)).toBe(true);
    expect(await bicycleCount(source.userId)).toBe(2);
  });

  /**
   * The export as a rider gets it back after unzipping it and zipping its folder again: every entry under the
   * folder, with the Finder's `__MACOSX/` AppleDouble copies and `.DS_Store` files, and Explorer's
   * `Thumbs.db` and `desktop.ini`, beside them.
   */
  function rezipped(raw: Uint8Array, folder: string): Uint8Array {
    const appleDouble = strToU8("\u0000\u0005\u0016\u0007 not the file");
    const entries: Record<string, Uint8Array> = {
      [`${folder}/`]: new Uint8Array(),
      ".DS_Store": strToU8("Bud1 finder data"),
      "__MACOSX/._velolog.json": appleDouble,
      [`__MACOSX/${folder}/._velolog.json`]: appleDouble,
      [`${folder}/.DS_Store`]: strToU8("Bud1 finder data"),
      [`${folder}/._velolog.json`]: appleDouble,
      // And Windows' Explorer's, when the folder was zipped there.
      "Thumbs.db": strToU8("thumbnails"),
      [`${folder}/files/desktop.ini`]: strToU8("[.ShellClassInfo]"),
    };
    for (const [name, bytes] of Object.entries(unzipSync(raw))) entries[`${folder}/${name}`] = bytes;
    return zipSync(entries);
  }

  it("imports an export unzipped and zipped again under its folder, with the Mac's and Windows' files beside it", async () => {
    const source = await richAccount();
    const first = await exportOf(source);
    const zip = rezipped(first.raw, "velolog-export-2026-12-03");
    expect(Object.keys(unzipSync(zip))).toContain("velolog-export-2026-12-03/velolog.json");

    const target = await signUp(t.app);
    await premium(target);
    const result = await imported(target, zip);
    expect(result.imported).toEqual({
      bicycles: 2,
      components: 3,
      installations: 4,
      rides: 3,
      serviceIntervals: 2,
      serviceEntries: 2,
      shareLinks: 1,
      files: 3,
    });
    expect(result.unusedFiles).toBe(0);
    const second = await exportOf(target);
    expect(canonical(second)).toEqual(canonical(first));
    expect(Object.values(second.files).map(sha).sort()).toEqual(Object.values(first.files).map(sha).sort());
  });

  it("reads the tables page by page: every one of 2,500 rides is in the export once", async () => {
    const rider = await signUp(t.app);
    const bike = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Commuter" }),
      "bicycle",
    );
    const start = Date.parse("2020-01-01T07:00:00Z");
    await t.db.insert(rides).values(
      Array.from({ length: 2500 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bike.id,
        name: `Commute ${i}`,
        startedAt: new Date(start + i * 86_400_000),
        distanceKm: "12.300",
        movingSeconds: 1800,
        source: "manual",
      })),
    );
    const archive = await exportOf(rider);
    expect(archive.json.rides).toHaveLength(2500);
    expect(new Set(archive.json.rides.map((r) => r.name)).size).toBe(2500);
  });

  it("writes velolog.json as the committed JSON Schema describes it", () => {
    const committed = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, "../../../../docs/export/velolog-export.schema.json"),
        "utf8",
      ),
    );
    expect(committed).toEqual(JSON.parse(exportJsonSchemaText()));
  });

  it("describes every object and field of velolog.json in the committed JSON Schema, with its units", () => {
    const schema = JSON.parse(exportJsonSchemaText()) as Schema;
    type Schema = {
      description?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
    };
    const undescribed: string[] = [];
    const walk = (node: Schema, at: string) => {
      if (node.properties) {
        if (!node.description) undescribed.push(at || "(the file)");
        for (const [key, field] of Object.entries(node.properties)) {
          if (!field.description) undescribed.push(`${at}.${key}`);
          walk(field, `${at}.${key}`);
        }
      }
      if (node.items) walk(node.items, `${at}[]`);
      for (const branch of node.anyOf ?? []) walk(branch, at);
    };
    walk(schema, "");
    expect(undescribed).toEqual([]);
    const field = (list: string, key: string) =>
      (schema.properties![list]!.items ?? schema.properties![list]!)!.properties![key]!.description;
    expect(field("rides", "distanceKm")).toMatch(/kilometres/);
    expect(field("rides", "movingSeconds")).toMatch(/seconds/);
    expect(field("rides", "elevationGainM")).toMatch(/metres/);
    expect(field("rides", "startedAt")).toMatch(/ISO 8601 instant/);
    expect(field("serviceEntries", "cost")).toMatch(/US dollars .*not cents/);
    expect(field("serviceEntries", "date")).toMatch(/YYYY-MM-DD/);
    expect(field("components", "bicycleId")).toMatch(/an id of `bicycles`.*null: in the parts bin/);
  });

  it("never puts another user's data in an export", async () => {
    const other = await signUp(t.app);
    const otherPhoto = await upload(other, "bicycle-image", "#f00");
    await answered(
      other.request("POST", "/api/bicycles", { name: "Not yours", imageUrl: otherPhoto.url }),
      "bicycle",
    );
    const rider = await signUp(t.app);
    await answered(rider.request("POST", "/api/bicycles", { name: "Mine" }), "bicycle");
    const archive = await exportOf(rider);
    expect(archive.json.bicycles.map((b) => b.name)).toEqual(["Mine"]);
    expect(archive.json.files).toEqual([]);
    expect(new TextDecoder().decode(archive.raw)).not.toContain("Not yours");
    expect((await t.app.request("/api/export")).status).toBe(401);
  });

  it("refuses an import past the plan's limit, names the bicycles that did not fit, and imports nothing", async () => {
    const source = await richAccount();
    const archive = await exportOf(source);
    const free = await signUp(t.app);
    const stored = storedFiles().length;
    const response = await importInto(free, archive.raw);
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("LIMIT_REACHED");
    // One fits (the first in the archive), the other is named.
    const [, second] = archive.json.bicycles;
    expect(body.error.message).toBe(m.planLimit(1, [`“${second!.name}”`]));
    expect(await bicycleCount(free.userId)).toBe(0);
    expect(await fileCount(free.userId)).toBe(0);
    expect(await t.db.select().from(importSources).where(eq(importSources.userId, free.userId))).toEqual([]);
    expect(storedFiles().length).toBe(stored);
  });

  /** A minimal valid export with one bicycle, as JSON text. */
  function smallExport(overrides: Partial<ExportV1> = {}): ExportV1 {
    return {
      formatVersion: 1,
      app: "Velolog",
      exportedAt: "2026-01-01T00:00:00.000Z",
      settings: { distanceUnit: "km", dueSoonPercent: 90, emailDigest: true },
      bicycles: [
        {
          id: "b1",
          name: "Archive bike",
          description: null,
          imageUrl: null,
          imageFile: null,
          purchaseDate: null,
          price: null,
          purchaseCondition: null,
          storeName: null,
          serialNumber: null,
          storeLink: null,
          createdAt: "2025-01-01T00:00:00.000Z",
          updatedAt: "2025-01-01T00:00:00.000Z",
        },
      ],
      components: [],
      installations: [],
      rides: [],
      serviceIntervals: [],
      serviceEntries: [],
      shareLinks: [],
      files: [],
      ...overrides,
    };
  }
  const jsonBytes = (data: unknown) => strToU8(JSON.stringify(data));

  type Part = ExportV1["components"][number];
  type Period = ExportV1["installations"][number];
  type Ride = ExportV1["rides"][number];
  type Entry = ExportV1["serviceEntries"][number];
  const part = (id: string, bicycleId: string | null = "b1"): Part => ({
    id,
    bicycleId,
    name: `Part ${id}`,
    type: "Drivetrain",
    brand: null,
    mileage: 0,
    notes: null,
    imageUrl: null,
    imageFile: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  });
  const period = (id: string, startedAt: string, endedAt: string | null, bicycleId: string | null = "b1") =>
    ({ id, componentId: "c1", bicycleId, startedAt, endedAt }) satisfies Period;
  const ride = (overrides: Partial<Ride> = {}): Ride => ({
    id: "r1",
    bicycleId: "b1",
    name: "Morning loop",
    startedAt: "2025-02-01T07:00:00.000Z",
    distanceKm: 30,
    movingSeconds: 3600,
    elevationGainM: 200,
    source: "manual",
    externalId: null,
    createdAt: "2025-02-01T09:00:00.000Z",
    updatedAt: "2025-02-01T09:00:00.000Z",
    ...overrides,
  });
  const entry = (overrides: Partial<Entry> = {}): Entry => ({
    id: "e1",
    componentId: "c1",
    date: "2025-03-01",
    description: "Waxed",
    cost: 0,
    receiptUrl: null,
    receiptFile: null,
    resetsIntervalIds: [],
    createdAt: "2025-03-01T00:00:00.000Z",
    updatedAt: "2025-03-01T00:00:00.000Z",
    ...overrides,
  });
  const interval = (id: string, componentId: string) => ({
    id,
    componentId,
    label: "Wax",
    everyKm: 300,
    everyHours: null,
    everyMonths: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  });
  /** smallExport with a component c1 on b1 since 2025-01-01 (one open period), and what else is given. */
  const withPart = (overrides: Partial<ExportV1> = {}) =>
    zipSync({
      "velolog.json": jsonBytes(
        smallExport({
          components: [part("c1")],
          installations: [period("i1", "2025-01-01T00:00:00.000Z", null)],
          ...overrides,
        }),
      ),
    });
  const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const inThreeDays = daysFromNow(3);

  /** Sets an entry's declared (uncompressed) size in both its local header and the central directory. */
  function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
    const out = new Uint8Array(zip);
    const view = new DataView(out.buffer);
    const decoder = new TextDecoder();
    let at = 0;
    while (view.getUint32(at, true) === 0x04034b50) {
      const nameLength = view.getUint16(at + 26, true);
      const extra = view.getUint16(at + 28, true);
      const compressed = view.getUint32(at + 18, true);
      if (decoder.decode(out.subarray(at + 30, at + 30 + nameLength)) === name)
        view.setUint32(at + 22, size, true);
      at += 30 + nameLength + extra + compressed;
    }
    while (view.getUint32(at, true) === 0x02014b50) {
      const nameLength = view.getUint16(at + 28, true);
      if (decoder.decode(out.subarray(at + 46, at + 46 + nameLength)) === name)
        view.setUint32(at + 24, size, true);
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return out;
  }

  it("imports a small hand-made export with new ids", async () => {
    const rider = await signUp(t.app);
    const result = await imported(rider, zipSync({ "velolog.json": jsonBytes(smallExport()) }));
    expect(result.imported.bicycles).toBe(1);
    const [bike] = await answered<Bicycle[]>(rider.request("GET", "/api/bicycles"), "bicycles");
    expect(bike!.name).toBe("Archive bike");
    expect(bike!.id).not.toBe("b1");
  });

  const bomb = () => new Uint8Array(64 * 1024 * 1024 + 1024).fill(0x20);
  const hostile: [string, () => Uint8Array, string][] = [
    [
      "a ../ name",
      () => zipSync({ "velolog.json": jsonBytes(smallExport()), "../evil.txt": strToU8("x") }),
      m.unsafeName("../evil.txt"),
    ],
    [
      "a name inside with ../",
      () => zipSync({ "velolog.json": jsonBytes(smallExport()), "files/../../etc/cron.d/x": strToU8("x") }),
      m.unsafeName("files/../../etc/cron.d/x"),
    ],
    [
      "an absolute path",
      () => zipSync({ "velolog.json": jsonBytes(smallExport()), "/etc/passwd": strToU8("x") }),
      m.unsafeName("/etc/passwd"),
    ],
    [
      "a zip bomb that declares a small size",
      () => declareSize(zipSync({ "velolog.json": bomb() }, { level: 9 }), "velolog.json", 1000),
      m.entryTooLarge("velolog.json"),
    ],
    [
      "a zip bomb that declares its size",
      () => zipSync({ "velolog.json": bomb() }, { level: 9 }),
      m.entryTooLarge("velolog.json"),
    ],
    [
      "a 2 GB declared size",
      () =>
        declareSize(
          zipSync({ "velolog.json": jsonBytes(smallExport()), "files/a.webp": strToU8("x") }),
          "files/a.webp",
          2 * 1024 ** 3,
        ),
      m.entryTooLarge("files/a.webp"),
    ],
    [
      "JSON of another format",
      () => zipSync({ "velolog.json": jsonBytes({ type: "FeatureCollection", features: [] }) }),
      m.wrongFormat("no formatVersion"),
    ],
    [
      "a newer format version",
      () => zipSync({ "velolog.json": jsonBytes({ ...smallExport(), formatVersion: 7 }) }),
      m.newerVersion(7, 1),
    ],
    [
      "a wrong field",
      () =>
        zipSync({
          "velolog.json": jsonBytes({
            ...smallExport(),
            bicycles: [{ ...smallExport().bicycles[0], price: "lots" }],
          }),
        }),
      m.wrongFormat("bicycles.0.price: Invalid input: expected number, received string"),
    ],
    [
      "a link that is no web link",
      () =>
        zipSync({
          "velolog.json": jsonBytes({
            ...smallExport(),
            bicycles: [{ ...smallExport().bicycles[0], storeLink: "javascript:alert(1)" }],
          }),
        }),
      m.wrongFormat("bicycles.0.storeLink: must be an http or https link"),
    ],
    ["no velolog.json", () => zipSync({ "notes.txt": strToU8("hello") }), m.noJson],
    [
      "two top folders",
      () =>
        zipSync({
          "velolog-export-2026-12-03/velolog.json": jsonBytes(smallExport()),
          "velolog-export-2026-12-04/velolog.json": jsonBytes(smallExport()),
        }),
      m.noJson,
    ],
    [
      "velolog.json in a folder beside a file at the top",
      () =>
        zipSync({
          "velolog-export-2026-12-03/velolog.json": jsonBytes(smallExport()),
          "notes.txt": strToU8("x"),
        }),
      m.noJson,
    ],
    [
      "only the Mac's copy of velolog.json",
      () => zipSync({ "__MACOSX/._velolog.json": jsonBytes(smallExport()), ".DS_Store": strToU8("x") }),
      m.noJson,
    ],
    [
      "a 2 GB declared size under a top folder",
      () =>
        declareSize(
          zipSync({ "export/velolog.json": jsonBytes(smallExport()), "export/files/a.webp": strToU8("x") }),
          "export/files/a.webp",
          2 * 1024 ** 3,
        ),
      m.entryTooLarge("files/a.webp"),
    ],
    [
      "a 100 MB declared velolog.json under a top folder",
      () =>
        declareSize(
          zipSync({ "export/velolog.json": jsonBytes(smallExport()) }),
          "export/velolog.json",
          100 * 1024 * 1024,
        ),
      m.entryTooLarge("velolog.json"),
    ],
    [
      "60,001 entries, all but velolog.json the Mac's",
      () => {
        const entries: Record<string, Uint8Array> = { "velolog.json": jsonBytes(smallExport()) };
        for (let i = 0; i < 60_000; i++) entries[`__MACOSX/._${i}`] = new Uint8Array();
        return zipSync(entries, { level: 0 });
      },
      m.tooManyEntries,
    ],
    [
      "a ../ name among the Mac's files",
      () => zipSync({ "export/velolog.json": jsonBytes(smallExport()), "__MACOSX/../evil": strToU8("x") }),
      m.unsafeName("__MACOSX/../evil"),
    ],
    ["not a zip (a ride file chosen by mistake)", () => strToU8("<gpx><trk></trk></gpx>"), m.notZip],
    ["a .zip cut short", () => zipSync({ "velolog.json": jsonBytes(smallExport()) }).slice(0, 40), m.badZip],
    [
      "a missing referenced file",
      () =>
        zipSync({
          "velolog.json": jsonBytes(
            smallExport({
              bicycles: [{ ...smallExport().bicycles[0]!, imageFile: "files/gone.webp" }],
              files: [{ path: "files/gone.webp", contentType: "image/webp", purpose: "bicycle-image" }],
            }),
          ),
        }),
      m.missingFile("files/gone.webp"),
    ],
    [
      "a file that is no image",
      () =>
        zipSync({
          "velolog.json": jsonBytes(
            smallExport({
              bicycles: [{ ...smallExport().bicycles[0]!, imageFile: "files/x.webp" }],
              files: [{ path: "files/x.webp", contentType: "image/webp", purpose: "bicycle-image" }],
            }),
          ),
          "files/x.webp": strToU8("<script>alert(1)</script>"),
        }),
      m.badFile("files/x.webp", messages.images.invalidType),
    ],
    [
      "a reference to a bicycle it does not hold",
      () =>
        zipSync({
          "velolog.json": jsonBytes(
            smallExport({
              rides: [
                {
                  id: "r1",
                  bicycleId: "nope",
                  name: "Ghost ride",
                  startedAt: "2025-01-01T00:00:00.000Z",
                  distanceKm: 1,
                  movingSeconds: 60,
                  elevationGainM: null,
                  source: "manual",
                  externalId: null,
                  createdAt: "2025-01-01T00:00:00.000Z",
                  updatedAt: "2025-01-01T00:00:00.000Z",
                },
              ],
            }),
          ),
        }),
      m.brokenReference("ride r1 names a bicycle it does not hold"),
    ],
    [
      "a Strava bike mapped to a bicycle it does not hold",
      () =>
        zipSync({
          "velolog.json": jsonBytes(smallExport({ stravaBikes: [{ gearId: "b42", bicycleId: "nope" }] })),
        }),
      m.brokenReference("Strava bike b42 names a bicycle it does not hold"),
    ],
    [
      "an installation period that ends before it starts",
      () =>
        withPart({
          installations: [
            period("i1", "2025-01-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z"),
            period("i2", "2025-02-01T00:00:00.000Z", "2025-01-15T00:00:00.000Z", null),
            period("i3", "2025-03-01T00:00:00.000Z", null),
          ],
        }),
      m.brokenReference("installation i2 ends before it starts"),
    ],
    [
      "a component whose only period has ended",
      () =>
        withPart({ installations: [period("i1", "2025-01-01T00:00:00.000Z", "2025-02-01T00:00:00.000Z")] }),
      m.brokenReference("component c1 “Part c1” has no open installation period"),
    ],
    [
      "a component without installation periods",
      () => withPart({ installations: [] }),
      m.brokenReference("component c1 “Part c1” has no open installation period"),
    ],
    [
      "two open periods of one component",
      () =>
        withPart({
          installations: [
            period("i1", "2025-01-01T00:00:00.000Z", null),
            period("i2", "2025-02-01T00:00:00.000Z", null),
          ],
        }),
      m.brokenReference("component c1 “Part c1” has more than one open installation period"),
    ],
    [
      "overlapping periods of one component",
      () =>
        withPart({
          installations: [
            period("i1", "2025-01-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z", null),
            period("i2", "2025-02-01T00:00:00.000Z", "2025-04-01T00:00:00.000Z"),
            period("i3", "2025-04-01T00:00:00.000Z", null),
          ],
        }),
      m.brokenReference("installations i1 and i2 of component c1 “Part c1” overlap"),
    ],
    [
      "a closed period after the open one began",
      () =>
        withPart({
          installations: [
            period("i1", "2025-01-01T00:00:00.000Z", null),
            period("i2", "2025-02-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z", null),
          ],
        }),
      m.brokenReference("installations i1 and i2 of component c1 “Part c1” overlap"),
    ],
    [
      "a component on one bicycle whose open period is on another",
      () => withPart({ installations: [period("i1", "2025-01-01T00:00:00.000Z", null, null)] }),
      m.brokenReference("component c1 “Part c1” is not where its open installation period i1 puts it"),
    ],
    [
      "a service entry that resets another component's interval",
      () =>
        withPart({
          components: [part("c1"), part("c2", null)],
          installations: [
            period("i1", "2025-01-01T00:00:00.000Z", null),
            { ...period("i2", "2025-01-01T00:00:00.000Z", null, null), componentId: "c2" },
          ],
          serviceIntervals: [interval("v2", "c2")],
          serviceEntries: [entry({ resetsIntervalIds: ["v2"] })],
        }),
      m.brokenReference("service entry e1 resets interval v2 of another component"),
    ],
    [
      "a ride longer than the API allows",
      () => withPart({ rides: [ride({ distanceKm: 2500 })] }),
      m.notAccepted("ride r1 “Morning loop”", messages.rides.distanceInvalid),
    ],
    [
      "a ride of no distance",
      () => withPart({ rides: [ride({ distanceKm: 0 })] }),
      m.notAccepted("ride r1 “Morning loop”", messages.rides.distanceInvalid),
    ],
    [
      "a ride of more than 48 hours",
      () => withPart({ rides: [ride({ movingSeconds: 49 * 3600 })] }),
      m.notAccepted("ride r1 “Morning loop”", messages.rides.timeInvalid),
    ],
    [
      "a ride that starts days from now",
      () => withPart({ rides: [ride({ startedAt: inThreeDays })] }),
      m.notAccepted("ride r1 “Morning loop”", messages.rides.startInFuture),
    ],
    [
      "a service entry dated days from now",
      () => withPart({ serviceEntries: [entry({ date: inThreeDays.slice(0, 10) })] }),
      m.notAccepted(`service entry e1 of ${inThreeDays.slice(0, 10)}`, messages.services.dateInFuture),
    ],
    [
      "an installation that starts days from now",
      () => withPart({ installations: [period("i1", inThreeDays, null)] }),
      m.notAccepted("installation i1", m.periodInFuture),
    ],
  ];

  async function componentsOnBicycles(rider: TestClient) {
    const bikes = await answered<Bicycle[]>(rider.request("GET", "/api/bicycles"), "bicycles");
    const lists = await Promise.all(
      bikes.map((b) =>
        answered<Component[]>(rider.request("GET", `/api/bicycles/${b.id}/components`), "components"),
      ),
    );
    return lists.flat();
  }

  it("accepts periods that follow one another, an empty one, and times a little ahead of this clock", async () => {
    const rider = await signUp(t.app);
    const inTwoHours = daysFromNow(1 / 12);
    const result = await imported(
      rider,
      withPart({
        installations: [
          period("i1", "2025-01-01T00:00:00.000Z", "2025-02-01T00:00:00.000Z", null),
          period("i2", "2025-03-01T00:00:00.000Z", "2025-03-01T00:00:00.000Z", null),
          period("i3", "2025-02-01T00:00:00.000Z", null),
        ],
        serviceIntervals: [interval("v1", "c1")],
        serviceEntries: [entry({ resetsIntervalIds: ["v1"] })],
        rides: [ride(), ride({ id: "r2", startedAt: inTwoHours })],
      }),
    );
    expect(result.imported).toMatchObject({ components: 1, installations: 3, rides: 2, serviceEntries: 1 });
    const [chain] = await componentsOnBicycles(rider);
    // Both rides on b1 fall in the open period from February.
    expect(chain!.distance).toBe(60);
  });

  it("counts every object and file of a later export, and keeps what is already here as it is", async () => {
    const source = await signUp(t.app);
    const photo = await upload(source, "bicycle-image");
    const bike = await answered<Bicycle>(
      source.request("POST", "/api/bicycles", { name: "Road bike", imageUrl: photo.url }),
      "bicycle",
    );
    const chain = await answered<Component>(
      source.request("POST", "/api/components", { bicycleId: bike.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    const target = await signUp(t.app);
    await imported(target, (await exportOf(source)).raw);

    // Later, in the source account: the chain gets a photo, a service with a receipt, and goes to the bin.
    const partPhoto = await upload(source, "component-image", "#a27");
    const receipt = await upload(source, "receipt");
    expect(
      (
        await source.request("PUT", `/api/components/${chain.id}`, {
          name: "Chain",
          type: "Drivetrain",
          imageUrl: partPhoto.url,
        })
      ).status,
    ).toBe(200);
    await answered(
      source.request("POST", `/api/components/${chain.id}/services`, {
        date: "2025-03-01",
        description: "Waxed",
        cost: 10,
        receiptUrl: receipt.url,
      }),
      "service",
    );
    expect((await source.request("POST", `/api/components/${chain.id}/move-to-parts-bin`)).status).toBe(200);
    const later = await exportOf(source);
    expect(later.json.files).toHaveLength(3);
    expect(later.json.installations).toHaveLength(2);

    const result = await imported(target, later.raw);
    expect(result.imported).toMatchObject({ serviceEntries: 1, files: 1, components: 0, installations: 0 });
    expect(result.alreadyThere).toMatchObject({ bicycles: 1, components: 1, installations: 2, files: 2 });
    expect(result.unusedFiles).toBe(0);
    const inArchive = {
      bicycles: later.json.bicycles.length,
      components: later.json.components.length,
      installations: later.json.installations.length,
      rides: later.json.rides.length,
      serviceIntervals: later.json.serviceIntervals.length,
      serviceEntries: later.json.serviceEntries.length,
      shareLinks: later.json.shareLinks.length,
      files: later.json.files.length,
    };
    for (const [kind, n] of Object.entries(inArchive))
      expect(
        result.imported[kind as keyof typeof inArchive] + result.alreadyThere[kind as keyof typeof inArchive],
        kind,
      ).toBe(n);

    // The chain already here is kept as it was: on the bicycle, one open period, no photo.
    const [kept] = await componentsOnBicycles(target);
    expect(kept).toMatchObject({ name: "Chain", imageUrl: null, serviceCount: 1 });
    expect(kept!.bicycleId).not.toBeNull();
    const { installations } = await json<{ installations: { endedAt: string | null }[] }>(
      target.request("GET", `/api/components/${kept!.id}/installations`),
    );
    expect(installations).toHaveLength(1);
    expect(installations[0]!.endedAt).toBeNull();
  });

  it("tells a file that is no .zip so without counting it against the hour's imports", async () => {
    const source = await signUp(t.app);
    await answered<Bicycle>(source.request("POST", "/api/bicycles", { name: "Road bike" }), "bicycle");
    const target = await signUp(t.app);
    for (let i = 0; i <= ARCHIVE_IMPORTS_PER_HOUR; i++) {
      const refused = await importInto(target, strToU8("<gpx><trk></trk></gpx>"));
      expect(refused.status).toBe(400);
      expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(m.notZip);
    }
    const result = await imported(target, (await exportOf(source)).raw);
    expect(result.imported.bicycles).toBe(1);
  });

  it("says which of the account's preferences became the export's, and that none did when they were the same", async () => {
    const source = await signUp(t.app);
    await answered<Bicycle>(source.request("POST", "/api/bicycles", { name: "Road bike" }), "bicycle");
    const archive = (await exportOf(source)).raw;
    const target = await signUp(t.app);
    expect(
      (
        await target.request("PUT", "/api/settings", {
          distanceUnit: "mi",
          dueSoonPercent: 80,
          timeZone: "Asia/Tokyo",
        })
      ).status,
    ).toBe(200);
    expect((await target.request("PUT", "/api/reminders", { emailDigest: false })).status).toBe(200);

    const result = await imported(target, archive);
    expect(result.settingsChanged).toEqual([
      { setting: "distanceUnit", from: "mi", to: "km" },
      { setting: "dueSoonPercent", from: "80%", to: "90%" },
      { setting: "timeZone", from: "Asia/Tokyo", to: "UTC" },
      { setting: "emailDigest", from: "off", to: "on" },
    ]);
    expect(await json(target.request("GET", "/api/settings"))).toMatchObject({ distanceUnit: "km" });
    // The same file again: the preferences already are the export's, and the summary says nothing of them.
    expect((await imported(target, archive)).settingsChanged).toEqual([]);
  });

  it("counts a file that nothing in the archive shows as unused, and stores nothing of it", async () => {
    const rider = await signUp(t.app);
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#321" } })
      .webp()
      .toBuffer();
    const result = await imported(
      rider,
      zipSync({
        "velolog.json": jsonBytes(
          smallExport({
            files: [{ path: "files/stray.webp", contentType: "image/webp", purpose: "bicycle-image" }],
          }),
        ),
        "files/stray.webp": new Uint8Array(image),
      }),
    );
    expect(result).toMatchObject({
      imported: { bicycles: 1, files: 0 },
      alreadyThere: { files: 0 },
      unusedFiles: 1,
    });
    expect(await fileCount(rider.userId)).toBe(0);
  });

  it("exports a period that ended before it began (made before parts were capped at now) as an empty one", async () => {
    const rider = await signUp(t.app);
    const bike = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Road bike" }),
      "bicycle",
    );
    const chain = await answered<Component>(
      rider.request("POST", "/api/components", { bicycleId: bike.id, name: "Chain", type: "Drivetrain" }),
      "component",
    );
    expect((await rider.request("POST", `/api/components/${chain.id}/move-to-parts-bin`)).status).toBe(200);
    // As an older Velolog stored a part fitted "today" east of UTC and moved within hours.
    const later = new Date(Date.now() + 6 * 3_600_000);
    await t.db
      .update(componentInstallations)
      .set({ startedAt: later })
      .where(
        and(eq(componentInstallations.componentId, chain.id), isNotNull(componentInstallations.endedAt)),
      );
    const archive = await exportOf(rider);
    const closed = archive.json.installations.find((i) => i.endedAt !== null)!;
    expect(closed.endedAt).toBe(closed.startedAt);
    const target = await signUp(t.app);
    expect((await imported(target, archive.raw)).imported).toMatchObject({ components: 1, installations: 2 });
  });

  it("removes the files it stored when a later file is refused", async () => {
    const rider = await signUp(t.app);
    await premium(rider);
    const good = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#123" } })
      .webp()
      .toBuffer();
    const base = smallExport().bicycles[0]!;
    const zip = zipSync({
      "velolog.json": jsonBytes(
        smallExport({
          bicycles: [
            { ...base, imageFile: "files/good.webp" },
            { ...base, id: "b2", name: "Second", imageFile: "files/bad.webp" },
          ],
          files: [
            { path: "files/good.webp", contentType: "image/webp", purpose: "bicycle-image" },
            { path: "files/bad.webp", contentType: "image/webp", purpose: "bicycle-image" },
          ],
        }),
      ),
      "files/good.webp": new Uint8Array(good),
      "files/bad.webp": strToU8("not an image"),
    });
    const stored = storedFiles().length;
    const response = await importInto(rider, zip);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      m.badFile("files/bad.webp", messages.images.invalidType),
    );
    expect(storedFiles().length).toBe(stored);
    expect(await bicycleCount(rider.userId)).toBe(0);
    expect(await fileCount(rider.userId)).toBe(0);
  });

  it.each(hostile)("refuses %s with its message and changes nothing", async (_, make, message) => {
    const rider = await signUp(t.app);
    await premium(rider);
    const stored = storedFiles().length;
    const response = await importInto(rider, make());
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(response.status, body.error.message).toBe(400);
    expect(body.error.message).toBe(message);
    expect(await bicycleCount(rider.userId)).toBe(0);
    expect(await fileCount(rider.userId)).toBe(0);
    expect(storedFiles().length).toBe(stored);
  });
});
