import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "./index.ts";
import { user, userStats } from "./schema.ts";

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

/** Up to `maxBytes` of answers, least recently used dropped first; answers without a version are not kept. */
export class AnswerCache<Answer extends VersionedAnswer = VersionedAnswer> {
  readonly #answers: LRUCache<string, Answer>;

  constructor(maxBytes = 8 * 1024 * 1024) {
    this.#answers = new LRUCache({
      maxSize: maxBytes,
      // JavaScript strings take two bytes per character at most; the rest is the entry's overhead.
      sizeCalculation: (answer) => 2 * (answer.json.length + (answer.version?.length ?? 0)) + 200,
    });
  }

  get(key: string): Answer | undefined {
    return this.#answers.get(key);
  }

  /** Keeps `answer` under `key` unless it has no version. */
  set(key: string, answer: Answer): void {
    if (answer.version !== null) this.#answers.set(key, answer);
  }
}
