import { messages } from "../../shared/messages.ts";
import type { Database } from "../db/index.ts";
import { AppError } from "../errors.ts";
import { viewShare } from "../features/shares/service.ts";
import type { PageHead } from "./web.ts";

const m = messages.shares;

/** The token in the page's path; null when there is none or it is not valid percent-encoding. */
function tokenOf(segment: string | undefined): string | null {
  try {
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null;
  }
}

/**
 * A shared bicycle's link preview: its name, description and photo (all escaped when written). Every share
 * page is kept out of search results, since its address is the key to it; a deleted or unknown link (or
 * /shared without one) is a 404.
 */
export function sharePageHead(db: Database, publicUrl: string) {
  return async (pathname: string): Promise<PageHead | null> => {
    const match = /^\/shared(?:\/([^/]+))?\/?$/.exec(pathname);
    if (!match) return null;
    const url = `${publicUrl}${pathname}`;
    const missing: PageHead = {
      title: `${m.notFoundTitle} · Velolog`,
      description: m.notFoundText,
      url,
      noindex: true,
      missing: true,
    };
    const token = tokenOf(match[1]);
    if (!token) return missing;
    const view = await viewShare(db, token).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return null;
      throw error;
    });
    if (!view) return missing;
    const { bike } = view.snapshot;
    const image = bike.imageUrl ? new URL(bike.imageUrl, publicUrl).toString() : null;
    return {
      title: `${bike.name} · Velolog`,
      description:
        bike.description || `${bike.name}, with its components and service history, shared from Velolog.`,
      imageUrl: image,
      url,
      noindex: true,
    };
  };
}
