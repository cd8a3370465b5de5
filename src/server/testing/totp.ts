import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (no padding needed), as authenticator apps read the otpauth:// secret. */
function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/**
 * Waits out the last seconds of a 30 s step. The server accepts the previous, current and next step's code,
 * so the previous step's code (which tests use to leave the current one for a later sign-in) is refused
 * once the step it was computed in ends: computed after this, it is still accepted when the server checks it.
 */
export async function clearOfStepEnd(marginMs = 5_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * Sends the previous step's code (still accepted), which leaves the current one for a later sign-in. On a
 * busy machine the clock can cross into the next step before the server checks it; that code is then two
 * steps old and refused, so it is computed again and sent once more. Any other refusal is returned as is.
 */
export async function sendPreviousStepCode<Answer extends { status: number }>(
  base32Secret: string,
  send: (code: string) => Answer | Promise<Answer>,
): Promise<Answer> {
  await clearOfStepEnd();
  const step = stepNow();
  const response = await send(totpCode(base32Secret, { stepOffset: -1 }));
  if (response.status !== 401 || stepNow() === step) return response;
  return send(totpCode(base32Secret, { stepOffset: -1 }));
}

/**
 * The code an authenticator app shows now (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits), computed from the
 * base32 secret of an otpauth:// URI, exactly as a phone would. `stepOffset` picks a neighbouring step.
 */
export function totpCode(base32Secret: string, { at = Date.now(), stepOffset = 0 } = {}): string {
  const counter = Math.floor(at / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return binary.toString().padStart(6, "0");
}

/** The base32 secret carried by an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
}

/** A 6-digit code that is not valid now (nor in the neighbouring steps the server accepts). */
export function wrongCode(base32Secret: string): string {
  const valid = new Set([-1, 0, 1].map((stepOffset) => totpCode(base32Secret, { stepOffset })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}
