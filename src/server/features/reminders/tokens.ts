import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** A key of its own for each use of the auth secret, so a value made for one use is worthless for another. */
function keyFor(secret: string, purpose: "unsubscribe" | "calendar-feed"): Buffer {
  return createHmac("sha256", secret).update(`velolog:${purpose}`).digest();
}

const mac = (key: Buffer, value: string) => createHmac("sha256", key).update(value).digest("base64url");

/** The unsubscribe link's token: the user's id and its signature, so it needs no row and no sign-in. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(keyFor(secret, "unsubscribe"), userId)}`;
}

/** The user an unsubscribe token was made for, or null when it is not one of ours. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedId, signature, ...rest] = token.split(".");
  if (!encodedId || !signature || rest.length > 0) return null;
  const userId = Buffer.from(encodedId, "base64url").toString();
  const expected = Buffer.from(mac(keyFor(secret, "unsubscribe"), userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The calendar feed's token, derived from the user's current feed key: 256 bits no one can guess without
 * the auth secret, and the same each time Settings shows it. A new key revokes the old token.
 */
export function calendarToken(secret: string, userId: string, calendarKey: string): string {
  return mac(keyFor(secret, "calendar-feed"), `${userId}:${calendarKey}`);
}

/** What is stored to find a feed's owner: a fast hash is enough for 256 random-looking bits. */
export function hashCalendarToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
