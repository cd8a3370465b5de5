/**
 * How far a read that asks the database once can get, on this machine, against a request that does no
 * database work: a bare Hono server (bench/bare-floor-server.ts, none of our middleware) answering without
 * the database, then asking PostgreSQL `select $1` once per request; autocannon at 50 connections as in the
 * load benchmark, the two alternated twice. Issue K's /api/health/live reading of the floor asks our reads
 * for 40% of such a request; this shows what one round trip alone leaves of it.
 */
import autocannon from "autocannon";
import { killAll, startServerOnFreePort } from "../src/server/testing/spawn-server.ts";

export interface BareFloorFigures {
  round: number;
  noDatabaseRps: number;
  oneQueryRps: number;
  ratio: string;
}

const SECONDS = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 10) / 2));

function rps(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: SECONDS }, (error, result) =>
      error ? reject(error) : resolve(Math.round(result.requests.average)),
    );
  });
}

export async function benchBareFloor(postgresUrl: string): Promise<BareFloorFigures[]> {
  const entry = new URL("./bare-floor-server.ts", import.meta.url).pathname;
  const server = await startServerOnFreePort(() => ({ DATABASE_URL: postgresUrl }), entry);
  if (!server.url) throw new Error(`bare server did not start: ${server.output()}`);
  try {
    await rps(`${server.url}/read`); // warm-up: connections opened, statement prepared
    const rounds: BareFloorFigures[] = [];
    for (let round = 1; round <= 2; round++) {
      const noDatabaseRps = await rps(`${server.url}/api/health`);
      const oneQueryRps = await rps(`${server.url}/read`);
      rounds.push({
        round,
        noDatabaseRps,
        oneQueryRps,
        ratio: `${Math.round((oneQueryRps / noDatabaseRps) * 100)}%`,
      });
    }
    return rounds;
  } finally {
    killAll();
  }
}
