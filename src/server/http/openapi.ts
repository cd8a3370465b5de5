import { OpenAPIHono } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import { apiErrorSchema } from "../../shared/schemas/common.ts";
import type { AppEnv } from "./context.ts";
import { validationHook } from "./validate.ts";

/**
 * The API's contract (decision 0036): every /api route is declared with `createRoute` (params, query,
 * body and each answer with the shared zod schemas), registered on a router made here. The same
 * declarations validate requests, type the web app's client (`ApiRoutes`, app.ts) and make
 * /api/openapi.json.
 */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** A JSON answer with its schema. */
export function json<Schema extends ZodType>(schema: Schema, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/** A required JSON request body. */
export function jsonBody<Schema extends ZodType>(schema: Schema) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/**
 * The JSON body of a change (PUT), made with `changesOf` (shared/schemas/common.ts): every field optional,
 * a field left out keeps its stored value, null clears an optional one (decision 0057).
 */
export function changesBody<Schema extends ZodType>(schema: Schema) {
  return {
    required: true,
    description:
      "The fields to change, each optional: a field left out keeps its value; null (or an empty string) clears an optional field and is refused for one that creating requires, such as a name. An empty object changes nothing.",
    content: { "application/json": { schema } },
  } as const;
}

export const noContent = { description: "Done; no body." } as const;

const errorDescriptions = {
  400: "Bad input (VALIDATION): `message` says what is wrong and `fields` names each field at fault.",
  401: "Not signed in (UNAUTHENTICATED).",
  403: "Refused (FORBIDDEN), e.g. a write sent from another site, a write with a read-only API token, or an API token on a route that takes only a signed-in session.",
  404: "Not found (NOT_FOUND), or not the caller's: another user's object is a 404 too.",
  409: "Conflict with the stored state (CONFLICT, LIMIT_REACHED for the plan's bicycle limit, or STRAVA_RECONNECT when Strava refuses the stored access).",
  413: "The body is too large (PAYLOAD_TOO_LARGE).",
  415: "The body is not of a declared media type (VALIDATION).",
  429: "Too many requests (RATE_LIMITED); try again later.",
  503: "Not available now (UNAVAILABLE), e.g. a service we call did not answer; try again later.",
} as const;
type ErrorStatus = keyof typeof errorDescriptions;

/** The error answers a route can give, each with the one error body `{error:{code,message,fields?}}`. */
export function errors<const Statuses extends ErrorStatus[]>(...statuses: Statuses) {
  return Object.fromEntries(
    statuses.map((status) => [status, json(apiErrorSchema, errorDescriptions[status])]),
  ) as { [S in Statuses[number]]: ReturnType<typeof json<typeof apiErrorSchema>> };
}

/** Errors every signed-in read can give. */
export const readErrors = [401] as const;
/**
 * Errors every write can give: bad input, not signed in, another site's request, a body over 1 MB or of
 * the wrong media type.
 */
export const writeErrors = [400, 401, 403, 413, 415] as const;

/** Who may call a route: OpenAPI security requirements (schemes declared in app.ts's document). */
type SecurityRequirements = Record<string, string[]>[];
export const auth: Record<"public" | "signedIn" | "sessionOnly", SecurityRequirements> = {
  /** No sign-in needed. */
  public: [],
  /** The session cookie, or a personal API token (`Authorization: Bearer …`). */
  signedIn: [{ cookieAuth: [] }, { bearerAuth: [] }],
  /** The session cookie only: billing and account routes take no API token. */
  sessionOnly: [{ cookieAuth: [] }],
};
