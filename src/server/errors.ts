import type { ContentfulStatusCode } from "hono/utils/http-status";
import { messages } from "../shared/messages.ts";
import type { ErrorCode } from "../shared/schemas/common.ts";

export type { ErrorCode };

export const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  LIMIT_REACHED: 409,
  CONFLICT: 409,
  STRAVA_RECONNECT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw; the app's error handler maps it to a status and a JSON body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }

  toBody() {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const notFound = (message: string = messages.generic.notFound) => new AppError("NOT_FOUND", message);
export const unauthenticated = (message: string = messages.generic.auth) =>
  new AppError("UNAUTHENTICATED", message);
