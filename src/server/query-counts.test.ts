import { describe, expect, it } from "vitest";
import { DATA_SIZES, measureQueryCounts } from "./testing/query-counts.ts";
import { describeEachDatabase } from "./testing/test-app.ts";

/**
 * SQL statements per request on the benchmark's routes, the session check included: exactly these, and as
 * many with 3,000 service entries as with one (counts, never timings).
 */
const EXPECTED: Record<string, number> = {
  // No cookie, no session lookup: the health check's one statement.
  "GET /api/health (no session)": 1,
  // The session, then one relational query: figures, subscription, bicycles and recent entries.
  "GET /api/dashboard": 2,
  "GET /api/bicycles": 2,
  "GET /api/bicycles/:id": 2,
  // The bicycle's components read from the owned bicycle: one statement tells "none" from "not yours".
  "GET /api/bicycles/:id/components": 2,
  "GET /api/components/parts-bin": 2,
  "GET /api/components/:id/services": 2,
  "GET /api/shared/:token (no session)": 1,
  // The session, the component (the user's, with the names the answer shows), then one transaction
  // holding the insert and the component's intervals: a new entry resets the only one unless told
  // otherwise, and the entry is not stored if the intervals it names are not the component's.
  "POST /api/components/:id/services": 4,
};

describeEachDatabase("queries per request", (kind) => {
  describe("the benchmark's routes", () => {
    it("send exactly the expected statements, as many with 3,000 service entries as with one", async () => {
      const counts = await measureQueryCounts(kind);
      const [small, large] = DATA_SIZES.map((size) => size.name) as [string, string];
      const measured = Object.fromEntries(counts.routes.map((row) => [row.route, [row[small], row[large]]]));
      const expected = Object.fromEntries(Object.entries(EXPECTED).map(([route, n]) => [route, [n, n]]));
      expect(measured).toEqual(expected);
    }, 120_000);
  });
});
