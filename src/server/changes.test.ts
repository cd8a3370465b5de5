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

  it("the OpenAPI document shows each PUT body's fields left out as optional, with no default, and says what leaving out means", async () => {
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
    const expected = {
      "/api/bicycles/{id}": ["name"],
      "/api/components/{id}": ["name", "type"],
      "/api/services/{id}": ["date", "description", "cost"],
      "/api/rides/{id}": ["name", "startedAt", "distanceKm", "movingSeconds"],
      "/api/intervals/{id}": ["label"],
    };
    for (const [path, required] of Object.entries(expected)) {
      const body = doc.paths[path]!.put!.requestBody;
      const schema = body.content["application/json"]!.schema;
      expect(schema.required, path).toEqual(required);
      for (const [field, property] of Object.entries(schema.properties)) {
        expect(property, `${path} ${field}`).not.toHaveProperty("default");
      }
      expect(body.description, path).toContain("left out keeps its value");
    }
  });
});
