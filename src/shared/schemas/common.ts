import { z } from "zod";
import { parseDecimal } from "../domain/decimal.ts";
import { trimText } from "../domain/text.ts";
import { isIsoDate } from "../format.ts";
import { messages } from "../messages.ts";

/** Form fields arrive as strings; an empty or blank one (whitespace or invisible characters) means "no value". */
export function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && trimText(value) === "") return null;
  return value;
}

/**
 * Required text (a name, a description): trimmed of whitespace and invisible characters, so that one made
 * only of those is missing (`required`), as SPEC §5 asks.
 */
export function requiredText(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).overwrite(trimText).min(1, required).max(max, tooLong);
}

/**
 * A number typed into a form field (a string) as a number, read by parseDecimal ("12,50" is 12.5,
 * "1,250.00" is 1250); blank as null; a string it cannot read unchanged (the field's schema refuses it).
 */
export function toNumber(value: unknown): unknown {
  const v = blankToNull(value);
  if (typeof v === "string") {
    const parsed = parseDecimal(v);
    return parsed.ok ? parsed.value : v;
  }
  return v;
}

/**
 * toNumber for a field whose schema names it `label`: a figure that could be read two ways ("1,250": 1250
 * or 1.25) is refused with its own message, never guessed. Blank becomes `options.blank` (null unless
 * told; undefined for a required field, whose schema then says it is missing).
 */
export function decimalInput(label: string, options: { blank?: null | 0 | undefined } = {}) {
  const blank = "blank" in options ? options.blank : null;
  return (value: unknown, ctx: z.RefinementCtx) => {
    const v = blankToNull(value);
    if (v === null) return blank;
    if (typeof v !== "string") return v;
    const parsed = parseDecimal(v);
    if (parsed.ok) return parsed.value;
    if (parsed.reason === "ambiguous") {
      ctx.addIssue({ code: "custom", message: messages.numbers.ambiguous(label, v.trim()) });
      return z.NEVER;
    }
    return v;
  };
}

export function optionalText(max: number, label: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .overwrite(trimText)
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

/** An optional money amount; `label` names the field in the message for a figure that reads two ways. */
export function optionalMoney(message: string, label: string) {
  return z.preprocess(decimalInput(label), money(message).nullable());
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
 * An object's id sent by the client (`field` names it in the message): text of at most 100 characters. One
 * that is none of the user's objects, well-formed or not, is the route's 404.
 */
export function idText(field: string) {
  const message = messages.request.idInvalid(field);
  return z.string({ error: message }).max(100, message);
}

/**
 * A change (PUT body) made from the create schema, so that both share every field's rules: every field is
 * optional with no default, so a field left out stays out of the parsed value and the row keeps what it had
 * (Drizzle's `.set()` skips undefined keys). A field that is sent is checked as on creating: null, or ""
 * from a form, clears an optional field and is refused for a required one (a name cannot be cleared).
 * Checks across fields (an object's `.refine`) are not carried over: the service checks them on the stored
 * row with the changes applied (decision 0057).
 */
export function changesOf<Shape extends z.ZodRawShape>(create: z.ZodObject<Shape>) {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [key, field] of Object.entries(create.shape)) {
    const change = field instanceof z.ZodDefault ? z.optional(field.removeDefault()) : z.optional(field);
    // A default inside the field (`.default(…).transform(…)`) would still fill it in, and a change leaving
    // it out would overwrite the stored value: put the default outermost.
    const leftOut = z.safeParse(change, undefined);
    if (!leftOut.success || leftOut.data !== undefined) {
      throw new Error(`${key} fills itself in when left out: a change that leaves it out would overwrite it`);
    }
    shape[key] = change;
  }
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof Shape]: LeftOutKept<Shape[K]> }>;
}

type LeftOutKept<Field extends z.core.SomeType> =
  Field extends z.ZodDefault<infer Inner>
    ? z.ZodOptional<Inner>
    : Field extends z.ZodOptional
      ? Field
      : z.ZodOptional<Field>;

export const idParamSchema = z.object({ id: idText("id") });

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
