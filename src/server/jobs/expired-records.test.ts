import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  rateLimit,
  session,
  signInFailures,
  stripeEvents,
  testCheckouts,
  verification,
} from "../db/schema.ts";
import { describeEachDatabase, signUp, useTestApp } from "../testing/test-app.ts";
import { removeExpiredRecords } from "./expired-records.ts";

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("removing expired records", (kind) => {
  const t = useTestApp(kind);

  it("deletes what can no longer change an answer and keeps the rest: the rider stays signed in", async () => {
    const rider = await signUp(t.app);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const tag = rider.userId.slice(0, 8);

    await t.db.insert(session).values({
      id: `old-${tag}`,
      token: `old-token-${tag}`,
      userId: rider.userId,
      expiresAt: ago(1000),
    });
    await t.db.insert(verification).values([
      { id: `old-v-${tag}`, identifier: `old-${tag}`, value: "x", expiresAt: ago(1000) },
      { id: `new-v-${tag}`, identifier: `new-${tag}`, value: "x", expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await t.db.insert(rateLimit).values([
      { id: `old-r-${tag}`, key: `old-${tag}`, count: 3, lastRequest: now.getTime() - 2 * DAY },
      { id: `new-r-${tag}`, key: `new-${tag}`, count: 3, lastRequest: now.getTime() - 60_000 },
    ]);
    await t.db.insert(signInFailures).values([
      { emailKey: `old-${tag}`, failures: 2, lastFailedAt: ago(2 * DAY), lockedUntil: null },
      { emailKey: `recent-${tag}`, failures: 6, lastFailedAt: ago(60_000), lockedUntil: null },
    ]);
    const checkouts = await t.db
      .insert(testCheckouts)
      .values([
        { userId: rider.userId, createdAt: ago(3 * DAY) },
        { userId: rider.userId, createdAt: ago(3 * DAY), confirmedAt: ago(3 * DAY) },
        { userId: rider.userId, createdAt: ago(60_000) },
      ])
      .returning({ id: testCheckouts.id });
    await t.db.insert(stripeEvents).values([
      { id: `evt_old_${tag}`, type: "customer.subscription.updated", processedAt: ago(40 * DAY) },
      { id: `evt_new_${tag}`, type: "customer.subscription.updated", processedAt: ago(DAY) },
    ]);

    const removed = await removeExpiredRecords(t.db, now);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.stripeEvents).toBeGreaterThanOrEqual(1);

    const sessions = await t.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, rider.userId));
    expect(sessions.map((s) => s.id)).not.toContain(`old-${tag}`);
    expect(sessions).toHaveLength(1);
    expect((await rider.request("GET", "/api/bicycles")).status).toBe(200);

    const left = async <T extends { id: unknown }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
    expect(
      await left(
        t.db
          .select({ id: verification.id })
          .from(verification)
          .where(inArray(verification.id, [`old-v-${tag}`, `new-v-${tag}`])),
      ),
    ).toEqual([`new-v-${tag}`]);
    expect(
      await left(
        t.db
          .select({ id: rateLimit.id })
          .from(rateLimit)
          .where(inArray(rateLimit.id, [`old-r-${tag}`, `new-r-${tag}`])),
      ),
    ).toEqual([`new-r-${tag}`]);
    expect(
      (
        await t.db
          .select({ key: signInFailures.emailKey })
          .from(signInFailures)
          .where(inArray(signInFailures.emailKey, [`old-${tag}`, `recent-${tag}`]))
      ).map((r) => r.key),
    ).toEqual([`recent-${tag}`]);
    expect(
      (
        await left(
          t.db
            .select({ id: testCheckouts.id })
            .from(testCheckouts)
            .where(eq(testCheckouts.userId, rider.userId)),
        )
      ).sort(),
    ).toEqual([checkouts[1]!.id, checkouts[2]!.id].sort());
    expect(
      await left(
        t.db
          .select({ id: stripeEvents.id })
          .from(stripeEvents)
          .where(inArray(stripeEvents.id, [`evt_old_${tag}`, `evt_new_${tag}`])),
      ),
    ).toEqual([`evt_new_${tag}`]);

    // Run again: nothing more to remove of this rider's.
    const again = await removeExpiredRecords(t.db, now);
    expect(again.testCheckouts).toBe(0);
  });
});
