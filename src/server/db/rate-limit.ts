import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./index.ts";

/**
 * A fixed-window counter kept in the database (the auth library's rate_limit table, with our own
 * keys), so limits hold across restarts and across several app processes. One atomic statement.
 * Returns true when this hit is within the limit.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - windowMs;
  const result = await db.execute(sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
    returning count
  `);
  const [row] = (result as unknown as { rows: { count: number | string }[] }).rows;
  return Number(row?.count ?? 1) <= limit;
}
