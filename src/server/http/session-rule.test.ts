import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_EXPIRES_IN,
  SESSION_UPDATE_AGE,
} from "../auth/session-lifetime.ts";
import type { OpenDatabase } from "../db/index.ts";
import { describeEachDatabase, openTestDatabase } from "../testing/test-app.ts";
import { sessionAcceptedAt, sessionAcceptedSql } from "./session.ts";

const DAY = 24 * 60 * 60 * 1000;
const LIFETIME = SESSION_ABSOLUTE_LIFETIME * 1000;

/**
 * Sessions a millisecond either side of every edge of the rule at `now`: expiry, the 30-day deadline, the
 * renewal point (7 days minus a day) and "expiry already at the deadline" (decision 0025).
 */
function boundaryCases(now: number): { expiresAt: number; createdAt: number; now: number }[] {
  const around = (t: number) => [t - 1, t, t + 1];
  const createdAts = [
    ...around(now - LIFETIME),
    ...around(now - LIFETIME + 1000),
    now - 29 * DAY,
    now - 25 * DAY,
    now - 3 * DAY,
    now - 1,
    now,
  ];
  return createdAts.flatMap((createdAt) => {
    const deadline = createdAt + LIFETIME;
    const expiries = [
      ...around(now),
      ...around(now + (SESSION_EXPIRES_IN - SESSION_UPDATE_AGE) * 1000),
      ...around(deadline - 1000),
      ...around(deadline),
      now + SESSION_EXPIRES_IN * 1000,
    ];
    return expiries.map((expiresAt) => ({ expiresAt, createdAt, now }));
  });
}

interface TextCase {
  expiresAt: string;
  createdAt: string;
  now: string;
}

describeEachDatabase("the session rule in SQL", (kind) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  /** The SQL rule's verdict for each case (timestamps as text), in a session whose time zone is `timeZone`. */
  async function verdictsInSql(cases: TextCase[], timeZone: string) {
    const rows = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.expiresAt}::timestamptz, ${c.createdAt}::timestamptz, ${c.now}::timestamptz)`,
      ),
      sql`, `,
    );
    return database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local time zone '${timeZone}'`));
      const result = (await tx.execute(
        sql`select i, ${sessionAcceptedSql(sql`e`, sql`c`, sql`n`)} as accepted
          from (values ${rows}) as cases(i, e, c, n) order by i`,
      )) as unknown as { rows: { i: number; accepted: boolean }[] };
      return result.rows.map((row) => row.accepted);
    });
  }

  // Now, and two moments whose 30 days back cross a daylight-saving change in Berlin.
  for (const now of [
    Date.now(),
    Date.parse("2026-10-26T12:00:00.000Z"),
    Date.parse("2026-03-30T00:30:00.000Z"),
  ]) {
    it(`accepts exactly the sessions the server's rule accepts, at every edge (${new Date(now).toISOString()})`, async () => {
      const cases = boundaryCases(now);
      const expected = cases.map((c) => sessionAcceptedAt(c.expiresAt, c.createdAt, c.now));
      const iso = (ms: number) => new Date(ms).toISOString();
      const asText = cases.map((c) => ({
        expiresAt: iso(c.expiresAt),
        createdAt: iso(c.createdAt),
        now: iso(c.now),
      }));
      // Both verdicts occur, or the comparison proves little.
      expect(expected).toContain(true);
      expect(expected).toContain(false);
      for (const timeZone of ["UTC", "Europe/Berlin"]) {
        expect(await verdictsInSql(asText, timeZone), timeZone).toEqual(expected);
      }
    });
  }

  it("reads microseconds as the server's dates do, cut to the millisecond", async () => {
    // PostgreSQL keeps microseconds; a JavaScript date of the same value has the millisecond below it.
    const now = "2026-11-22T12:00:00.000Z";
    const cases: TextCase[] = [
      // In a session's last days (expiry within a second of its 30-day deadline), 0.4 ms and 1.4 ms before
      // its expiry.
      ...["000400", "001400"].map((micros) => ({
        expiresAt: `2026-11-22T12:00:00.${micros}Z`,
        createdAt: `2026-10-23T12:00:00.5${micros.slice(1)}Z`,
        now,
      })),
      // 0.4 ms and 1.4 ms before its 30-day deadline.
      ...["000400", "001400"].map((micros) => ({
        expiresAt: "2026-11-22T12:00:00.500Z",
        createdAt: `2026-10-23T12:00:00.${micros}Z`,
        now,
      })),
    ];
    const expected = cases.map((c) =>
      sessionAcceptedAt(Date.parse(c.expiresAt), Date.parse(c.createdAt), Date.parse(c.now)),
    );
    expect(expected).toEqual([false, true, false, true]);
    expect(await verdictsInSql(cases, "UTC")).toEqual(expected);
  });

  it("refuses sessions with infinite timestamps, which the server's dates cannot hold", async () => {
    const cases: TextCase[] = [
      { expiresAt: "infinity", createdAt: "2026-11-21T12:00:00.000Z", now: "2026-11-22T12:00:00.000Z" },
      { expiresAt: "2026-11-28T13:00:00.000Z", createdAt: "infinity", now: "2026-11-22T12:00:00.000Z" },
      { expiresAt: "2026-11-28T13:00:00.000Z", createdAt: "-infinity", now: "2026-11-22T12:00:00.000Z" },
      // The same session with finite dates is accepted, so the refusals above are the infinities'.
      {
        expiresAt: "2026-11-28T13:00:00.000Z",
        createdAt: "2026-11-21T12:00:00.000Z",
        now: "2026-11-22T12:00:00.000Z",
      },
    ];
    const expected = cases.map((c) =>
      sessionAcceptedAt(Date.parse(c.expiresAt), Date.parse(c.createdAt), Date.parse(c.now)),
    );
    expect(expected).toEqual([false, false, false, true]);
    expect(await verdictsInSql(cases, "UTC")).toEqual(expected);
  });
});
