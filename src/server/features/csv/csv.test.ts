import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../shared/domain/csv.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { ServiceCsvImport, ServiceCsvImportResult } from "../../../shared/schemas/csv.ts";
import type { ServiceLog } from "../../../shared/schemas/service-entry.ts";
import { rides } from "../../db/schema.ts";
import { captureLogs } from "../../testing/log-capture.ts";
import {
  anonymous,
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";
import { uploadFile } from "../../testing/uploads.ts";
import { sweepUnattachedFiles } from "../files/service.ts";

describeEachDatabase("CSV export and service import", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Billing off: riders here keep several bicycles without a plan.
    t = await createTestApp(kind, { env: { BILLING_MODE: "off" } });
  });
  afterAll(() => t.close());

  async function bicycle(rider: TestClient, name: string, extra: object = {}) {
    const answer = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name, ...extra }),
    );
    return answer.bicycle;
  }

  async function component(rider: TestClient, bicycleId: string | null, name: string, mileage = 0) {
    const answer = await json<{ component: Component }>(
      rider.request("POST", "/api/components", { bicycleId, name, type: "Drivetrain", mileage }),
    );
    return answer.component;
  }

  async function service(rider: TestClient, componentId: string, body: object) {
    const response = await rider.request("POST", `/api/components/${componentId}/services`, body);
    expect(response.status, await response.clone().text()).toBe(201);
  }

  /** The downloaded CSV's records (the BOM checked and dropped), and its headers. */
  async function download(rider: TestClient, entity: string) {
    const response = await rider.request("GET", `/api/export/csv/${entity}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="velolog-${entity}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte-order mark Excel needs to read UTF-8 (a TextDecoder drops it, as spreadsheets do).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    return { text, records: parseCsv(text) };
  }

  const trickyName = 'Road, "fast"\nbike';

  describe("downloads", () => {
    it("writes each entity with a header row, quoting and the formula guard, in the user's unit", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, trickyName, {
        purchaseDate: "2023-03-14",
        price: 1200.5,
        serialNumber: '=HYPERLINK("http://evil")',
      });
      const chain = await component(rider, bike.id, "Chain, 11-speed", 100);
      await component(rider, null, "+Spare tyre");
      await service(rider, chain.id, { date: "2024-05-01", description: '-Waxed, "hot"', cost: 12.5 });
      await rider.request("POST", `/api/bicycles/${bike.id}/rides`, {
        name: "@Morning ride",
        startedAt: "2024-05-02T07:30:00.000Z",
        distanceKm: 42.195,
        movingSeconds: 5025,
        elevationGainM: 310,
      });
      await rider.request("PUT", "/api/settings", { distanceUnit: "mi" });

      const bicycles = await download(rider, "bicycles");
      expect(bicycles.records[0]).toEqual([
        "Name",
        "Description",
        "Purchase date",
        "Price (USD)",
        "Condition",
        "Store",
        "Store link",
        "Serial number",
        "Components",
        "Distance (mi)",
        "Moving time (h)",
        "Service cost (USD)",
        "Created at",
      ]);
      const [bikeRow] = bicycles.records.slice(1);
      expect(bikeRow!.slice(0, 4)).toEqual([trickyName, "", "2023-03-14", "1200.5"]);
      expect(bikeRow![7]).toBe('\'=HYPERLINK("http://evil")');
      expect(bikeRow!.slice(8, 12)).toEqual(["1", "26.2", "1.4", "12.5"]);
      expect(bikeRow![12]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      // The raw text: the name quoted with its quotes doubled and its line break inside.
      expect(bicycles.text).toContain('"Road, ""fast""\nbike"');

      const parts = await download(rider, "components");
      expect(parts.records[0]!.slice(0, 6)).toEqual([
        "Bicycle",
        "Name",
        "Type",
        "Brand",
        "Distance (mi)",
        "Distance before rides (mi)",
      ]);
      // 100 km given as the chain's distance before rides, in miles (the ride came before it was fitted).
      expect(parts.records.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[7]])).toEqual([
        [trickyName, "Chain, 11-speed", "62.1", "62.1", "1"],
        ["", "'+Spare tyre", "0", "0", "0"],
      ]);

      const services = await download(rider, "services");
      expect(services.records).toEqual([
        ["Date", "Bicycle", "Component", "Description", "Cost (USD)", "Receipt", "Created at"],
        ["2024-05-01", trickyName, "Chain, 11-speed", '\'-Waxed, "hot"', "12.5", "", expect.any(String)],
      ]);

      const ridden = await download(rider, "rides");
      expect(ridden.records).toEqual([
        ["Started at", "Bicycle", "Name", "Distance (mi)", "Moving time", "Elevation gain (m)", "Source"],
        ["2024-05-02T07:30:00Z", trickyName, "'@Morning ride", "26.22", "1:23:45", "310", "manual"],
      ]);
    });

    it("never shows another user's rows, and refuses visitors and unknown entities", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      const bike = await bicycle(owner, "Owner's bike");
      const part = await component(owner, bike.id, "Owner's chain");
      await service(owner, part.id, { date: "2024-01-01", description: "Owner's service", cost: 1 });
      for (const entity of ["bicycles", "components", "services", "rides"]) {
        const { records, text } = await download(other, entity);
        expect(records).toHaveLength(1);
        expect(text).not.toContain("Owner's");
      }
      expect((await anonymous(t.app).request("GET", "/api/export/csv/bicycles")).status).toBe(401);
      expect((await owner.request("GET", "/api/export/csv/passwords")).status).toBe(400);
    });

    it("writes every ride of a long history once, newest first, across pages", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Commuter");
      // 1,203 rides (pages of 500), several starting at the same instant, written straight to the table.
      const start = Date.UTC(2020, 0, 1);
      const values = Array.from({ length: 1203 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bike.id,
        name: `Ride ${i}`,
        startedAt: new Date(start + Math.floor(i / 3) * 3_600_000),
        distanceKm: "10.000",
        movingSeconds: 1800,
        source: "manual",
      }));
      await t.db.insert(rides).values(values);
      const { records } = await download(rider, "rides");
      const names = records.slice(1).map((r) => r[2]);
      expect(names).toHaveLength(1203);
      expect(new Set(names).size).toBe(1203);
      const starts = records.slice(1).map((r) => r[0]!);
      expect(starts).toEqual([...starts].sort().reverse());
    });
  });

  describe("importing service records", () => {
    async function importRows(rider: TestClient, body: ServiceCsvImport) {
      return rider.request("POST", "/api/services/import", body);
    }

    async function logOf(rider: TestClient, componentId: string) {
      return json<ServiceLog>(rider.request("GET", `/api/components/${componentId}/services`));
    }

    it("imports every row in one go, matching components by name, and skips them on a second import", async () => {
      const rider = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const gravel = await bicycle(rider, "Gravel");
      const roadChain = await component(rider, road.id, "Chain");
      const gravelChain = await component(rider, gravel.id, "Chain");
      const tyre = await component(rider, gravel.id, "Front Tyre");
      const body: ServiceCsvImport = {
        dateFormat: "dmy",
        rows: [
          {
            row: 2,
            date: "31/05/2024",
            bicycle: "road",
            component: "CHAIN",
            description: "Waxed",
            cost: "$12.50",
          },
          {
            row: 3,
            date: "2024-06-01",
            bicycle: "Gravel",
            component: "chain",
            description: "New chain",
            cost: "",
          },
          {
            row: 4,
            date: "01.07.2024",
            component: "front  tyre",
            description: "'=Patched",
            cost: "1,234.00",
          },
        ],
      };

      const preview = await json<ServiceCsvImportResult>(importRows(rider, { ...body, dryRun: true }));
      expect(preview.imported).toBe(0);
      expect(preview.rows.map((r) => [r.row, r.status, r.date, r.componentId, r.cost])).toEqual([
        [2, "new", "2024-05-31", roadChain.id, 12.5],
        [3, "new", "2024-06-01", gravelChain.id, 0],
        [4, "new", "2024-07-01", tyre.id, 1234],
      ]);
      expect((await logOf(rider, roadChain.id)).services).toHaveLength(0);

      const imported = await importRows(rider, body);
      expect(imported.status).toBe(200);
      expect(await json<ServiceCsvImportResult>(imported)).toMatchObject({ imported: 3, skipped: 0 });
      expect((await logOf(rider, roadChain.id)).services.map((s) => [s.date, s.description, s.cost])).toEqual(
        [["2024-05-31", "Waxed", 12.5]],
      );
      expect((await logOf(rider, tyre.id)).services.map((s) => s.description)).toEqual(["=Patched"]);
      // A sheet without a receipt column: entries without receipts.
      expect((await logOf(rider, tyre.id)).services[0]!.receiptUrl).toBeNull();

      const again = await json<ServiceCsvImportResult>(importRows(rider, body));
      expect(again).toMatchObject({ imported: 0, skipped: 3 });
      expect((await logOf(rider, gravelChain.id)).services).toHaveLength(1);

      // One new row among known ones: only it is written.
      const more = await json<ServiceCsvImportResult>(
        importRows(rider, {
          ...body,
          rows: [
            ...body.rows,
            { row: 5, date: "02/07/2024", component: "Front tyre", description: "New tyre", cost: "40" },
          ],
        }),
      );
      expect(more).toMatchObject({ imported: 1, skipped: 3 });
      expect((await logOf(rider, tyre.id)).services).toHaveLength(2);
    });

    it("takes its own service download back unchanged, a blank bicycle meaning the parts bin", async () => {
      const rider = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const gravel = await bicycle(rider, "Gravel");
      const spare = await component(rider, null, "Chain");
      for (const [id, description] of [
        [(await component(rider, road.id, "Chain")).id, "Waxed"],
        [(await component(rider, gravel.id, "Chain")).id, "Cleaned"],
        [spare.id, "Soaked"],
      ] as const) {
        await service(rider, id, { date: "2024-05-01", description, cost: 5 });
      }
      const [header, ...records] = (await download(rider, "services")).records;
      const column = (name: string) => header!.indexOf(name);
      const rows = records.map((r, i) => ({
        row: i + 2,
        date: r[column("Date")]!,
        bicycle: r[column("Bicycle")]!,
        component: r[column("Component")]!,
        description: r[column("Description")]!,
        cost: r[column("Cost (USD)")]!,
      }));
      expect(rows.find((r) => r.description === "Soaked")?.bicycle).toBe("");

      const result = await json<ServiceCsvImportResult>(importRows(rider, { dateFormat: "iso", rows }));
      expect(result.rows.map((r) => [r.description, r.status, r.errors])).toEqual(
        expect.arrayContaining([
          ["Waxed", "duplicate", []],
          ["Cleaned", "duplicate", []],
          ["Soaked", "duplicate", []],
        ]),
      );
      expect(result).toMatchObject({ imported: 0, skipped: 3 });

      // Without a bicycle column, "Chain" is still every chain: the rider must say which.
      const unmapped = await importRows(rider, {
        dateFormat: "iso",
        rows: [{ row: 2, date: "2024-06-01", component: "Chain", description: "Oiled", cost: "" }],
      });
      expect(unmapped.status).toBe(400);
      expect((await logOf(rider, spare.id)).services).toHaveLength(1);
    });

    it("takes its own download back when a bicycle has two parts of one name (front and rear pads)", async () => {
      const rider = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const front = await component(rider, road.id, "Brake pads");
      const rear = await component(rider, road.id, "Brake pads");
      await service(rider, front.id, { date: "2024-05-01", description: "Replaced", cost: 20 });
      await service(rider, rear.id, { date: "2024-05-01", description: "Replaced", cost: 20 });
      await service(rider, rear.id, { date: "2024-06-01", description: "Toe-in adjusted", cost: 0 });
      const [header, ...records] = (await download(rider, "services")).records;
      const column = (name: string) => header!.indexOf(name);
      const rows = records.map((r, i) => ({
        row: i + 2,
        date: r[column("Date")]!,
        bicycle: r[column("Bicycle")]!,
        component: r[column("Component")]!,
        description: r[column("Description")]!,
        cost: r[column("Cost (USD)")]!,
      }));
      const response = await importRows(rider, { dateFormat: "iso", rows });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await json<ServiceCsvImportResult>(response)).toMatchObject({ imported: 0, skipped: 3 });
      expect((await logOf(rider, front.id)).services).toHaveLength(1);
      expect((await logOf(rider, rear.id)).services).toHaveLength(2);

      // A new row for "Brake pads" still cannot say which: refused, not put on either at random.
      const fresh = await importRows(rider, {
        dateFormat: "iso",
        rows: [
          ...rows,
          {
            row: 9,
            date: "2024-07-01",
            bicycle: "Road",
            component: "Brake pads",
            description: "New",
            cost: "",
          },
        ],
      });
      expect(fresh.status).toBe(400);
      const { error } = await json<{ error: { fields: Record<string, string> } }>(fresh);
      expect(Object.values(error.fields)).toEqual([
        "Row 9: component “Brake pads” matches 2 of your components; choose a bicycle, or map a bicycle column",
      ]);
    });

    it("takes its download's receipts back: a stored one as the same file, kept in use; a link as it was", async () => {
      const rider = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const chain = await component(rider, road.id, "Chain");
      const tyre = await component(rider, road.id, "Tyre");
      const stored = await uploadFile(t.app, rider, "receipt");
      const link = "https://shop.example/orders/42?print=1";
      await service(rider, chain.id, {
        date: "2024-05-01",
        description: "Waxd",
        cost: 20,
        receiptUrl: stored.url,
      });
      await service(rider, tyre.id, {
        date: "2024-05-02",
        description: "New tyer",
        cost: 45,
        receiptUrl: link,
      });
      const bytes = async () => Buffer.from(await (await rider.request("GET", stored.url)).arrayBuffer());
      const original = await bytes();

      const [header, ...records] = (await download(rider, "services")).records;
      const column = (name: string) => header!.indexOf(name);
      expect(records.map((r) => r[column("Receipt")])).toEqual([link, `${TEST_ORIGIN}${stored.url}`]);
      // The rider corrects the typos in the spreadsheet and imports it back.
      const fixed: Record<string, string> = { Waxd: "Waxed", "New tyer": "New tyre" };
      const rows = records.map((r, i) => ({
        row: i + 2,
        date: r[column("Date")]!,
        bicycle: r[column("Bicycle")]!,
        component: r[column("Component")]!,
        description: fixed[r[column("Description")]!]!,
        cost: r[column("Cost (USD)")]!,
        receipt: r[column("Receipt")]!,
      }));
      const preview = await json<ServiceCsvImportResult>(
        importRows(rider, { dateFormat: "iso", dryRun: true, rows }),
      );
      expect(preview.rows.map((r) => [r.description, r.status, r.receiptUrl, r.errors])).toEqual([
        ["New tyre", "new", link, []],
        ["Waxed", "new", stored.url, []],
      ]);
      const imported = await json<ServiceCsvImportResult>(importRows(rider, { dateFormat: "iso", rows }));
      expect(imported).toMatchObject({ imported: 2, skipped: 0 });
      // The same rows without their receipts are the same entries: skipped, the receipts kept.
      const bare = rows.map((r) => ({ ...r, receipt: "" }));
      expect(await json(importRows(rider, { dateFormat: "iso", rows: bare }))).toMatchObject({
        imported: 0,
        skipped: 2,
      });

      const receiptOf = async (componentId: string, description: string) =>
        (await logOf(rider, componentId)).services.find((s) => s.description === description)?.receiptUrl;
      expect(await receiptOf(chain.id, "Waxed")).toBe(stored.url);
      expect(await receiptOf(tyre.id, "New tyre")).toBe(link);
      // The misspelt entries deleted and a day gone by: the imported entry still shows the same file.
      for (const s of [
        ...(await logOf(rider, chain.id)).services,
        ...(await logOf(rider, tyre.id)).services,
      ]) {
        if (s.description in fixed) await rider.request("DELETE", `/api/services/${s.id}`);
      }
      await sweepUnattachedFiles(t.db, t.storage, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
      expect((await logOf(rider, chain.id)).services.map((s) => s.description)).toEqual(["Waxed"]);
      expect(await bytes()).toEqual(original);
    });

    it("refuses a receipt that is another user's file, no file or no link, naming the row, in preview and import", async () => {
      const rider = await signUp(t.app);
      const other = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const chain = await component(rider, road.id, "Chain");
      const theirs = await uploadFile(t.app, other, "receipt");
      const row = (n: number, receipt: string) => ({
        row: n,
        date: "2024-05-01",
        component: "Chain",
        description: `Service ${n}`,
        cost: "5",
        receipt,
      });
      const rows = [
        row(2, "https://shop.example/receipt.pdf"),
        row(3, `${TEST_ORIGIN}${theirs.url}`),
        row(4, theirs.url),
        row(5, `${TEST_ORIGIN}/api/files/00000000-0000-4000-8000-000000000000`),
        row(6, "in the drawer"),
        row(7, `https://shop.example/${"x".repeat(2000)}`),
      ];
      const expected = [
        `Row 3: receipt “${`${TEST_ORIGIN}${theirs.url}`.slice(0, 60)}…” is not one of your uploaded files`,
        `Row 4: receipt “${theirs.url}” is not one of your uploaded files`,
        "Row 5: receipt “http://localhost:3000/api/files/00000000-0000-4000-8000-0000…” is not one of your uploaded files",
        "Row 6: receipt “in the drawer” is not a link starting with http:// or https://",
        "Row 7: the receipt link is longer than 2000 characters",
      ];

      const preview = await importRows(rider, { dateFormat: "iso", dryRun: true, rows });
      expect(preview.status).toBe(200);
      const checked = await json<ServiceCsvImportResult>(preview);
      expect(checked.rows.map((r) => r.status)).toEqual(["new", "error", "error", "error", "error", "error"]);
      expect(checked.rows.flatMap((r) => r.errors)).toEqual(expected);

      const response = await importRows(rider, { dateFormat: "iso", rows });
      expect(response.status).toBe(400);
      const { error } = await json<{ error: { message: string; fields: Record<string, string> } }>(response);
      expect(error.message).toBe("5 rows have errors; nothing was imported.");
      expect(Object.values(error.fields)).toEqual(expected);
      expect((await logOf(rider, chain.id)).services).toHaveLength(0);
      // The other rider's receipt is still theirs alone.
      expect((await rider.request("GET", theirs.url)).status).toBe(404);
      expect((await other.request("GET", theirs.url)).status).toBe(200);
    });

    it("imports nothing when any row is wrong, naming each row and field", async () => {
      const rider = await signUp(t.app);
      const road = await bicycle(rider, "Road");
      const gravel = await bicycle(rider, "Gravel");
      const chain = await component(rider, road.id, "Chain");
      await component(rider, gravel.id, "Chain");
      const response = await importRows(rider, {
        dateFormat: "dmy",
        rows: [
          { row: 2, date: "01/05/2024", bicycle: "Road", component: "Chain", description: "Fine", cost: "5" },
          {
            row: 3,
            date: "31/02/2024",
            bicycle: "Road",
            component: "Chain",
            description: "Bad date",
            cost: "5",
          },
          { row: 4, date: "01/05/2024", component: "Chain", description: "Which chain?", cost: "5" },
          {
            row: 5,
            date: "01/05/2024",
            bicycle: "Road",
            component: "Chian",
            description: "Typo",
            cost: "-3",
          },
          { row: 6, date: "01/05/2024", bicycle: "Road", component: "Chain", description: " ", cost: "5" },
          {
            row: 7,
            date: "01/05/2024",
            bicycle: "Tandem",
            component: "Chain",
            description: "x".repeat(2001),
            cost: "5",
          },
          {
            row: 8,
            date: "01/05/2024",
            bicycle: "Road",
            component: "Chain",
            description: "Tyre",
            cost: "$1,250",
          },
        ],
      });
      expect(response.status).toBe(400);
      const { error } = await json<{
        error: { code: string; message: string; fields: Record<string, string> };
      }>(response);
      expect(error.code).toBe("VALIDATION");
      expect(error.message).toBe("6 rows have errors; nothing was imported.");
      expect(Object.values(error.fields)).toEqual([
        "Row 3: date “31/02/2024” is not a date",
        "Row 4: component “Chain” matches 2 of your components; choose a bicycle, or map a bicycle column",
        "Row 5: component “Chian” matches none of your components",
        "Row 5: cost “-3” is not an amount from 0 to 99,999,999.99 with at most 2 decimals",
        "Row 6: the description is empty",
        "Row 7: bicycle “Tandem” is not one of yours",
        "Row 7: the description is longer than 2000 characters",
        // A US "1,250" or a European "1,25"0? Said so, with both readings.
        "Row 8: cost “$1,250” could mean 1250 or 1.25; write the one you mean in the file",
      ]);
      expect((await logOf(rider, chain.id)).services).toHaveLength(0);

      // Narrowed to one bicycle, the chain is that bicycle's.
      const narrowed = await json<ServiceCsvImportResult>(
        importRows(rider, {
          dateFormat: "iso",
          bicycleId: road.id,
          rows: [{ row: 2, date: "2024-05-01", component: "Chain", description: "Fine", cost: "5" }],
        }),
      );
      expect(narrowed.rows[0]).toMatchObject({ status: "new", componentId: chain.id });
    });

    it("refuses a row dated in the future, as the service form does, and imports nothing", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Road");
      const chain = await component(rider, bike.id, "Chain");
      const nextYear = new Date().getUTCFullYear() + 1;
      const response = await importRows(rider, {
        dateFormat: "dmy",
        rows: [
          { row: 2, date: "01/05/2024", component: "Chain", description: "Waxed", cost: "5" },
          // A typo for 2024: it would reset the chain's interval from a day not yet come.
          { row: 3, date: `01/05/${nextYear}`, component: "Chain", description: "Waxed", cost: "5" },
        ],
      });
      expect(response.status).toBe(400);
      const { error } = await json<{ error: { message: string; fields: Record<string, string> } }>(response);
      expect(error.message).toBe("1 row has an error; nothing was imported.");
      expect(Object.values(error.fields)).toEqual([`Row 3: date “01/05/${nextYear}” is in the future`]);
      expect((await logOf(rider, chain.id)).services).toHaveLength(0);
    });

    it("says a date before 1900 is too long ago, not that it is no date, and imports nothing", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Road");
      const chain = await component(rider, bike.id, "Chain");
      const response = await importRows(rider, {
        dateFormat: "dmy",
        rows: [
          { row: 2, date: "1800-01-01", component: "Chain", description: "Waxed", cost: "5" },
          { row: 3, date: "31/12/1899", component: "Chain", description: "Waxed", cost: "5" },
          { row: 4, date: "0999-05-01", component: "Chain", description: "Waxed", cost: "5" },
          { row: 5, date: "01/01/1900", component: "Chain", description: "Waxed", cost: "5" },
        ],
      });
      expect(response.status).toBe(400);
      const { error } = await json<{ error: { message: string; fields: Record<string, string> } }>(response);
      expect(error.message).toBe("3 rows have errors; nothing was imported.");
      expect(Object.values(error.fields)).toEqual([
        "Row 2: date “1800-01-01” is before 1900",
        "Row 3: date “31/12/1899” is before 1900",
        "Row 4: date “0999-05-01” is before 1900",
      ]);
      expect((await logOf(rider, chain.id)).services).toHaveLength(0);
    });

    it("names the row and field of a cell too long for it, as when the notes column was chosen as the date", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Road");
      await component(rider, bike.id, "Chain");
      const note =
        "Chain waxed after the wet Sunday ride; also checked the jockey wheels, cleaned the cassette and re-indexed the shifting.";
      const response = await importRows(rider, {
        dateFormat: "iso",
        dryRun: true,
        rows: [
          { row: 2, date: "2024-05-01", component: "Chain", description: "Waxed", cost: "5" },
          { row: 3, date: note, component: "Chain", description: "Waxed", cost: note },
        ],
      });
      expect(response.status).toBe(200);
      const result = await json<ServiceCsvImportResult>(response);
      expect(result.rows[1]!.errors).toEqual([
        "Row 3: date “Chain waxed after the wet Sunday ride; also checked the jock…” is not a date",
        "Row 3: cost “Chain waxed after the wet Sunday ride; also checked the jock…” is not an amount from 0 to 99,999,999.99 with at most 2 decimals",
      ]);
    });

    it("names the field of a body a script got wrong, and imports nothing", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Road");
      const chain = await component(rider, bike.id, "Chain");
      const good = { row: 2, date: "2024-05-01", component: "Chain", description: "Waxed", cost: "5" };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ rows: "row 2" }, "rows", "rows must be a list of the file's rows"],
        [{ rows: ["row 2"] }, "rows.0", "Each of rows must be an object of the row's number and cells"],
        [{ rows: [{ ...good, row: "2" }] }, "rows.0.row", "row must be the row's number in the file, from 1"],
        [{ rows: [{ ...good, cost: 5 }] }, "rows.0.cost", "cost must be text of at most 20000 characters"],
        [{ rows: [good], dryRun: "yes" }, "dryRun", "dryRun must be true or false"],
        [{ rows: [good], bicycleId: 42 }, "bicycleId", "bicycleId must be an id (a UUID)"],
      ];
      for (const [body, field, message] of cases) {
        const response = await rider.request("POST", "/api/services/import", { dateFormat: "iso", ...body });
        expect(response.status, field).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: "VALIDATION", message, fields: { [field]: message } },
        });
      }
      expect((await logOf(rider, chain.id)).services).toHaveLength(0);
    });

    it("never finds another user's components or bicycle", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      const bike = await bicycle(owner, "Owner's bike");
      const chain = await component(owner, bike.id, "Owner's chain");
      const rows = [
        { row: 2, date: "2024-05-01", component: "Owner's chain", description: "Mine now", cost: "1" },
      ];
      const response = await importRows(other, { dateFormat: "iso", rows });
      expect(response.status).toBe(400);
      const { error } = await json<{ error: { fields: Record<string, string> } }>(response);
      expect(Object.values(error.fields)).toEqual([
        "Row 2: component “Owner's chain” matches none of your components",
      ]);
      expect((await importRows(other, { dateFormat: "iso", bicycleId: bike.id, rows })).status).toBe(404);
      expect((await logOf(owner, chain.id)).services).toHaveLength(0);
      expect(
        (await anonymous(t.app).request("POST", "/api/services/import", { dateFormat: "iso", rows })).status,
      ).toBe(401);
    });

    it("resets the component's only interval, as a service logged by hand does", async () => {
      const rider = await signUp(t.app);
      const bike = await bicycle(rider, "Road");
      const chain = await component(rider, bike.id, "Chain");
      const interval = await rider.request("POST", `/api/components/${chain.id}/intervals`, {
        label: "Wax",
        everyKm: 300,
      });
      expect(interval.status, await interval.clone().text()).toBe(201);
      await importRows(rider, {
        dateFormat: "iso",
        rows: [{ row: 2, date: "2024-05-01", component: "Chain", description: "Waxed", cost: "0" }],
      });
      const log = await logOf(rider, chain.id);
      expect(log.services[0]!.resetsIntervalIds).toHaveLength(1);
    });
  });
});

describeEachDatabase("a CSV download that fails partway", (kind) => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { BILLING_MODE: "off" }, logger: logs.logger });
  });

  it("is cut, and the failure is logged with the rider and the file", async () => {
    const rider = await signUp(t.app);
    const bike = await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", { name: "Gravel" }));
    // Pages of 500: each is read only once the one before has gone out.
    await t.db.insert(rides).values(
      Array.from({ length: 1600 }, (_, i) => ({
        userId: rider.userId,
        bicycleId: bike.bicycle.id,
        name: `Ride ${i}`,
        startedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
        distanceKm: "10.000",
        movingSeconds: 1800,
        source: "manual",
      })),
    );
    const response = await rider.request("GET", "/api/export/csv/rides");
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    // The byte-order mark, the header and the first page have gone out.
    for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false);
    // The database goes away partway through (as a lost connection would).
    await t.close();
    await expect(
      (async () => {
        while (!(await reader.read()).done) {
          // reading on until the answer is cut
        }
      })(),
    ).rejects.toThrow();
    const failures = logs.lines().filter((line) => line.msg === "csv export failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, userId: rider.userId, entity: "rides" });
  });
});
