import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./index.ts";

export interface RateLimitHit {
  /** This hit is within the limit. */
  allowed: boolean;
  /** Seconds until the window ends and the count starts again (at least 1). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter kept in the database (the auth library's rate_limit table, with our own
 * keys), so limits hold across restarts and across several app processes. One atomic statement.
 */
export async function countRateLimitHit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitHit> {
  const now = Date.now();
  const windowStart = now - windowMs;
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count, last_request
  `);
  const [row] = (result as unknown as { rows: { count: number | string; last_request: number | string }[] })
    .rows;
  const started = Number(row?.last_request ?? now);
  return {
    allowed: Number(row?.count ?? 1) <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)),
  };
}

/** Counts a hit (see countRateLimitHit); true when it is within the limit. */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  return (await countRateLimitHit(db, key, limit, windowMs)).allowed;
}
