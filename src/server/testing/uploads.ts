import sharp from "sharp";
import { expect } from "vitest";
import type { UploadedFile } from "../../shared/schemas/file.ts";
import { json, TEST_ORIGIN, type TestApp, type TestClient } from "./test-app.ts";

export type UploadPurpose = "bicycle-image" | "component-image" | "receipt";

/**
 * Uploads a small file as the web app does (POST /api/files): a PNG of one colour for a photo, a tiny PDF
 * for a receipt. The colour makes each file's bytes its own.
 */
export async function uploadFile(
  app: TestApp["app"],
  rider: TestClient,
  purpose: UploadPurpose,
  color = "#2a7",
): Promise<UploadedFile> {
  const bytes =
    purpose === "receipt"
      ? Buffer.from(`%PDF-1.4\n% receipt ${color}\n%%EOF\n`)
      : await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
          .png()
          .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], "upload"));
  form.set("purpose", purpose);
  const response = await app.request("/api/files", {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await json<{ file: UploadedFile }>(response)).file;
}
