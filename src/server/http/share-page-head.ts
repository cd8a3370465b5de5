import type { Database } from "../db/index.ts";
import { viewShare } from "../features/shares/service.ts";
import type { PageHead } from "./web.ts";

/** A shared bicycle's link preview: its name, description and photo (all escaped when written). */
export function sharePageHead(db: Database, publicUrl: string) {
  return async (pathname: string): Promise<PageHead | null> => {
    const match = /^\/shared\/([^/]+)$/.exec(pathname);
    if (!match) return null;
    const { snapshot } = await viewShare(db, decodeURIComponent(match[1]!));
    const { bike } = snapshot;
    const image = bike.imageUrl ? new URL(bike.imageUrl, publicUrl).toString() : null;
    return {
      title: `${bike.name} · Velolog`,
      description:
        bike.description || `${bike.name}, with its components and service history, shared from Velolog.`,
      imageUrl: image,
      url: `${publicUrl}${pathname}`,
    };
  };
}
