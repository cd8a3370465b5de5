import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { startS3Server } from "./testing/s3-server.ts";
import {
  confirmTestCheckout,
  killAll,
  postJson,
  sessionCookie,
  startServer,
} from "./testing/spawn-server.ts";

afterEach(killAll);

const ORIGIN = { Origin: "http://localhost:3000" };
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Two app processes on one PostgreSQL and one S3-compatible store, as behind a load balancer: whatever
 * one process did, the other sees, because nothing per user lives in a process (docs/deploy.md).
 */
describe.skipIf(!postgresUrl)(
  `two app processes on one PostgreSQL and one S3 store${postgresUrl ? "" : " (skipped: TEST_DATABASE_URL not set)"}`,
  () => {
    it("signs in and uploads through one, reads, shares and signs out through the other; limits and billing hold across both", async () => {
      const s3 = await startS3Server();
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      const name = `velolog_processes_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "velolog-process-"))) as [
          string,
          string,
        ];
        const shared = {
          DATABASE_URL: url.toString(),
          BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
          // The test's requests name their client address in X-Forwarded-For, as a proxy would.
          TRUSTED_PROXIES: "127.0.0.1",
          ...s3.env,
        };
        // Started together: the second waits for the first's migrations (advisory lock).
        const [a, b] = await Promise.all(dirs.map((DATA_DIR) => startServer({ ...shared, DATA_DIR })));
        expect(a!.exitCode, a!.output()).toBeNull();
        expect(b!.exitCode, b!.output()).toBeNull();
        const A = a!.url;
        const B = b!.url;

        // Signed up (and the emailed link opened) through A; the session works on B.
        const cookie = await sessionCookie(A, "both@example.com", { dataDir: dirs[0] });
        const session = await fetch(`${B}/api/auth/get-session`, { headers: { Cookie: cookie } });
        expect(((await session.json()) as { user: { email: string } }).user.email).toBe("both@example.com");

        // A photo uploaded through A lands in the bucket, not in either process's DATA_DIR.
        const photo = await sharp({
          create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 160, b: 90 } },
        })
          .png()
          .toBuffer();
        const form = new FormData();
        form.set("file", new File([photo], "bike.png", { type: "image/png" }));
        form.set("purpose", "bicycle-image");
        const uploaded = await fetch(`${A}/api/files`, {
          method: "POST",
          headers: { Cookie: cookie, ...ORIGIN },
          body: form,
        });
        expect(uploaded.status).toBe(201);
        const { file } = (await uploaded.json()) as { file: { url: string } };
        expect(await s3.keys()).toHaveLength(1);
        for (const dir of dirs) expect(existsSync(path.join(dir, "bicycle_images"))).toBe(false);

        // Read through B: the same bytes; a bicycle with that photo and its share link made through B.
        const asRider = { headers: { Cookie: cookie } };
        const fromA = Buffer.from(await (await fetch(`${A}${file.url}`, asRider)).arrayBuffer());
        const fromB = await fetch(`${B}${file.url}`, asRider);
        expect(fromB.status).toBe(200);
        expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
        const bike = await postJson(`${B}/api/bicycles`, cookie, {
          name: "Shared tourer",
          imageUrl: file.url,
        });
        expect(bike.status).toBe(201);
        const { bicycle } = (await bike.json()) as { bicycle: { id: string } };
        const share = await postJson(`${B}/api/bicycles/${bicycle.id}/share`, cookie, { notes: "Look" });
        expect(share.status).toBe(201);
        const { link } = (await share.json()) as { link: { token: string } };
        for (const server of [A, B]) {
          const view = await fetch(`${server}/api/shared/${link.token}`);
          expect(view.status).toBe(200);
          const body = (await view.json()) as { snapshot: { bike: { name: string; imageUrl: string } } };
          expect(body.snapshot.bike.name).toBe("Shared tourer");
          // The photo through the link, for anyone holding it: the same bytes.
          const shared = await fetch(`${server}${body.snapshot.bike.imageUrl}`);
          expect(Buffer.from(await shared.arrayBuffer()).equals(fromA)).toBe(true);
        }

        // Billing state: Premium granted through A (test mode) is what B reports.
        expect((await confirmTestCheckout(A, cookie)).status).toBe(200);
        const status = await fetch(`${B}/api/subscription`, { headers: { Cookie: cookie } });
        expect(((await status.json()) as { subscriptionTier: string }).subscriptionTier).toBe("premium");

        // The sign-in limit (3 in 10 s per address) is one count across both processes.
        const attempt = (server: string) =>
          fetch(`${server}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.23", ...ORIGIN },
            body: JSON.stringify({ email: "both@example.com", password: "not-the-password" }),
          }).then((r) => r.status);
        expect([await attempt(A), await attempt(B), await attempt(A)]).toEqual([401, 401, 401]);
        expect([await attempt(B), await attempt(A)]).toEqual([429, 429]);

        // The per-account sign-in lock too: with the 3 failures above, 2 more from other client addresses
        // (5 in a row, through either process) lock the email on both, even for the right password.
        const signIn = (server: string, clientAddress: string, password: string) =>
          fetch(`${server}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress, ...ORIGIN },
            body: JSON.stringify({ email: "both@example.com", password }),
          });
        for (let n = 0; n < 2; n++) {
          const failed = await signIn(n % 2 ? B : A, `203.0.113.${n + 1}`, `wrong-${n}`);
          expect(failed.status).toBe(401);
        }
        for (const server of [A, B]) {
          const locked = await signIn(server, "203.0.113.9", "correct-horse");
          expect(locked.status).toBe(429);
          expect(((await locked.json()) as { code: string }).code).toBe("SIGN_IN_LOCKED");
        }

        // Signed out through B: the session is gone on A too.
        const out = await fetch(`${B}/api/auth/sign-out`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json", ...ORIGIN },
          body: "{}",
        });
        expect(out.status).toBe(200);
        expect((await fetch(`${A}/api/bicycles`, { headers: { Cookie: cookie } })).status).toBe(401);
        expect((await fetch(`${B}/api/bicycles`, { headers: { Cookie: cookie } })).status).toBe(401);
      } finally {
        killAll();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
        await s3.stop();
      }
    }, 120_000);
  },
);
