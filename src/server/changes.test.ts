import sharp from "sharp";
import { expect, it } from "vitest";
import type { CreatedApiToken } from "../shared/schemas/api-token.ts";
import type { Bicycle } from "../shared/schemas/bicycle.ts";
import type { Component } from "../shared/schemas/component.ts";
import type { UploadedFile } from "../shared/schemas/file.ts";
import type { Ride } from "../shared/schemas/ride.ts";
import type { ServiceEntry, ServiceLog } from "../shared/schemas/service-entry.ts";
import type { ServiceInterval } from "../shared/schemas/service-interval.ts";
import {
  answered,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  tokenClient,
  useTestApp,
} from "./testing/test-app.ts";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** Decision 0057: a PUT changes the fields it sends; a field left out keeps its value, null clears it. */
describeEachDatabase("changing an object (PUT)", (kind) => {
  const t = useTestApp(kind);

  async function upload(rider: TestClient, purpose: "bicycle-image" | "component-image" | "receipt") {
    const form = new FormData();
    if (purpose === "receipt") {
      form.set("file", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "r.pdf", { type: "application/pdf" }));
    } else {
      const png = await sharp({
        create: { width: 10, height: 10, channels: 3, background: { r: 200, g: 40, b: 40 } },
      })
        .png()
        .toBuffer();
      form.set("file", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
    }
    form.set("purpose", purpose);
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
      body: form,
    });
    return answered<UploadedFile>(response, "file");
  }

  /** Whether the owner can still download the file (a released file answers 404). */
  const downloads = async (rider: TestClient, url: string) => (await rider.request("GET", url)).status;

  /** A script with a personal read-and-write token, as the reviewer called the API. */
  async function script(rider: TestClient) {
    const created = await json<CreatedApiToken>(
      rider.request("POST", "/api/api-tokens", { name: "script", scope: "write", expiresInDays: null }),
    );
    return tokenClient(t.app, created.secret);
  }

  it("bicycles: a PUT with only the name keeps every other field and the photo; explicit nulls clear them and release the photo", async () => {
    const rider = await signUp(t.app);
    const photo = await upload(rider, "bicycle-image");
    const full = {
      name: "Trail",
      description: "29er, 120 mm fork",
      purchaseDate: "2024-03-14",
      price: 1899.99,
      purchaseCondition: "used",
      storeName: "Corner Bike Shop",
      serialNumber: "WTU123456",
      storeLink: "https://example.com/bikes/trail",
      imageUrl: photo.url,
    };
    const created = await answered<Bicycle>(rider.request("POST", "/api/bicycles", full), "bicycle");
    const api = await script(rider);

    const renamed = await answered<Bicycle>(
      api.request("PUT", `/api/bicycles/${created.id}`, { name: "Renamed" }),
      "bicycle",
    );
    expect(renamed).toMatchObject({ ...full, name: "Renamed" });
    expect(await answered<Bicycle>(rider.request("GET", `/api/bicycles/${created.id}`), "bicycle")).toEqual(
      renamed,
    );
    expect(await downloads(rider, photo.url)).toBe(200);

    // Sending the photo it already has keeps the file too.
    await answered(
      api.request("PUT", `/api/bicycles/${created.id}`, { name: "Renamed", imageUrl: photo.url }),
      "bicycle",
    );
    expect(await downloads(rider, photo.url)).toBe(200);

    const cleared = await answered<Bicycle>(
      api.request("PUT", `/api/bicycles/${created.id}`, {
        name: "Renamed",
        description: null,
        purchaseDate: null,
        price: null,
        purchaseCondition: null,
        storeName: null,
        serialNumber: null,
        storeLink: null,
        imageUrl: null,
      }),
      "bicycle",
    );
    expect(cleared).toMatchObject({
      name: "Renamed",
      description: null,
      purchaseDate: null,
      price: null,
      purchaseCondition: null,
      storeName: null,
      serialNumber: null,
      storeLink: null,
      imageUrl: null,
    });
    expect(await downloads(rider, photo.url)).toBe(404);
  });

  it("bicycles: a form's empty fields still clear them", async () => {
    const rider = await signUp(t.app);
    const created = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", {
        name: "Road",
        description: "Steel",
        price: 900,
        storeName: "Shop",
      }),
      "bicycle",
    );
    const changed = await answered<Bicycle>(
      rider.request("PUT", `/api/bicycles/${created.id}`, {
        name: "Road",
        description: "",
        price: "",
        storeName: "  ",
        purchaseCondition: "",
      }),
      "bicycle",
    );
    expect(changed).toMatchObject({
      description: null,
      price: null,
      storeName: null,
      purchaseCondition: null,
    });
  });

  it("components: a PUT with name and type keeps brand, notes, mileage and the photo; explicit nulls clear them (mileage to 0) and release the photo", async () => {
    const rider = await signUp(t.app);
    const photo = await upload(rider, "component-image");
    const full = { name: "Fork", type: "Fork", brand: "Fox", mileage: 1234.5, notes: "Serviced yearly" };
    const created = await answered<Component>(
      rider.request("POST", "/api/components", { ...full, imageUrl: photo.url }),
      "component",
    );
    const api = await script(rider);

    const renamed = await answered<Component>(
      api.request("PUT", `/api/components/${created.id}`, { name: "Front fork", type: "Fork" }),
      "component",
    );
    expect(renamed).toMatchObject({ ...full, name: "Front fork", imageUrl: photo.url });
    expect(await downloads(rider, photo.url)).toBe(200);

    const cleared = await answered<Component>(
      api.request("PUT", `/api/components/${created.id}`, {
        name: "Front fork",
        type: "Fork",
        brand: null,
        mileage: null,
        notes: null,
        imageUrl: null,
      }),
      "component",
    );
    expect(cleared).toMatchObject({ brand: null, mileage: 0, notes: null, imageUrl: null });
    expect(await downloads(rider, photo.url)).toBe(404);
  });

  it("service entries: a PUT without the receipt keeps it and what the entry resets; null clears it and releases the file", async () => {
    const rider = await signUp(t.app);
    const component = await answered<Component>(
      rider.request("POST", "/api/components", { name: "Chain", type: "Drivetrain" }),
      "component",
    );
    const interval = await answered<ServiceInterval>(
      rider.request("POST", `/api/components/${component.id}/intervals`, { label: "Wax", everyKm: 300 }),
      "interval",
    );
    const receipt = await upload(rider, "receipt");
    const created = await answered<ServiceEntry>(
      rider.request("POST", `/api/components/${component.id}/services`, {
        date: "2024-05-01",
        description: "Waxed",
        cost: 12.5,
        receiptUrl: receipt.url,
      }),
      "service",
    );
    const api = await script(rider);

    const changed = await answered<ServiceEntry>(
      api.request("PUT", `/api/services/${created.id}`, {
        date: "2024-05-02",
        description: "Re-waxed",
        cost: 14,
      }),
      "service",
    );
    expect(changed).toMatchObject({
      date: "2024-05-02",
      description: "Re-waxed",
      cost: 14,
      receiptUrl: receipt.url,
    });
    expect(await downloads(rider, receipt.url)).toBe(200);
    const log = await json<ServiceLog>(rider.request("GET", `/api/components/${component.id}/services`));
    expect(log.services.map((s) => s.resetsIntervalIds)).toEqual([[interval.id]]);

    const cleared = await answered<ServiceEntry>(
      api.request("PUT", `/api/services/${created.id}`, {
        date: "2024-05-02",
        description: "Re-waxed",
        cost: 14,
        receiptUrl: null,
      }),
      "service",
    );
    expect(cleared.receiptUrl).toBeNull();
    expect(await downloads(rider, receipt.url)).toBe(404);
  });

  it("rides: a PUT without the elevation keeps it; null clears it", async () => {
    const rider = await signUp(t.app);
    const bike = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", { name: "Gravel" }),
      "bicycle",
    );
    const required = {
      name: "Loop",
      startedAt: "2024-06-01T08:00:00.000Z",
      distanceKm: 42.5,
      movingSeconds: 5400,
    };
    const created = await answered<Ride>(
      rider.request("POST", `/api/bicycles/${bike.id}/rides`, { ...required, elevationGainM: 650 }),
      "ride",
    );
    const api = await script(rider);

    const renamed = await answered<Ride>(
      api.request("PUT", `/api/rides/${created.id}`, { ...required, name: "Long loop" }),
      "ride",
    );
    expect(renamed).toMatchObject({ name: "Long loop", distanceKm: 42.5, elevationGainM: 650 });

    const cleared = await answered<Ride>(
      api.request("PUT", `/api/rides/${created.id}`, { ...required, elevationGainM: null }),
      "ride",
    );
    expect(cleared.elevationGainM).toBeNull();
  });

  it("intervals: a PUT with only the label keeps the measures; null clears one; clearing the last one is a 400 that changes nothing", async () => {
    const rider = await signUp(t.app);
    const component = await answered<Component>(
      rider.request("POST", "/api/components", { name: "Chain", type: "Drivetrain" }),
      "component",
    );
    const created = await answered<ServiceInterval>(
      rider.request("POST", `/api/components/${component.id}/intervals`, {
        label: "Replace",
        everyKm: 3000,
        everyMonths: 12,
      }),
      "interval",
    );
    const api = await script(rider);
    const stored = async () =>
      (
        await answered<ServiceInterval[]>(
          rider.request("GET", `/api/components/${component.id}/intervals`),
          "intervals",
        )
      ).find((i) => i.id === created.id)!;

    const relabelled = await answered<ServiceInterval>(
      api.request("PUT", `/api/intervals/${created.id}`, { label: "Swap" }),
      "interval",
    );
    expect(relabelled).toMatchObject({ label: "Swap", everyKm: 3000, everyHours: null, everyMonths: 12 });

    const noKm = await answered<ServiceInterval>(
      api.request("PUT", `/api/intervals/${created.id}`, { label: "Swap", everyKm: null }),
      "interval",
    );
    expect(noKm).toMatchObject({ everyKm: null, everyHours: null, everyMonths: 12 });

    // Months is the only measure left: clearing it (even with the other two left out) leaves none.
    for (const body of [
      { label: "Nothing", everyMonths: null },
      { label: "Nothing", everyKm: null, everyHours: "", everyMonths: null },
    ]) {
      const refused = await api.request("PUT", `/api/intervals/${created.id}`, body);
      expect(refused.status).toBe(400);
      expect((await json<ErrorBody>(refused)).error).toEqual({
        code: "VALIDATION",
        message: "Set a distance, hours or months",
        fields: { everyKm: "Set a distance, hours or months" },
      });
    }
    expect(await stored()).toMatchObject({ label: "Swap", everyKm: null, everyHours: null, everyMonths: 12 });

    // Swapping months for hours in one change is fine: the result has a measure.
    const hours = await answered<ServiceInterval>(
      api.request("PUT", `/api/intervals/${created.id}`, {
        label: "Swap",
        everyHours: 40,
        everyMonths: null,
      }),
      "interval",
    );
    expect(hours).toMatchObject({ everyKm: null, everyHours: 40, everyMonths: null });
  });

  /**
   * One object of each kind, every field filled in, with how to read it back, one field to change alone,
   * and the fields creating requires with the message a missing one gets.
   */
  async function everyKind(rider: TestClient) {
    const bike = await answered<Bicycle>(
      rider.request("POST", "/api/bicycles", {
        name: "Trail",
        description: "29er",
        purchaseDate: "2024-03-14",
        price: 1899.99,
        purchaseCondition: "used",
        storeName: "Corner Bike Shop",
        serialNumber: "WTU123456",
        storeLink: "https://example.com/trail",
      }),
      "bicycle",
    );
    const component = await answered<Component>(
      rider.request("POST", "/api/components", {
        name: "Fork",
        type: "Fork",
        brand: "Fox",
        mileage: 1234.5,
        notes: "Serviced yearly",
        bicycleId: bike.id,
      }),
      "component",
    );
    const interval = await answered<ServiceInterval>(
      rider.request("POST", `/api/components/${component.id}/intervals`, {
        label: "Lower service",
        everyKm: 3000,
        everyHours: 50,
        everyMonths: 12,
      }),
      "interval",
    );
    const service = await answered<ServiceEntry>(
      rider.request("POST", `/api/components/${component.id}/services`, {
        date: "2024-05-01",
        description: "Lower service",
        cost: 80,
      }),
      "service",
    );
    const ride = await answered<Ride>(
      rider.request("POST", `/api/bicycles/${bike.id}/rides`, {
        name: "Loop",
        startedAt: "2024-06-01T08:00:00.000Z",
        distanceKm: 42.195,
        movingSeconds: 5025,
        elevationGainM: 650,
      }),
      "ride",
    );
    const readBicycle = () => answered<Bicycle>(rider.request("GET", `/api/bicycles/${bike.id}`), "bicycle");
    const readComponent = () =>
      answered<Component>(rider.request("GET", `/api/components/${component.id}`), "component");
    const readService = async () =>
      (await json<ServiceLog>(rider.request("GET", `/api/components/${component.id}/services`))).services[0];
    const readInterval = async () =>
      (
        await answered<ServiceInterval[]>(
          rider.request("GET", `/api/components/${component.id}/intervals`),
          "intervals",
        )
      )[0];
    const readRide = async () =>
      (await json<{ rides: Ride[] }>(rider.request("GET", `/api/bicycles/${bike.id}/rides`))).rides[0];
    return [
      {
        kind: "bicycle",
        varies: ["updatedAt"],
        url: `/api/bicycles/${bike.id}`,
        key: "bicycle",
        read: readBicycle,
        change: { description: "Carbon wheels now" },
        required: { name: "Please enter a bicycle name" },
      },
      {
        kind: "component",
        varies: ["updatedAt"],
        url: `/api/components/${component.id}`,
        key: "component",
        read: readComponent,
        change: { notes: "Seals replaced" },
        required: { name: "Please enter a component name", type: "Please select a component type" },
      },
      {
        kind: "service entry",
        varies: ["updatedAt"],
        url: `/api/services/${service.id}`,
        key: "service",
        read: readService,
        change: { cost: 95.5 },
        required: {
          date: "Please select a date",
          description: "Please enter a description",
          cost: "Please enter a cost",
        },
      },
      {
        kind: "interval",
        // Its status follows its measures; it has no updatedAt.
        varies: ["status"],
        url: `/api/intervals/${interval.id}`,
        key: "interval",
        read: readInterval,
        change: { everyHours: 40 },
        required: { label: "Label is required" },
      },
      {
        kind: "ride",
        varies: ["updatedAt"],
        url: `/api/rides/${ride.id}`,
        key: "ride",
        read: readRide,
        change: { elevationGainM: 700 },
        required: {
          name: "Please enter a name for the ride",
          startedAt: "Please enter when the ride started",
          distanceKm: "Distance must be a number above 0 and at most 2,000 km",
          movingSeconds: "Moving time must be between 0 and 48 hours",
        },
      },
    ] as const;
  }

  it("every kind: a PUT of one field keeps every other, the required ones too", async () => {
    const rider = await signUp(t.app);
    for (const { kind, url, key, read, change, varies } of await everyKind(rider)) {
      const before: Record<string, unknown> = { ...(await read()) };
      for (const field of varies) delete before[field];
      const changed = await answered<Record<string, unknown>>(rider.request("PUT", url, change), key);
      const after = await read();
      expect(after, kind).toMatchObject({ ...before, ...change });
      expect(after, kind).toMatchObject(changed);
    }
  });

  it("every kind: a rename from one tab survives another tab's save of a different field", async () => {
    const rider = await signUp(t.app);
    const renames = {
      bicycle: { name: "Renamed" },
      component: { name: "Front fork" },
      "service entry": { description: "Full lower service" },
      interval: { label: "Seal service" },
      ride: { name: "Long loop" },
    };
    for (const { kind, url, key, read, change } of await everyKind(rider)) {
      await answered(rider.request("PUT", url, renames[kind]), key);
      await answered(rider.request("PUT", url, change), key);
      expect(await read(), kind).toMatchObject({ ...renames[kind], ...change });
    }
  });

  it("every kind: null or an empty string for a field creating requires is a 400 naming it, and changes nothing", async () => {
    const rider = await signUp(t.app);
    for (const { kind, url, read, required } of await everyKind(rider)) {
      const before = await read();
      for (const [field, message] of Object.entries(required)) {
        for (const value of [null, "", "   "]) {
          const refused = await rider.request("PUT", url, { [field]: value, ...otherChange(kind) });
          expect(refused.status, `${kind} ${field} ${JSON.stringify(value)}`).toBe(400);
          const { error } = await json<ErrorBody>(refused);
          expect(error.code).toBe("VALIDATION");
          expect(error.fields, `${kind} ${field} ${JSON.stringify(value)}`).toEqual({ [field]: message });
        }
      }
      expect(await read(), kind).toEqual(before);
    }
  });

  /** A valid change sent beside the refused field: the 400 keeps it out too. */
  function otherChange(kind: string) {
    return kind === "interval" ? { everyKm: 5000 } : kind === "ride" ? { elevationGainM: 1 } : {};
  }

  it("every kind: an empty PUT changes nothing and answers the object; another rider's is still a 404", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    for (const { kind, url, key, read } of await everyKind(rider)) {
      const before = await read();
      const answer = await answered<Record<string, unknown>>(rider.request("PUT", url, {}), key);
      expect(before, kind).toMatchObject(answer);
      expect(await read(), kind).toEqual(before);
      expect((await other.request("PUT", url, {})).status, kind).toBe(404);
    }
  });

  it("the OpenAPI document shows every field of each PUT body as optional, with no default, and says what leaving out means", async () => {
    const doc = await json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody: {
              description?: string;
              content: Record<
                string,
                { schema: { required?: string[]; properties: Record<string, object> } }
              >;
            };
          }
        >
      >;
    }>(t.app.request("/api/openapi.json"));
    const paths = [
      "/api/bicycles/{id}",
      "/api/components/{id}",
      "/api/services/{id}",
      "/api/rides/{id}",
      "/api/intervals/{id}",
    ];
    for (const path of paths) {
      const body = doc.paths[path]!.put!.requestBody;
      const schema = body.content["application/json"]!.schema;
      expect(schema.required ?? [], path).toEqual([]);
      expect(Object.keys(schema.properties).length, path).toBeGreaterThan(2);
      for (const [field, property] of Object.entries(schema.properties)) {
        expect(property, `${path} ${field}`).not.toHaveProperty("default");
      }
      expect(body.description, path).toContain("left out keeps its value");
    }
  });
});
