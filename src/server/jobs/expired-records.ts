import { and, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import {
  rateLimit,
  session,
  signInFailures,
  stripeEvents,
  testCheckouts,
  verification,
} from "../db/schema.ts";
import { TEST_CHECKOUT_LIFETIME_MS } from "../features/billing/service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any rate-limit window (the longest is an hour) and than "in a row" for sign-in failures. */
const COUNTERS_KEPT_MS = DAY_MS;
/** Stripe retries an event for up to three days, and its signature holds for five minutes: 30 days is ample. */
const STRIPE_EVENTS_KEPT_MS = 30 * DAY_MS;

export interface RemovedRecords {
  sessions: number;
  verifications: number;
  rateLimits: number;
  signInFailures: number;
  testCheckouts: number;
  stripeEvents: number;
}

/**
 * Deletes the rows that can no longer change any answer, so a server that runs for years keeps small
 * tables: expired sessions and emailed-link tokens, rate-limit counters and sign-in failures whose windows
 * ended, test-mode checkouts never confirmed within their lifetime, and Stripe events too old to be sent
 * again. What a user made or paid for is never touched.
 */
export async function removeExpiredRecords(db: Database, now: Date): Promise<RemovedRecords> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const counted = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await counted(
      db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id }),
    ),
    verifications: await counted(
      db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id }),
    ),
    rateLimits: await counted(
      db
        .delete(rateLimit)
        .where(lt(rateLimit.lastRequest, now.getTime() - COUNTERS_KEPT_MS))
        .returning({ id: rateLimit.id }),
    ),
    signInFailures: await counted(
      db
        .delete(signInFailures)
        .where(
          and(
            lt(signInFailures.lastFailedAt, before(COUNTERS_KEPT_MS)),
            or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, now)),
          ),
        )
        .returning({ key: signInFailures.emailKey }),
    ),
    testCheckouts: await counted(
      db
        .delete(testCheckouts)
        .where(
          and(
            isNull(testCheckouts.confirmedAt),
            lt(testCheckouts.createdAt, before(TEST_CHECKOUT_LIFETIME_MS + DAY_MS)),
          ),
        )
        .returning({ id: testCheckouts.id }),
    ),
    stripeEvents: await counted(
      db
        .delete(stripeEvents)
        .where(lt(stripeEvents.processedAt, before(STRIPE_EVENTS_KEPT_MS)))
        .returning({ id: stripeEvents.id }),
    ),
  };
}
