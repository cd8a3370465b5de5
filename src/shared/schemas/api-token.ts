import { z } from "zod";
import { messages } from "../messages.ts";

const m = messages.apiTokens;

/** "read": GET and HEAD only; "write": read and write. */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** At most this many tokens per user (docs/security.md): a stolen session cannot scatter tokens. */
export const API_TOKEN_LIMIT = 20;

export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** Read in the API's reference. */
const about = (description: string) => ({ description });
const SCOPE =
  "read: GET and HEAD only (any other method is a 403); write: reads and changes. Neither works on /api/auth/*, account deletion, token management, billing or Strava.";

export const createApiTokenSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameTooLong),
  scope: z.enum(API_TOKEN_SCOPES, { error: m.scopeInvalid }).meta(about(SCOPE)),
  /** Days until the token stops working; null: it works until revoked. */
  // One literal per choice: the OpenAPI document lists only the first value of a literal of several.
  expiresInDays: z
    .union(
      API_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: m.expiryInvalid },
    )
    .nullable()
    .default(null)
    .meta(about("Days until the token stops working: 7, 30, 90 or 365; null (the default): until revoked.")),
});

export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES).meta(about(SCOPE)),
  /** The secret's first characters, to tell tokens apart. */
  start: z.string().meta(about("The secret's first 8 characters, to tell tokens apart; never the secret.")),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().meta(about("When a request last used it; null: never used.")),
  expiresAt: z
    .string()
    .nullable()
    .meta(about("When it stops working (a request with it then gets 401); null: it works until revoked.")),
});

export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the secret is shown. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z
    .string()
    .meta(
      about(
        "The token to send as `Authorization: Bearer …`. Only in this answer: Velolog keeps only its hash, so it cannot be shown again.",
      ),
    ),
});

export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
