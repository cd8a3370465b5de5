import { Hono } from "hono";
import { htmlToSpecText, parseSpecText } from "../../../shared/import/index.ts";
import { messages } from "../../../shared/messages.ts";
import { importComponentsSchema, importUrlSchema } from "../../../shared/schemas/import.ts";
import { PageFetchError } from "../../adapters/page-fetcher.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { importComponents } from "./service.ts";

const m = messages.import;
const PAGE_IMPORTS_PER_MINUTE = 10;

/** Mounted at /api/import. */
export function importRoutes({ db, fetchPage, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .post("/components", signedIn(m.mustBeLoggedIn), validate("json", importComponentsSchema), async (c) => {
      const { components, bicycleId } = c.req.valid("json");
      const imported = await importComponents(
        db,
        requireUser(c.get("user")).id,
        components,
        bicycleId || null,
      );
      return c.json({ imported }, 201);
    })
    .post("/url", signedIn(m.mustBeLoggedIn), validate("json", importUrlSchema), async (c) => {
      const user = requireUser(c.get("user"));
      if (!(await hitRateLimit(db, `import-url:${user.id}`, PAGE_IMPORTS_PER_MINUTE, 60_000))) {
        throw new AppError("RATE_LIMITED", m.rateLimited);
      }
      const url = c.req.valid("json").url;
      let page: Awaited<ReturnType<typeof fetchPage>>;
      try {
        page = await fetchPage(url);
      } catch (error) {
        if (error instanceof PageFetchError) {
          logger.info(
            { event: "import_fetch_refused", reason: error.reason, userId: user.id },
            "page import refused",
          );
          throw new AppError("VALIDATION", error.message, { url: error.message });
        }
        throw error;
      }
      const text = /html|xml/.test(page.contentType) ? htmlToSpecText(page.body) : page.body;
      const components = parseSpecText(text).map(({ label, name, type, brand }) => ({
        label,
        name,
        type,
        brand,
      }));
      return c.json({ components });
    });
}
