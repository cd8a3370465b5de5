import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../../server/app.ts";
import type { ApiErrorBody } from "../../shared/schemas/common.ts";

/** A failed API call: status 0 means the request never reached the server. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** An answer that says the thing asked for is not there for this rider (404, or an id that cannot be one). */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
}

/**
 * The API, typed from the server's route declarations (a type-only import: no server code reaches the
 * bundle). Use it through `call`, which turns failures into `ApiError`s.
 */
export const client = hc<ApiRoutes>("/api", {
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, { ...init, credentials: "same-origin" }),
});

/** The body of a call's successful answers (none for 204). */
type Answer<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Status extends 204
        ? undefined
        : Body
      : never
    : never;

/** Waits for a call of `client`: its successful answer, or an `ApiError` with the server's code and message. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R> | (() => Promise<R>),
): Promise<Answer<R>> {
  let response: R;
  try {
    response = await (typeof request === "function" ? request() : request);
  } catch {
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  if (response.status === 204) return undefined as Answer<R>;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data as ApiErrorBody | null)?.error;
    throw new ApiError(response.status, error?.code ?? "UNKNOWN", error?.message ?? "", error?.fields);
  }
  return data as Answer<R>;
}

/**
 * A failure the auth library's client returned (`{ error }`), as an `ApiError`: shown, and not retried on a
 * 4xx, like our API's (its 401s reach lib/query-client.ts through the auth client's own onError).
 */
export function authLibraryError(error: { status: number; code?: string; message?: string }): ApiError {
  return new ApiError(error.status, error.code ?? "UNKNOWN", error.message ?? "");
}

/** A route's `:id` parameter, encoded (the client puts parameters into the path as given). */
export function byId(id: string) {
  return { param: { id: encodeURIComponent(id) } };
}
