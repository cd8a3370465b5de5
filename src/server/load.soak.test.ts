import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { killAll, postJson, sessionCookie, startServerOnFreePort } from "./testing/spawn-server.ts";

afterEach(killAll);

const SECONDS = Number(process.env.LOAD_TEST_SECONDS ?? 60);
const CONNECTIONS = 50;
const ORIGIN = "http://localhost:3000";

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

describe("under a mixed load", () => {
  it(
    `serves ${CONNECTIONS} connections for ${SECONDS} s with no 5xx, no lost write, and bounded memory`,
    async () => {
      const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "velolog-load-"));
      const server = await startServerOnFreePort(() => ({
        AUTH_RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
        DATA_DIR,
      }));
      expect(server.url, server.output()).not.toBe("");
      const url = server.url;
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();

      const riders = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const email = `load-${i}-${randomBytes(3).toString("hex")}@example.com`;
          return {
            email,
            cookie: await sessionCookie(url, email, { dataDir: DATA_DIR }),
            acknowledged: [] as string[],
          };
        }),
      );

      const deadline = Date.now() + SECONDS * 1000;
      const statuses = new Map<number, number>();
      let failures = 0;
      const memory: number[] = [];
      const sampler = setInterval(() => memory.push(residentMemoryMb(server.child.pid!)), 2000);

      const worker = async (w: number) => {
        let n = 0;
        while (Date.now() < deadline) {
          const rider = riders[(w + n) % riders.length]!;
          const roll = (w * 7 + n++) % 10;
          let response: Response;
          try {
            if (roll < 4) {
              const paths = [
                "/api/dashboard",
                "/api/bicycles",
                "/api/components/parts-bin",
                "/api/subscription",
              ];
              response = await fetch(`${url}${paths[n % paths.length]}`, {
                headers: { Cookie: rider.cookie },
              });
            } else if (roll < 8) {
              const name = `w${w}-${n}`;
              response = await postJson(`${url}/api/components`, rider.cookie, { name, type: "Other" });
              if (response.status === 201) rider.acknowledged.push(name);
            } else if (roll < 9) {
              response = await fetch(`${url}/api/auth/sign-in/email`, {
                method: "POST",
                headers: { "Content-Type": "application/json", Origin: ORIGIN },
                body: JSON.stringify({ email: rider.email, password: "correct-horse" }),
              });
            } else {
              const form = new FormData();
              form.append("purpose", "component-image");
              form.append("file", new Blob([png], { type: "image/png" }), "part.png");
              response = await fetch(`${url}/api/files`, {
                method: "POST",
                headers: { Cookie: rider.cookie, Origin: ORIGIN },
                body: form,
              });
            }
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          } catch {
            failures++;
          }
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
      clearInterval(sampler);

      const fiveHundreds = [...statuses].filter(([status]) => status >= 500);
      expect(fiveHundreds, JSON.stringify([...statuses])).toEqual([]);
      expect(failures).toBe(0);
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(SECONDS * 20);

      for (const rider of riders) {
        const bin = (await (
          await fetch(`${url}/api/components/parts-bin`, { headers: { Cookie: rider.cookie } })
        ).json()) as {
          components: { name: string }[];
        };
        const stored = new Set(bin.components.map((c) => c.name));
        expect(rider.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      }

      // Memory after warm-up may not keep climbing: the last third stays within 50% (+64 MB) of the first third.
      const third = Math.max(1, Math.floor(memory.length / 3));
      const early = Math.max(...memory.slice(0, third));
      const late = Math.max(...memory.slice(-third));
      expect(late, `RSS MB over time: ${memory.map(Math.round).join(", ")}`).toBeLessThan(early * 1.5 + 64);
    },
    (SECONDS + 120) * 1000,
  );
});
