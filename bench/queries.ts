/**
 * SQL statements per request for each route of the load benchmark, at two data sizes side by side
 * (counts: unaffected by how busy the machine is). The same measurement backs query-counts.test.ts.
 */
import { DATA_SIZES, measureQueryCounts } from "../src/server/testing/query-counts.ts";

export async function benchQueries() {
  const results = [await measureQueryCounts("pglite")];
  if (process.env.TEST_DATABASE_URL) results.push(await measureQueryCounts("postgres"));
  const [small, large] = DATA_SIZES;
  const sizeLabel = (size: typeof small) =>
    `${size.name}: ${size.bicycles} bicycle(s), ${size.bicycles * size.componentsPerBicycle + 1} components, ` +
    `${size.bicycles * size.componentsPerBicycle * size.entriesPerComponent} service entries, ${size.shareLinks} link(s)`;
  const table = results.flatMap((result) =>
    result.routes.map((row) => ({
      database: result.database,
      route: row.route,
      [small.name]: row[small.name],
      [large.name]: row[large.name],
      constant: row[small.name] === row[large.name] ? "yes" : "NO",
    })),
  );
  return { sizes: [sizeLabel(small), sizeLabel(large)], table };
}
