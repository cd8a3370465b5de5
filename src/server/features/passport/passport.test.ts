import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { UploadedFile } from "../../../shared/schemas/file.ts";
import type { Passport } from "../../../shared/schemas/passport.ts";
import {
  createTestApp,
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "../../testing/test-app.ts";

/** The PDF's text, one string per page. */
async function pdfPages(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes));
  return text;
}

/** How many pictures the PDF embeds (the photo, the QR code). */
async function imageCount(response: Response): Promise<number> {
  const raw = Buffer.from(await response.arrayBuffer()).toString("latin1");
  return raw.match(/\/Subtype \/Image/g)?.length ?? 0;
}

describeEachDatabase("service passport API", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function upload(rider: TestClient, purpose: "bicycle-image" | "receipt"): Promise<UploadedFile> {
    const form = new FormData();
    const bytes =
      purpose === "receipt"
        ? Buffer.from("%PDF-1.4\n%%EOF\n")
        : await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } })
            .png()
            .toBuffer();
    form.set("file", new File([new Uint8Array(bytes)], "upload"));
    form.set("purpose", purpose);
    const response = await t.app.request("/api/files", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    return (await json<{ file: UploadedFile }>(response)).file;
  }

  async function addComponent(rider: TestClient, bicycleId: string, name: string, mileage: number) {
    const { component } = await json<{ component: Component }>(
      rider.request("POST", "/api/components", {
        bicycleId,
        name,
        type: "Drivetrain",
        brand: "KMC",
        mileage,
      }),
    );
    return component;
  }

  async function bikeWithHistory(rider: TestClient, name = "Vélo ŝ Gravel") {
    const photo = await upload(rider, "bicycle-image");
    const receipt = await upload(rider, "receipt");
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", {
        name,
        serialNumber: "WTU-2291",
        purchaseDate: "2023-03-14",
        price: 2400,
        imageUrl: photo.url,
      }),
    );
    const chain = await addComponent(rider, bicycle.id, "Chain", 1200);
    const cassette = await addComponent(rider, bicycle.id, "Cassette", 800);
    const service = (componentId: string, body: object) =>
      rider.request("POST", `/api/components/${componentId}/services`, body);
    await service(chain.id, { date: "2024-05-01", description: "Waxed the chain", cost: 12.5 });
    await service(cassette.id, {
      date: "2024-06-10",
      description: "Replaced cassette",
      cost: 89.99,
      receiptUrl: receipt.url,
    });
    return bicycle;
  }

  it("answers the passport with components, every service entry, totals and no share link yet", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const response = await rider.request("GET", `/api/bicycles/${bicycle.id}/passport`);
    expect(response.status).toBe(200);
    const passport = await json<Passport>(response);
    expect(passport.bicycle).toMatchObject({ name: "Vélo ŝ Gravel", serialNumber: "WTU-2291" });
    expect(passport.components.map((c) => [c.name, c.distance])).toEqual([
      ["Chain", 1200],
      ["Cassette", 800],
    ]);
    expect(
      passport.services.map((s) => [s.date, s.componentName, s.description, s.cost, s.hasReceipt]),
    ).toEqual([
      ["2024-06-10", "Cassette", "Replaced cassette", 89.99, true],
      ["2024-05-01", "Chain", "Waxed the chain", 12.5, false],
    ]);
    expect(passport.totals).toEqual({ entries: 2, totalCost: 102.49 });
    expect([passport.shareUrl, passport.shareUrlWithoutCosts]).toEqual([null, null]);

    const link = await json<{ link: { token: string } }>(
      rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {}),
    );
    const shared = await json<Passport>(rider.request("GET", `/api/bicycles/${bicycle.id}/passport`));
    expect(shared.shareUrl).toBe(`${t.config.publicUrl}/shared/${link.link.token}`);
    expect(shared.shareUrlWithoutCosts).toBeNull();
  });

  it("puts on a passport without costs only the QR code of a link without costs", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const pdfText = async (costs: boolean) =>
      (
        await pdfPages(await rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf?costs=${costs}`))
      ).join("\n");
    const shareWith = async (includeCosts: boolean) =>
      (
        await json<{ link: { token: string } }>(
          rider.request("POST", `/api/bicycles/${bicycle.id}/share`, { includeCosts }),
        )
      ).link.token;
    const withoutCosts = await shareWith(false);
    const withCosts = await shareWith(true);
    const urls = await json<Passport>(rider.request("GET", `/api/bicycles/${bicycle.id}/passport`));
    expect([urls.shareUrl, urls.shareUrlWithoutCosts]).toEqual([
      `${t.config.publicUrl}/shared/${withCosts}`,
      `${t.config.publicUrl}/shared/${withoutCosts}`,
    ]);

    const seller = await signUp(t.app);
    const other = await bikeWithHistory(seller, "Only shared with costs");
    await seller.request("POST", `/api/bicycles/${other.id}/share`, {});
    const otherPdf = (costs: boolean) =>
      seller.request("GET", `/api/bicycles/${other.id}/passport.pdf?costs=${costs}`);
    // The newest link shows every amount: a passport printed without them would lead to them.
    expect((await pdfPages(await otherPdf(true))).join("\n")).toContain("Scan for the shared page");
    expect((await pdfPages(await otherPdf(false))).join("\n")).not.toContain("Scan for the shared page");
    expect(await pdfText(false)).toContain("Scan for the shared page");
  });

  it("makes a PDF holding the bicycle, its components and service history with costs", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const response = await rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Velo s Gravel service passport.pdf"; filename*=UTF-8''V%C3%A9lo%20%C5%9D%20Gravel%20service%20passport.pdf`,
    );
    const text = (await pdfPages(response)).join("\n");
    for (const expected of [
      "Vélo ŝ Gravel",
      "WTU-2291",
      "Mar 14, 2023",
      "Chain",
      "Cassette",
      "1,200 km",
      "Waxed the chain",
      "Replaced cassette",
      "Jun 10, 2024",
      "$12.50",
      "$89.99",
      "$102.49",
      "On file",
    ])
      expect(text).toContain(expected);
  });

  it("writes names in any European script whole; a character its font lacks becomes ?", async () => {
    const rider = await signUp(t.app);
    const bicycle = await json<{ bicycle: { id: string } }>(
      rider.request("POST", "/api/bicycles", { name: "Łódź Велосипед Ποδήλατο 自転車 𝗕𝗼𝗹𝗱" }),
    );
    await rider.request("POST", "/api/components", {
      bicycleId: bicycle.bicycle.id,
      name: "Řetěz “Ševčík” – 12s…",
      type: "Drivetrain",
    });
    const response = await rider.request("GET", `/api/bicycles/${bicycle.bicycle.id}/passport.pdf`);
    expect(response.status).toBe(200);
    const text = (await pdfPages(response)).join("\n");
    expect(text).toContain("Łódź Велосипед Ποδήλατο ??? Bold");
    expect(text).toContain("Řetěz “Ševčík” – 12s…");
  });

  it("leaves every amount out of the PDF when costs are left out", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const response = await rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf?costs=false`);
    expect(response.status).toBe(200);
    const text = (await pdfPages(response)).join("\n");
    expect(text).toContain("Waxed the chain");
    expect(text).toContain("Replaced cassette");
    for (const amount of ["$", "12.5", "89.99", "102.49", "2,400", "Cost"])
      expect(text).not.toContain(amount);
  });

  it("embeds the photo, and the QR code once the bicycle has a share link", async () => {
    const rider = await signUp(t.app);
    const bicycle = await bikeWithHistory(rider);
    const pdf = () => rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf`);
    const withPhoto = await imageCount(await pdf());
    expect(withPhoto).toBeGreaterThan(0);
    await rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {});
    const withLink = await pdf();
    expect(await imageCount(withLink.clone())).toBeGreaterThan(withPhoto);
    expect((await pdfPages(withLink)).join("\n")).toContain("Scan for the shared page");
  });

  it("breaks a long history across pages, with the table header on each", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Tourer" }),
    );
    const chain = await addComponent(rider, bicycle.id, "Chain", 0);
    for (let i = 1; i <= 70; i++) {
      const day = String((i % 28) + 1).padStart(2, "0");
      await rider.request("POST", `/api/components/${chain.id}/services`, {
        date: `2020-01-${day}`,
        description: `Service number ${i}`,
        cost: i,
      });
    }
    const pages = await pdfPages(await rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf`));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(1))
      expect(page).toMatch(/Date\s+Component\s+Description\s+Cost\s+Receipt/);
    const text = pages.join("\n");
    for (let i = 1; i <= 70; i++) expect(text).toMatch(new RegExp(`Service number ${i}(?!\\d)`));
  });

  it("goes on over the next page with a description taller than a page, beside its own date and cost", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: Bicycle }>(
      rider.request("POST", "/api/bicycles", { name: "Tourer" }),
    );
    const chain = await addComponent(rider, bicycle.id, "Chain", 0);
    const service = (date: string, description: string, cost: number) =>
      rider.request("POST", `/api/components/${chain.id}/services`, { date, description, cost });
    // 2,000 characters with no place to break a line: about 90 lines, more than a page holds.
    expect((await service("2024-03-03", `Notes ${"W".repeat(1990)} END`, 77.77)).status).toBe(201);
    await service("2024-01-01", "Oldest entry", 5);
    const pages = await pdfPages(await rider.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf`));
    const starts = pages.findIndex((page) => page.includes("Mar 3, 2024"));
    expect(pages[starts]).toContain("Notes WWW");
    expect(pages[starts]).toContain("$77.77");
    const ends = pages.findIndex((page) => / END/.test(page));
    expect(ends).toBe(starts + 1);
    expect(pages[ends]).toMatch(/Date\s+Component\s+Description\s+Cost\s+Receipt/);
    expect(pages[ends]).not.toContain("$77.77");
    expect(pages[ends]!.indexOf("Oldest entry")).toBeGreaterThan(pages[ends]!.indexOf(" END"));
    expect(pages.join("\n").match(/W/g)?.length).toBe(1990);
  });

  it("answers 404 for another user's bicycle and 400 for a bad costs value", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const bicycle = await bikeWithHistory(owner);
    for (const path of [`/api/bicycles/${bicycle.id}/passport`, `/api/bicycles/${bicycle.id}/passport.pdf`]) {
      const response = await other.request("GET", path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    const bad = await owner.request("GET", `/api/bicycles/${bicycle.id}/passport.pdf?costs=maybe`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        code: "VALIDATION",
        message: "costs must be true or false",
        fields: { costs: expect.any(String) },
      },
    });
  });
});
