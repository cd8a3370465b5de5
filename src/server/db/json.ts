import { type SQL, sql } from "drizzle-orm";

/**
 * Answers rendered as JSON by the database (decision 0019). For the hot list reads, PostgreSQL builds the
 * JSON text of the answer and the server sends it as it comes: no rows to parse, map and stringify in
 * Node, which was most of the server's CPU on those routes. The SQL here is written out in full (table
 * names quoted as in the schema) because it runs inside other statements, where drizzle would drop table
 * qualifiers; it never contains values, which are bound as placeholders by the statement around it.
 * The functions below take SQL text: pass them constants written in the code, never anything a request sent.
 */

/** A timestamptz as JavaScript's `Date#toISOString()` writes it: UTC, milliseconds, "Z". */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The rows of `query` as a JSON array (text), `[]` when there are none. Each row becomes an object whose
 * keys are the query's column aliases. The array keeps the query's ORDER BY: the aggregate reads a sorted
 * subquery and nothing reorders it in between (PostgreSQL keeps a subquery with ORDER BY as it is). Where
 * rows can share their timestamps (an import's components), end the ORDER BY with the id, so they keep one
 * order from read to read.
 */
export function jsonArrayOf(query: string): SQL<string> {
  return sql.raw(`coalesce((select json_agg("row") from (${query}) "row"), '[]')::text`) as SQL<string>;
}
