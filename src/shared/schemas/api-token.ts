import { z } from "zod";
import { messages } from "../messages.ts";

const m = messages.apiTokens;

/** "read": GET and HEAD only; "write": read and write. */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** At most this many tokens per user (docs/security.md): a stolen session cannot scatter tokens. */
export const API_TOKEN_LIMIT = 20;

export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const createApiTokenSchema = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(100, m.nameTooLong),
  scope: z.enum(API_TOKEN_SCOPES, { error: m.scopeInvalid }),
  /** Days until the token stops working; null: it works until revoked. */
  // One literal per choice: the OpenAPI document lists only the first value of a literal of several.
  expiresInDays: z
    .union(
      API_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: m.expiryInvalid },
    )
    .nullable()
    .default(null),
});

export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The secret's first characters, to tell tokens apart. */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the secret is shown. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
