import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * A password is refused as too common when an attacker working through the most common passwords would
 * try it within their first 10,000 guesses: zxcvbn's estimate against its list of leaked passwords, which
 * also counts capitals, digit-for-letter swaps, reversals, repeats, sequences and keyboard runs
 * ("Password1", "p@ssw0rd", "drowssap", "qwertyuiop", "aaaaaaaa"). See decision 0034.
 *
 * The list is about 400 KB: the server loads it once on first use, the web app as a separate chunk only
 * when a form checks a new password (`import()` in schemas/auth.ts).
 */
export const COMMON_PASSWORD_GUESSES = 10_000;

let estimator: ZxcvbnFactory | undefined;

export function isCommonPassword(password: string): boolean {
  estimator ??= new ZxcvbnFactory({
    dictionary: { "passwords-common": dictionary["passwords-common"] },
    graphs: adjacencyGraphs,
  });
  return estimator.check(password).guesses < COMMON_PASSWORD_GUESSES;
}
