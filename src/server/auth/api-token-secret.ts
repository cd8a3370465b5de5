import { createHash, randomBytes } from "node:crypto";

/** Every token's secret starts so, which lets secret scanners and readers recognise it. */
const PREFIX = "vlg_";

/** A new secret: 256 random bits after the prefix. */
export function newApiTokenSecret(): string {
  return PREFIX + randomBytes(32).toString("base64url");
}

/**
 * What is stored of a secret. A fast hash is enough (decision 0037): the secret has 256 random bits, so
 * unlike a password it cannot be guessed from its hash, and the look-up on every request stays cheap.
 */
export function hashApiTokenSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The first characters shown in the list, to tell tokens apart without revealing them. */
export function apiTokenStart(secret: string): string {
  return secret.slice(0, PREFIX.length + 4);
}
