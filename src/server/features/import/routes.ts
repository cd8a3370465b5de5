import { createRoute, z } from "@hono/zod-openapi";
import { htmlToSpecText, parseSpecText } from "../../../shared/import/index.ts";
import { messages } from "../../../shared/messages.ts";
import {
  foundComponentSchema,
  importComponentsSchema,
  importUrlSchema,
} from "../../../shared/schemas/import.ts";
import { PageFetchError } from "../../adapters/page-fetcher.ts";
import { hitRateLimit } from "../../db/rate-limit.ts";
import { AppError } from "../../errors.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json, jsonBody, writeErrors } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { importComponents } from "./service.ts";

const m = messages.import;
const PAGE_IMPORTS_PER_MINUTE = 10;

const tags = ["Import"];

const findOnPage = createRoute({
  method: "post",
  path: "/url",
  tags,
  summary: "Find components on a maker's web page (not stored: review, then import)",
  security: auth.signedIn,
  middleware: [signedIn(m.mustBeLoggedIn)] as const,
  request: { body: jsonBody(importUrlSchema) },
  responses: {
    200: json(z.object({ components: z.array(foundComponentSchema) }), "The components found."),
    ...errors(...writeErrors, 429),
  },
});

/** Mounted at /api/import. */
export function importRoutes({ db, fetchPage, logger }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "post",
        path: "/components",
        tags,
        summary:
          "Add reviewed components to a bicycle of yours (`bicycleId`) or to the parts bin, in the sheet's order",
        security: auth.signedIn,
        middleware: [signedIn(m.mustBeLoggedIn)] as const,
        request: { body: jsonBody(importComponentsSchema) },
        responses: {
          201: json(z.object({ imported: z.number() }), "How many components were added."),
          ...errors(...writeErrors, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const { components, bicycleId, addSuggestedIntervals, installedAt } = c.req.valid("json");
        const imported = await importComponents(
          db,
          user.id,
          components,
          bicycleId || null,
          addSuggestedIntervals,
          installedAt,
        );
        return c.json({ imported }, 201);
      },
    )
    .openapi(findOnPage, async (c) => {
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
      return c.json({ components }, 200);
    });
}
