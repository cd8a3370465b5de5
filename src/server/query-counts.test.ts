import { describe, expect, it } from "vitest";
import { DATA_SIZES, measureQueryCounts } from "./testing/query-counts.ts";
import { describeEachDatabase } from "./testing/test-app.ts";

/** Issue K: queries per request are constant whatever the amount of data (counts, never timings). */
describeEachDatabase("queries per request", (kind) => {
  describe("the benchmark's routes", () => {
    it("send as many statements with 3,000 service entries as with one; each hot read and the new service entry one, session included", async () => {
      const [small, large] = DATA_SIZES.map((size) => size.name) as [string, string];
      const counts = await measureQueryCounts(kind);
      expect(counts.routes.map((row) => row.route)).toHaveLength(9);
      for (const row of counts.routes) {
        expect(row[large], row.route).toBe(row[small]);
        expect(row[small], row.route).toBeGreaterThanOrEqual(0);
      }
      const count = (route: string) => counts.routes.find((row) => row.route.startsWith(route))?.[small];
      // The floor: the health check reads the database once, and no session is looked up without a cookie.
      expect(count("GET /api/health")).toBe(1);
      // Each hot read is one statement that reads the session too (decision 0022), the dashboard included.
      for (const read of [
        "GET /api/dashboard",
        "GET /api/bicycles",
        "GET /api/bicycles/:id",
        "GET /api/bicycles/:id/components",
        "GET /api/components/parts-bin",
        "GET /api/components/:id/services",
      ]) {
        expect(counts.routes.find((row) => row.route === read)?.[small], read).toBe(1);
      }
      // A new service entry: one statement reads the session and the component and writes (decision 0025).
      expect(count("POST /api/components/:id/services")).toBe(1);
    }, 120_000);
  });
});
