import { and, count, desc, eq } from "drizzle-orm";
import { messages } from "../../../shared/messages.ts";
import {
  API_TOKEN_LIMIT,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from "../../../shared/schemas/api-token.ts";
import { apiTokenStart, hashApiTokenSecret, newApiTokenSecret } from "../../auth/api-token-secret.ts";
import type { Database } from "../../db/index.ts";
import { apiTokens } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { UUID } from "../bicycles/service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = typeof apiTokens.$inferSelect;

function toApiToken(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiTokenScope,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** A new token of the user; the answer holds the secret, which is never readable again. */
export async function createApiToken(
  db: Database,
  userId: string,
  input: Required<CreateApiTokenInput>,
): Promise<CreatedApiToken> {
  const [held] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  if ((held?.n ?? 0) >= API_TOKEN_LIMIT) {
    throw new AppError("LIMIT_REACHED", messages.apiTokens.limitReached(API_TOKEN_LIMIT));
  }
  const secret = newApiTokenSecret();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      scope: input.scope,
      secretHash: hashApiTokenSecret(secret),
      start: apiTokenStart(secret),
      expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
    })
    .returning();
  return { token: toApiToken(row!), secret };
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Database, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** Revoking deletes the token, so its next request is refused. */
export async function revokeApiToken(db: Database, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound(messages.apiTokens.notFound);
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound(messages.apiTokens.notFound);
}

/**
 * Every token of the user goes: a password reset, or a password change that signs out the other sessions,
 * ends the tokens too (whoever held a session may have made one). Called by the auth library's hooks.
 */
export async function revokeAllApiTokens(db: Database, userId: string): Promise<number> {
  const deleted = await db
    .delete(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .returning({ id: apiTokens.id });
  return deleted.length;
}
