import { eq, sql } from "drizzle-orm";
import { session, user } from "./schema.ts";

/** A session row with its user, as the session check and the statements that fold it in read them. */
export interface SessionRow {
  expiresAt: Date;
  createdAt: Date;
  userId: string;
  email: string;
  name: string;
}

/** The columns of `SessionRow`, for a statement over "session" joined to its "user" (`SESSION_USER`). */
export const SESSION_ROW = {
  expiresAt: session.expiresAt,
  createdAt: session.createdAt,
  userId: user.id,
  email: user.email,
  name: user.name,
};

/** The join from a session to its user. */
export const SESSION_USER = eq(user.id, session.userId);

/** The condition that picks the cookie's session: bind its token as the placeholder `token`. */
export const BY_SESSION_TOKEN = eq(session.token, sql.placeholder("token"));
