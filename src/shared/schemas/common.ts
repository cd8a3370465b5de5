import { z } from "zod";
import { isIsoDate } from "../format.ts";

/** Form fields arrive as strings; an empty or blank one means "no value". */
export function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  return value;
}

/** A number typed into a form field (a string) as a number; blank as null; anything else unchanged. */
export function toNumber(value: unknown): unknown {
  const v = blankToNull(value);
  if (typeof v === "string") {
    const n = Number(v.trim());
    return Number.isNaN(n) ? v : n;
  }
  return v;
}

export function optionalText(max: number, label: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );
}

export function optionalIsoDate(message: string) {
  return z.preprocess(blankToNull, z.string({ error: message }).refine(isIsoDate, { message }).nullable());
}

function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** A money amount: a number >= 0 with at most 2 decimals, below 100 million. */
export function money(message: string, requiredMessage: string = message) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
    .finite({ error: message })
    .min(0, message)
    .max(99_999_999.99, message)
    .refine(hasAtMostTwoDecimals, { message });
}

export function optionalMoney(message: string) {
  return z.preprocess(toNumber, money(message).nullable());
}

export function optionalHttpUrl(message: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .trim()
      .max(2000, message)
      .refine(
        (text) => {
          try {
            const url = new URL(text);
            return url.protocol === "http:" || url.protocol === "https:";
          } catch {
            return false;
          }
        },
        { message },
      )
      .nullable(),
  );
}

export const idParamSchema = z.object({ id: z.string().min(1).max(100) });

/** Every error code an API answer can carry; each maps to one HTTP status (server/errors.ts). */
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "LIMIT_REACHED",
  "CONFLICT",
  "RATE_LIMITED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer of the API: a code, a sentence for people, and the fields at fault. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Bad input: each field's path (dotted) and what is wrong with it. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The answer of actions that have nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
