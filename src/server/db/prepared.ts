import type { Database } from "./index.ts";

/**
 * A statement built once per database and sent as a named prepared statement: drizzle builds its SQL once
 * instead of on every request (that building was about a fifth of the CPU of a read), and PostgreSQL parses
 * and plans it once per connection. Values are bound with `sql.placeholder(name)`. For the hot read paths;
 * `build` must call `.prepare(name)` with a name no other statement uses.
 */
export function preparedStatement<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const byDatabase = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
