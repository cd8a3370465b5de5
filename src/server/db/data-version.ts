import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { CoalescedLookup } from "./coalesced.ts";
import type { Database } from "./index.ts";
import { oncePerDatabase, preparedStatement } from "./prepared.ts";
import { session, user, userStats } from "./schema.ts";
import { SESSION_ROW, SESSION_USER, type SessionRow } from "./session-row.ts";

/**
 * Answers kept between requests and checked against the database on each one (decision 0027).
 *
 * A user's data version is their id and the versions of their `user_stats` rows. Triggers give one of those
 * rows a new value from a sequence, in the same transaction, on every insert, update and delete of the
 * user's bicycles, components and service entries (migration 0010); a sequence never gives a value twice.
 * So two statements that read the same version read the same data. A hot read sends the version of the
 * answer the server holds; its statement still checks the session and ownership, and builds the answer only
 * when the version differs.
 */

/** The version in the statement that joins `userDataVersion` (written out: drizzle drops the qualifier). */
export const DATA_VERSION = sql<string | null>`"data_version"."version"`;

/** The version, as a subquery to join laterally to a statement over "user" (null: no rows yet). */
export function userDataVersion(db: Database) {
  return db
    .select({
      version: sql<
        string | null
      >`"user"."id" || ':' || string_agg(${userStats.version}::text, ',' order by ${userStats.shard})`.as(
        "version",
      ),
    })
    .from(userStats)
    .where(eq(userStats.userId, user.id))
    .as("data_version");
}

/** A session row with its user's data version. */
export interface SessionVersion {
  session: SessionRow;
  version: string | null;
}

const sessionVersionsQuery = preparedStatement((db) =>
  db
    .select({ token: session.token, session: SESSION_ROW, version: DATA_VERSION })
    .from(session)
    .innerJoin(user, SESSION_USER)
    .leftJoinLateral(userDataVersion(db), sql`true`)
    .where(sql`"session"."token" = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("session_versions"),
);

/**
 * The session rows and data versions of session tokens, looked up for many requests in one statement
 * (decision 0029): what a request holding a kept answer needs to know to answer it again.
 */
export const sessionVersions = oncePerDatabase(
  (db) =>
    new CoalescedLookup<SessionVersion>(async (tokens) => {
      const rows = await sessionVersionsQuery(db).execute({ tokens });
      return new Map(rows.map(({ token, ...row }) => [token, row]));
    }),
);

/** JSON text of an answer, and the data version it was read at. */
export interface VersionedAnswer {
  version: string | null;
  json: string;
}

/**
 * What a statement given `known` answers: `known` itself when the statement built nothing because the version
 * it read is `known`'s, or else the answer `build` makes of what it built.
 */
export function keptOrBuilt<Answer extends VersionedAnswer>(
  known: Answer | undefined,
  version: string | null,
  builtNothing: boolean,
  build: () => Answer,
): Answer {
  return builtNothing && known && version === known.version ? known : build();
}

/**
 * Up to `maxBytes` of answers, least recently used dropped first; answers without a version are not kept.
 * `usable`: whether a held answer may still be answered at its version (a clock can end what it shows).
 */
export class AnswerCache<Answer extends VersionedAnswer = VersionedAnswer> {
  readonly #answers: LRUCache<string, Answer>;
  readonly #usable: (answer: Answer) => boolean;

  constructor({ maxBytes = 8 * 1024 * 1024, usable = () => true }: AnswerCacheOptions<Answer> = {}) {
    this.#usable = usable;
    this.#answers = new LRUCache({
      maxSize: maxBytes,
      // JavaScript strings take two bytes per character at most; the rest is the entry's overhead.
      sizeCalculation: (answer) => 2 * (answer.json.length + (answer.version?.length ?? 0)) + 200,
    });
  }

  get(key: string): Answer | undefined {
    const answer = this.#answers.get(key);
    return answer && this.#usable(answer) ? answer : undefined;
  }

  /** Keeps `answer` under `key` unless it has no version. */
  set(key: string, answer: Answer): void {
    if (answer.version !== null) this.#answers.set(key, answer);
  }
}

interface AnswerCacheOptions<Answer> {
  maxBytes?: number;
  usable?: (answer: Answer) => boolean;
}
