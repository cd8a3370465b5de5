import { describe, expect, it } from "vitest";
import { DATA_SIZES, measureQueryCounts } from "./testing/query-counts.ts";
import { describeEachDatabase } from "./testing/test-app.ts";

/** Issue K: queries per request are constant whatever the amount of data (counts, never timings). */
describeEachDatabase("queries per request", (kind) => {
  describe("the benchmark's routes", () => {
    it("send as many statements with 3,000 service entries as with one, the dashboard at most 3 of its own, the session check 1", async () => {
      const [small, large] = DATA_SIZES.map((size) => size.name) as [string, string];
      const counts = await measureQueryCounts(kind);
      expect(counts.routes.map((row) => row.route)).toHaveLength(9);
      for (const row of counts.routes) {
        expect(row[large], row.route).toBe(row[small]);
        expect(row[small], row.route).toBeGreaterThanOrEqual(0);
      }
      // The floor: the health check reads the database once, and no session is looked up without a cookie.
      expect(counts.routes.find((row) => row.route.startsWith("GET /api/health"))?.[small]).toBe(1);
      expect(counts.dashboardOwn[small]).toBeLessThanOrEqual(3);
      expect(counts.dashboardOwn[large]).toBe(counts.dashboardOwn[small]);
      // The session check reads the session and its user in one statement (auth.ts, advanced.database.joins).
      expect(counts.sessionCheck[small]).toBe(1);
      expect(counts.sessionCheck[large]).toBe(1);
    }, 120_000);
  });
});
