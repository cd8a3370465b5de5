import { randomBytes } from "node:crypto";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, Worker } from "@playwright/test";
import sharp from "sharp";
import { createBicycleThroughApi, createComponentThroughApi, expect, test } from "./fixtures.ts";

/** A real photo-sized JPEG over 1 MB (random noise compresses badly), written to a temp file. */
async function largeJpeg([width, height] = [3000, 2000]): Promise<string> {
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "velolog-photo-")), "IMG_0001.jpg");
  writeFileSync(file, bytes);
  return file;
}

/** The photo compressor's worker (the app has another: the time zone check's, lib/time-zone.worker.ts). */
const isCompressWorker = (worker: Worker) => worker.url().includes("/compress.worker-");

const sizeText = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

test("bicycle and component photos are uploaded and shown; a PDF receipt is attached and downloads", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toContain("@");
  const photo = await largeJpeg();
  const photoSize = statSync(photo).size;
  expect(photoSize).toBeGreaterThan(1024 * 1024);

  await page.goto("/bicycles");
  await page.getByRole("button", { name: "Add Bicycle" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Gravel Grinder");
  // Chromium has OffscreenCanvas with a WebP encoder, so the resizing and encoding run in a worker.
  const compressing = page.waitForEvent("worker", isCompressWorker);
  await page.getByLabel("Photo", { exact: true }).setInputFiles(photo);
  await expect(page.getByAltText("Photo preview")).toBeVisible();
  const sizes = page.getByText(/^Original: .* · Compressed: .*/);
  await expect(sizes).toContainText(`Original: ${sizeText(photoSize)}`);
  await expect(sizes).toContainText(/Compressed: \d+(\.\d)? KB/);
  expect((await compressing).url()).toMatch(/compress/);
  // A screen reader hears it: the upload's status line is a live region.
  await expect(page.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await page.getByRole("button", { name: "Add Bicycle" }).last().click();
  await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gravel Grinder", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to Bicycles" }).click();

  const card = page.getByRole("list", { name: "Bicycles" }).getByRole("listitem");
  const cardImage = card.getByRole("img", { name: "Gravel Grinder" });
  await expect(cardImage).toHaveAttribute("src", /^\/api\/files\/[0-9a-f-]{36}$/);
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);

  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/bicycles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Gravel Grinder", level: 1 })).toBeVisible();
  const pageImage = page.getByRole("img", { name: "Gravel Grinder" });
  await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  const served = await page.request.get((await pageImage.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("private, no-cache");

  // A component on it, and a service entry with a PDF receipt.
  const bicycleId = new URL(page.url()).pathname.split("/").pop()!;
  const component = await createComponentThroughApi(page, baseURL!, {
    name: "Brake pads",
    type: "Brakes",
    bicycleId,
  });
  await page.goto(`/bicycles/${bicycleId}/components/${component.id}`);
  // A small PNG is sent as it is (no compression below 1 MB) and shows on the component's page.
  await page.getByRole("button", { name: "Edit Component" }).click();
  const editForm = page.getByRole("form", { name: "Save Component" });
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  await editForm
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "pads.png", mimeType: "image/png", buffer: png });
  await expect(editForm.getByText("Uploaded")).toBeVisible();
  await expect(editForm.getByText(/^Original:/)).toHaveCount(0);
  await editForm.getByRole("button", { name: "Save Component" }).click();
  await expect(page.getByText("Component updated successfully.").first()).toBeVisible();
  const componentImage = page.getByRole("img", { name: "Brake pads" });
  await expect.poll(() => componentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);

  await page.getByRole("button", { name: "Add Service" }).click();
  const form = page.getByRole("form", { name: "Add Service Entry" });
  await form.getByLabel("Description").fill("New pads");
  await form.getByLabel("Cost ($)").fill("24.90");
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  await form
    .locator("#service-receipt-file")
    .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(form.getByText("Uploaded")).toBeVisible();
  // One receipt control: a file or a link, never both fields, and no internal path in sight.
  await expect(form.getByRole("radio", { name: "Upload a file" })).toBeChecked();
  await expect(form.getByRole("textbox", { name: "Receipt link" })).toHaveCount(0);
  await expect(form.getByText(/\/api\/files/)).toHaveCount(0);
  await form.getByRole("button", { name: "Add Service Entry" }).click();
  await expect(form).toBeHidden();

  const receipt = page.locator("tbody tr").first().getByRole("link", { name: "Receipt" });
  await expect(receipt).toHaveAttribute("href", /^\/api\/files\/[0-9a-f-]{36}$/);
  const download = await page.request.get((await receipt.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);

  // Editing: the attached file shows as a link to view it; a pasted link replaces it.
  await page.getByRole("button", { name: "Edit service entry New pads" }).click();
  const serviceEdit = page.getByRole("form", { name: "Update Service Entry" });
  await expect(serviceEdit.getByRole("link", { name: "View attached file" })).toBeVisible();
  await expect(serviceEdit.getByRole("textbox", { name: "Receipt link" })).toHaveCount(0);
  await serviceEdit.getByRole("radio", { name: "Paste a link" }).click();
  await expect(serviceEdit.getByRole("link", { name: "View attached file" })).toHaveCount(0);
  const link = serviceEdit.getByRole("textbox", { name: "Receipt link" });
  await expect(link).toHaveValue("");
  await link.fill("not a link");
  await serviceEdit.getByRole("button", { name: "Update Service Entry" }).click();
  await expect(serviceEdit.getByText("Receipt URL must be a valid URL")).toBeVisible();
  await link.fill("https://shop.example.com/orders/1234");
  await serviceEdit.getByRole("button", { name: "Update Service Entry" }).click();
  await expect(serviceEdit).toBeHidden();
  await expect(page.locator("tbody tr").first().getByRole("link", { name: "Receipt" })).toHaveAttribute(
    "href",
    "https://shop.example.com/orders/1234",
  );
});

/** Browsers the worker cannot serve: the page resizes and encodes the photo itself, with the same messages. */
for (const browser of [
  {
    name: "without OffscreenCanvas, the page compresses with a canvas element and sends WebP",
    init: () => {
      // @ts-expect-error: removing what an older browser does not have
      delete window.OffscreenCanvas;
    },
    sent: { name: "IMG_0001.webp", type: "image/webp" },
  },
  {
    name: "without a WebP encoder (Safari), the page compresses and sends JPEG",
    init: () => {
      // Safari answers a WebP request with PNG, as the canvas specification allows.
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (callback, type, quality) {
        toBlob.call(this, callback, type === "image/webp" ? "image/png" : type, quality);
      };
      const convertToBlob = OffscreenCanvas.prototype.convertToBlob;
      OffscreenCanvas.prototype.convertToBlob = function (options) {
        const type = options?.type === "image/webp" ? "image/png" : options?.type;
        return convertToBlob.call(this, { ...options, type });
      };
    },
    sent: { name: "IMG_0001.jpg", type: "image/jpeg" },
  },
]) {
  test(browser.name, async ({ page, rider }) => {
    expect(rider.email).toContain("@");
    await page.addInitScript(browser.init);
    // Notes the name and type of each file the page sends (a blob body is not visible on the request).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      const sent: { name: string; type: string }[] = [];
      Object.assign(window, { sentFiles: sent });
      XMLHttpRequest.prototype.send = function (body) {
        const file = body instanceof FormData ? body.get("file") : null;
        if (file instanceof File) sent.push({ name: file.name, type: file.type });
        send.call(this, body);
      };
    });
    // Decoding waits for the test (an old phone takes seconds), so the pending state can be seen.
    await page.addInitScript(() => {
      const decode = window.createImageBitmap.bind(window);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      Object.assign(window, { releaseDecode: () => release() });
      window.createImageBitmap = (async (...args: Parameters<typeof decode>) => {
        await released;
        return decode(...args);
      }) as typeof window.createImageBitmap;
    });
    const workers: string[] = [];
    page.on("worker", (worker) => isCompressWorker(worker) && workers.push(worker.url()));
    const photo = await largeJpeg();
    await page.goto("/bicycles");
    await page.getByRole("button", { name: "Add Bicycle" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Fallback Bike");
    await page.getByLabel("Photo", { exact: true }).setInputFiles(photo);
    await expect(page.getByRole("status").filter({ hasText: "Compressing the image…" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Bicycle" }).last()).toBeDisabled();
    await page.evaluate(() => (window as unknown as { releaseDecode: () => void }).releaseDecode());
    await expect(page.getByText("Compressing the image…")).toHaveCount(0);
    const sizes = page.getByText(/^Original: .* · Compressed: .*/);
    await expect(sizes).toContainText(`Original: ${sizeText(statSync(photo).size)}`);
    await expect(sizes).toContainText(/Compressed: \d+(\.\d)? KB/);
    await expect(page.getByText("Uploaded")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sentFiles: unknown[] }).sentFiles)).toEqual([
      browser.sent,
    ]);
    expect(workers).toEqual([]);
    await page.getByRole("button", { name: "Add Bicycle" }).last().click();
    await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
    const cardImage = page.getByRole("img", { name: "Fallback Bike" });
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  });
}

test.describe("an undecodable photo", () => {
  // Playwright's trace recorder (traces are kept on failure) fetches the broken blob: preview image to
  // store it, which our CSP's connect-src refuses. Only the recorder does: without tracing, no error.
  test.use({
    allowedConsoleErrors: [
      /^Connecting to 'blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+' violates .*connect-src/,
    ],
  });

  test("a photo the browser cannot decode gets SPEC's message, in the worker and on the page", async ({
    page,
    rider,
  }) => {
    expect(rider.email).toContain("@");
    // JPEG's first bytes, then 2 MB of noise: passes the type check, over 1 MB, does not decode.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2 * 1024 * 1024)]);
    for (const withWorker of [true, false]) {
      if (!withWorker) {
        await page.addInitScript(() => {
          // @ts-expect-error: removing what an older browser does not have
          delete window.OffscreenCanvas;
        });
      }
      await page.goto("/bicycles");
      await page.getByRole("button", { name: "Add Bicycle" }).click();
      const workers: string[] = [];
      page.on("worker", (worker) => isCompressWorker(worker) && workers.push(worker.url()));
      await page
        .getByLabel("Photo", { exact: true })
        .setInputFiles({ name: "broken.jpg", mimeType: "image/jpeg", buffer: broken });
      await expect(page.getByText("Failed to process image. Please try another file.")).toBeVisible();
      // Tabbing back to the button, a screen reader hears which field it is and what went wrong.
      await expect(page.getByRole("button", { name: "Choose file" })).toHaveAccessibleDescription(
        "Photo Failed to process image. Please try another file.",
      );
      expect(workers.length).toBe(withWorker ? 1 : 0);
    }
  });
});

/** Holds each photo upload until the test lets it through (a slow connection), in the order sent. */
async function holdUploads(page: Page) {
  const held: (() => void)[] = [];
  await page.route("**/api/files", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue().catch(() => {}); // an upload the page cancelled has no request to continue
  });
  return held;
}

const solidPng = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

test("on a slow connection the photo picked last is the one saved, and an upload can be cancelled", async ({
  page,
  rider,
}) => {
  expect(rider.email).toContain("@");
  const held = await holdUploads(page);
  await page.goto("/bicycles");
  await page.getByRole("button", { name: "Add Bicycle" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Slow Uploads");
  const photo = page.getByLabel("Photo", { exact: true });
  const save = page.getByRole("button", { name: "Add Bicycle" }).last();
  await photo.setInputFiles({
    name: "first.png",
    mimeType: "image/png",
    buffer: await solidPng("#c00", 400, 300),
  });
  await expect.poll(() => held.length).toBe(1);
  await expect(save).toBeDisabled();
  // A second choice while the first is still on its way: the rider now sees (and means) this one.
  await photo.setInputFiles({
    name: "second.png",
    mimeType: "image/png",
    buffer: await solidPng("#00c", 300, 400),
  });
  await expect.poll(() => held.length).toBe(2);
  held[1]!();
  await expect(page.getByText("Uploaded")).toBeVisible();
  held[0]!(); // the first, cancelled, would have arrived last
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Bicycle added successfully.")).toBeVisible();
  const saved = await page.request.get(
    (await page.getByRole("img", { name: "Slow Uploads" }).getAttribute("src"))!,
  );
  expect(await sharp(await saved.body()).metadata()).toMatchObject({ width: 300, height: 400 });

  // Cancelling an upload under way leaves the photo the bicycle had.
  await page.getByRole("heading", { name: "Slow Uploads", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Bicycle" });
  await edit.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "third.png",
    mimeType: "image/png",
    buffer: await solidPng("#0c0", 500, 500),
  });
  await expect.poll(() => held.length).toBe(3);
  await edit.getByRole("button", { name: "Cancel upload" }).click();
  await expect(edit.getByRole("button", { name: "Cancel upload" })).toHaveCount(0);
  await expect(edit.getByRole("progressbar")).toHaveCount(0);
  await expect(edit.getByRole("img", { name: "Photo preview" })).toHaveAttribute("src", /^\/api\/files\//);
  held[2]!();
  await edit.getByLabel("Description").fill("Photo kept");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Bicycle updated successfully.")).toBeVisible();
  const kept = await page.request.get(
    (await page.getByRole("img", { name: "Slow Uploads" }).getAttribute("src"))!,
  );
  expect(await sharp(await kept.body()).metadata()).toMatchObject({ width: 300, height: 400 });
});

test("a photographed receipt is compressed in the browser to 2048 px, not a photo's 1024", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toContain("@");
  const photo = await largeJpeg([1500, 4000]);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Receipts" });
  const component = await createComponentThroughApi(page, baseURL!, {
    name: "Chain",
    type: "Drivetrain",
    bicycleId: bicycle.id,
  });
  await page.goto(`/bicycles/${bicycle.id}/components/${component.id}`);
  await page.getByRole("button", { name: "Add Service" }).click();
  const form = page.getByRole("form", { name: "Add Service Entry" });
  await form.getByLabel("Description").fill("New chain");
  await form.getByLabel("Cost ($)").fill("30");
  await form.locator("#service-receipt-file").setInputFiles(photo);
  await expect(form.getByText(/^Original: .* · Compressed: .*/)).toBeVisible();
  await expect(form.getByText("Uploaded")).toBeVisible();
  await form.getByRole("button", { name: "Add Service Entry" }).click();
  await expect(form).toBeHidden();
  const receipt = page.locator("tbody tr").first().getByRole("link", { name: "Receipt" });
  const stored = await page.request.get((await receipt.getAttribute("href"))!);
  // Compressed in the browser, then kept: had the browser fitted it within 1024, it would be 384 px wide.
  expect(await sharp(await stored.body()).metadata()).toMatchObject({ width: 768, height: 2048 });
});

test("switching a receipt to a pasted link while its file uploads keeps the link", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toContain("@");
  const held = await holdUploads(page);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Receipts" });
  const component = await createComponentThroughApi(page, baseURL!, {
    name: "Chain",
    type: "Drivetrain",
    bicycleId: bicycle.id,
  });
  await page.goto(`/bicycles/${bicycle.id}/components/${component.id}`);
  await page.getByRole("button", { name: "Add Service" }).click();
  const form = page.getByRole("form", { name: "Add Service Entry" });
  await form.getByLabel("Description").fill("New chain");
  await form.getByLabel("Cost ($)").fill("30");
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  const isUpload = (request: { url: () => string }) => request.url().endsWith("/api/files");
  const ended = Promise.race([
    page.waitForEvent("requestfinished", isUpload),
    page.waitForEvent("requestfailed", isUpload),
  ]);
  await form
    .locator("#service-receipt-file")
    .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect.poll(() => held.length).toBe(1);
  await form.getByRole("radio", { name: "Paste a link" }).click();
  const link = form.getByRole("textbox", { name: "Receipt link" });
  await link.fill("https://shop.example.com/orders/77");
  held[0]!();
  await ended;
  await expect(link).toHaveValue("https://shop.example.com/orders/77");
  await form.getByRole("button", { name: "Add Service Entry" }).click();
  await expect(form).toBeHidden();
  await expect(page.locator("tbody tr").first().getByRole("link", { name: "Receipt" })).toHaveAttribute(
    "href",
    "https://shop.example.com/orders/77",
  );
});
