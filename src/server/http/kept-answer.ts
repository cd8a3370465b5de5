import type { Context } from "hono";
import type { Auth } from "../auth/auth.ts";
import { type AnswerCache, sessionVersions, type VersionedAnswer } from "../db/data-version.ts";
import type { Database } from "../db/index.ts";
import type { SessionRow } from "../db/session-row.ts";
import type { AppEnv } from "./context.ts";
import { acceptedUser, withSession } from "./session.ts";

/** How a route marked with `foldsSession` keeps its answers between requests (decisions 0027 to 0029). */
export interface KeptRead<Answer extends VersionedAnswer> {
  answers: AnswerCache<Answer>;
  /** The key of a request's answer: its session token, or an id from its path. */
  key: (token: string) => string;
  /**
   * The route's statement, reading the session row along with the answer (`withSession`); given `known`,
   * the answer held, it may answer `known` itself when the version it reads is `known`'s. `answer` null:
   * nothing of the user's to answer (the route's 404).
   */
  read: (
    token: string,
    known: Answer | undefined,
  ) => Promise<{ session: SessionRow; answer: Answer | null } | undefined>;
  /** The route's "you must be logged in" message. */
  message?: string;
}

/**
 * The answer of a route that keeps its answers (null: the route's 404). An answer held for the request's
 * key is answered again when the session is accepted as it stands and the user's data version is still
 * the answer's: that check is one statement shared by the requests read at the same time (`sessionVersions`,
 * decision 0029). Otherwise the route's own statement runs through `withSession`, and its answer is kept.
 */
export async function keptOrRead<Answer extends VersionedAnswer>(
  c: Context<AppEnv>,
  db: Database,
  auth: Auth,
  route: KeptRead<Answer>,
): Promise<Answer | null> {
  const pending = c.get("pendingSessionToken");
  const held = pending === undefined ? undefined : route.answers.get(route.key(pending));
  if (pending !== undefined && held && (await stillCurrent(c, db, pending, held))) return held;
  let key = "";
  let known: Answer | undefined;
  const { row } = await withSession(
    c,
    auth,
    (token) => {
      key = route.key(token);
      known = route.answers.get(key);
      return route.read(token, known);
    },
    route.message,
  );
  if (row.answer && row.answer !== known) route.answers.set(key, row.answer);
  return row.answer;
}

/**
 * True when the session of `token` is accepted as it stands and its user's data version is `held`'s; the
 * signed-in user is then set as `withSession` sets it.
 */
async function stillCurrent(
  c: Context<AppEnv>,
  db: Database,
  token: string,
  held: VersionedAnswer,
): Promise<boolean> {
  const found = await sessionVersions(db).get(token);
  const user = found && found.version === held.version && acceptedUser(found.session);
  if (!user) return false;
  c.set("pendingSessionToken", undefined);
  c.set("user", user);
  c.set("sessionToken", token);
  return true;
}
