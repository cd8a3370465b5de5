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

/**
 * A change (PUT body) made from the create schema, so that both share every field's rules: a field that
 * creating fills in when left out (its `.default(…)`) is optional here with no default, so when it is left
 * out it stays out of the parsed value and the row keeps what it had (Drizzle's `.set()` skips undefined
 * keys); null, or "" from a form, still clears it. Fields that creating requires stay required. Checks
 * across fields (an object's `.refine`) are not carried over: the service checks them on the stored row
 * with the changes applied (decision 0057).
 */
export function changesOf<Shape extends z.ZodRawShape>(create: z.ZodObject<Shape>) {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [key, field] of Object.entries(create.shape)) {
    if (field instanceof z.ZodDefault) shape[key] = z.optional(field.removeDefault());
    else if (field instanceof z.ZodOptional || !z.safeParse(field, undefined).success) shape[key] = field;
    // A field that fills itself in when left out (a preprocess mapping undefined to null) would clear the
    // stored value on every change that leaves it out: give it its `.default(…)` in the create schema.
    else throw new Error(`${key} has no .default(): a change that leaves it out would clear it`);
  }
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof Shape]: LeftOutKept<Shape[K]> }>;
}

type LeftOutKept<Field> = Field extends z.ZodDefault<infer Inner> ? z.ZodOptional<Inner> : Field;

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
  /** Strava refuses the stored access (revoked on strava.com, or ended): the rider connects again (409). */
  "STRAVA_RECONNECT",
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
