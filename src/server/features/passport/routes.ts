import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import QRCode from "qrcode";
import { idParamSchema } from "../../../shared/schemas/common.ts";
import { passportPdfQuerySchema, passportSchema } from "../../../shared/schemas/passport.ts";
import type { AppDeps } from "../../http/context.ts";
import { apiRouter, auth, errors, json } from "../../http/openapi.ts";
import { requireUser, signedIn } from "../../http/session.ts";
import { passportPdf } from "./pdf.ts";
import { passportPhoto, readPassport } from "./service.ts";

const tags = ["Bicycles"];

const pdfFile = {
  description: "The passport as an A4 PDF, sent as an attachment named after the bicycle.",
  content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
};

/** `attachment` with the bicycle's name: an ASCII fallback and the exact name (RFC 6266). */
function attachment(bicycleName: string): string {
  const name = `${bicycleName} service passport.pdf`;
  const fallback = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Mounted at /api/bicycles: a bicycle's service passport, as JSON for the print page and as a PDF. */
export function passportRoutes({ db, storage, config }: AppDeps) {
  return apiRouter()
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/passport",
        tags,
        summary: "A bicycle's service passport: details, components, service history and share link",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema },
        responses: { 200: json(passportSchema, "The passport."), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        return c.json(await readPassport(db, user.id, c.req.valid("param").id, config.publicUrl), 200);
      },
    )
    .openapi(
      createRoute({
        method: "get",
        path: "/{id}/passport.pdf",
        tags,
        summary: "A bicycle's service passport as a PDF (costs left out with costs=false)",
        security: auth.signedIn,
        middleware: [signedIn()] as const,
        request: { params: idParamSchema, query: passportPdfQuerySchema },
        responses: { 200: pdfFile, ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c.get("user"));
        const passport = await readPassport(db, user.id, c.req.valid("param").id, config.publicUrl);
        const includeCosts = c.req.valid("query").costs;
        const shareUrl = includeCosts ? passport.shareUrl : passport.shareUrlWithoutCosts;
        const [photo, qrCode] = await Promise.all([
          passportPhoto(db, storage, user.id, passport.bicycle.imageUrl),
          shareUrl ? QRCode.toBuffer(shareUrl, { type: "png", margin: 1, width: 360 }) : null,
        ]);
        const doc = passportPdf(passport, {
          includeCosts,
          photo,
          qrCode,
          madeAt: new Date(),
        });
        c.header("Content-Type", "application/pdf");
        c.header("Content-Disposition", attachment(passport.bicycle.name));
        c.header("Cache-Control", "private, no-store");
        return c.body(Readable.toWeb(doc) as ReadableStream<Uint8Array>, 200);
      },
    );
}
