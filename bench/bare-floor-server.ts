/**
 * The bare floor (bench/bare-floor.ts): Hono on Node with nothing of ours, one route that answers without
 * the database and one that asks PostgreSQL once, as our reads do (node-postgres, a pool of 4, a prepared
 * statement). Started as its own process, like the app's server in the load benchmark.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const app = new Hono()
  .get("/api/health", (c) => c.json({ status: "alive" }))
  .get("/read", async (c) => {
    const result = await pool.query({
      name: "bare_read",
      text: "select $1::text as id",
      values: [c.req.path],
    });
    return c.json({ id: result.rows[0].id });
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
