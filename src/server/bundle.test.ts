import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BUILT_SERVER,
  exited,
  freshServerBundle,
  killAll,
  postJson,
  sessionCookie,
  startServerOnFreePort,
} from "./testing/spawn-server.ts";

afterEach(killAll);

const METRICS_TOKEN = "bundle-test-metrics-token";

/**
 * `npm start` runs the server bundle (decision 0031), so what bundling could break is tried on the bundle
 * itself: the packages left outside it (PGlite, argon2, sharp, pino, prom-client), the
 * migrations copied beside it, and a clean shutdown and restart on the same data. (Linux, as CI.)
 */
describe("the server bundle that npm start runs", () => {
  beforeAll(() => {
    freshServerBundle();
  }, 60_000);

  it("serves the API on the embedded database, stores photos, and keeps data across a restart", async () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-bundle-"));
    const env = { DATA_DIR, LOG_LEVEL: "warn", METRICS_TOKEN };
    const first = await startServerOnFreePort(() => env, BUILT_SERVER);
    expect(first.exitCode, first.output()).toBeNull();
    expect(await (await fetch(`${first.url}/api/health`)).json()).toMatchObject({ status: "ok" });

    const cookie = await sessionCookie(first.url, "bundle@example.com", { dataDir: DATA_DIR });
    const created = await postJson(`${first.url}/api/bicycles`, cookie, { name: "Bundled" });
    expect(created.status).toBe(201);
    // pdfkit reads its fonts' metrics from files beside its code.
    const { bicycle } = (await created.json()) as { bicycle: { id: string } };
    const pdf = await fetch(`${first.url}/api/bicycles/${bicycle.id}/passport.pdf`, {
      headers: { Cookie: cookie },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1e5aa0" } })
      .jpeg()
      .toBuffer();
    form.set("file", new File([new Uint8Array(jpeg)], "bike.jpg", { type: "image/jpeg" }));
    form.set("purpose", "bicycle-image");
    const uploaded = await fetch(`${first.url}/api/files`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost:3000" },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { file } = (await uploaded.json()) as { file: { url: string } };
    const photo = await fetch(`${first.url}${file.url}`, { headers: { Cookie: cookie } });
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1024, 768]);

    const metrics = await fetch(`${first.url}/api/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("http_requests_total");

    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);

    const second = await startServerOnFreePort(() => env, BUILT_SERVER);
    expect(second.exitCode, second.output()).toBeNull();
    const again = await sessionCookie(second.url, "bundle@example.com", {
      dataDir: DATA_DIR,
      existing: true,
    });
    const list = (await (
      await fetch(`${second.url}/api/bicycles`, { headers: { Cookie: again } })
    ).json()) as {
      bicycles: { name: string }[];
    };
    expect(list.bicycles.map((bicycle) => bicycle.name)).toEqual(["Bundled"]);
    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toBe(0);
  }, 120_000);
});
