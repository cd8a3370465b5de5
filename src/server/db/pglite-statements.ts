import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/** The part of a PGlite client that drizzle's PGlite driver calls. */
export type PgliteQueryClient = Pick<PGlite, "query" | "transaction">;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** Names are unique in the process, so two wrappers of one database never collide. */
let statementCounter = 0;

interface NamedStatement {
  name: string;
  /** The parameters' type ids, as Postgres inferred them when it parsed the statement. */
  paramTypes: number[];
}

/**
 * A PGlite client whose statements outside transactions run as named prepared statements (decision 0021).
 * PGlite's own `query` sends every statement unnamed, so Postgres parses and plans it again on each call, in
 * five calls into the WebAssembly module (the dashboard's statement: 1.3–1.8 ms of CPU per call, 0.3 ms as a
 * named statement). Here each distinct SQL text is parsed once and then sent as one message (bind,
 * describe, execute, sync), the way node-postgres sends drizzle's named statements to PostgreSQL.
 *
 * At most `capacity` statements are kept (the least recently used is closed beyond that), so texts that
 * vary (lists of ids) cannot grow Postgres' memory without bound. Statements inside a transaction (the
 * migrations, a few multi-statement writes) go through PGlite's transaction unchanged.
 */
export function withNamedStatements(client: PGlite, capacity = 100): PgliteQueryClient {
  const statements = new Map<string, NamedStatement>();

  async function namedStatement(text: string, options?: QueryOptions): Promise<NamedStatement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text); // re-inserted: a Map iterates in insertion order, oldest first
      statements.set(text, known);
      return known;
    }
    const closeOldest: Uint8Array[] = [];
    if (statements.size >= capacity) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      closeOldest.push(serialize.close({ type: "S", name: oldest.name }));
    }
    const name = `velolog_${++statementCounter}`;
    const { messages } = await client.execProtocol(
      concat([
        ...closeOldest,
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function runNamed<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    try {
      const { name, paramTypes } = await namedStatement(text, options);
      // The same conversion of values as PGlite's own query: by the type Postgres expects for each parameter.
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const typeId = paramTypes[i]!;
        const toText = options?.serializers?.[typeId] ?? client.serializers[typeId];
        return toText ? toText(param) : String(param);
      });
      const { messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      // As PGlite's query reports it: the statement and its values with the database's error.
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      // Anything unusual (a closed database, file arguments) keeps PGlite's own path and its errors.
      if (!client.ready || options?.blob) return client.query<T>(text, params, options);
      // The same two locks as PGlite's query: not inside another caller's transaction, one statement at a time.
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runNamed<T>(text, params, options)),
      );
    },
    transaction: (callback) => client.transaction(callback),
  };
}
