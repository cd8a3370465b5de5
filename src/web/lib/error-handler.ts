import { toast } from "@/lib/toaster.ts";
import { messages } from "../../shared/messages.ts";
import { ApiError } from "./api-client.ts";

const g = messages.generic;

export interface ErrorToast {
  title: string;
  description: string;
}

/**
 * SPEC.md section 8's generic handler, in its order: offline, not found, authentication, anything else.
 * `fallback` is the operation's own message (e.g. "Could not add bicycle. Please try again.") for
 * failures the server did not explain. `limitTitle` titles a refusal at a limit (LIMIT_REACHED): adding a
 * bicycle says "Bicycle Limit Reached"; other limits (API tokens, file storage) are titled "Error", their
 * message saying which limit it is.
 */
export function describeError(
  error: unknown,
  options: { online?: boolean; fallback?: string; limitTitle?: string } = {},
): ErrorToast {
  const online = options.online ?? (typeof navigator === "undefined" ? true : navigator.onLine);
  const apiError = error instanceof ApiError ? error : null;
  if (!online || apiError?.status === 0) return { title: g.offlineTitle, description: g.offline };
  if (apiError?.status === 404 || apiError?.code === "NOT_FOUND") {
    return { title: g.notFoundTitle, description: apiError.message || g.notFound };
  }
  if (apiError?.status === 401) return { title: g.authTitle, description: g.auth };
  if (apiError?.code === "LIMIT_REACHED" && options.limitTitle)
    return { title: options.limitTitle, description: apiError.message };
  const explained = apiError && apiError.status >= 400 && apiError.status < 500 && apiError.message;
  const description =
    explained || options.fallback || (error instanceof Error && !apiError && error.message) || g.error;
  return { title: g.errorTitle, description };
}

/** The one place failed calls become toasts (destructive style). */
export function showError(error: unknown, options: { fallback?: string; limitTitle?: string } = {}): void {
  const { title, description } = describeError(error, options);
  toast.error(title, { description });
}
