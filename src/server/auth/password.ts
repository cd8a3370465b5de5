import { hash, verify } from "@node-rs/argon2";
import { verifyPassword as verifyLibraryDefault } from "better-auth/crypto";

// OWASP's Argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** Verifies Argon2id hashes, and the auth library's older scrypt hashes so existing accounts keep working. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  if (stored.startsWith("$argon2")) return verify(stored, password);
  return verifyLibraryDefault({ hash: stored, password });
}
