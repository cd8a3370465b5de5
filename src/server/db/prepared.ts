import type { Database } from "./index.ts";

/** What `build` makes of a database, made once per database and then reused. */
export function oncePerDatabase<Made>(build: (db: Database) => Made): (db: Database) => Made {
  const byDatabase = new WeakMap<Database, Made>();
  return (db) => {
    let made = byDatabase.get(db);
    if (made === undefined) {
      made = build(db);
      byDatabase.set(db, made);
    }
    return made;
  };
}

/**
 * A statement built once per database and sent as a named prepared statement: drizzle builds its SQL once
 * instead of on every request (that building was about a fifth of the CPU of a read), and PostgreSQL parses
 * and plans it once per connection. Values are bound with `sql.placeholder(name)`. For the hot read paths;
 * `build` must call `.prepare(name)` with a name no other statement uses.
 */
export const preparedStatement: <Statement>(
  build: (db: Database) => Statement,
) => (db: Database) => Statement = oncePerDatabase;
