import { z } from "zod";
import { DISTANCE_UNITS } from "../domain/distance.ts";

/** GET /api/bicycles/:id/passport.pdf: costs are printed unless `costs=false`. */
export const passportPdfQuerySchema = z.object({
  costs: z
    .enum(["true", "false"], { error: "costs must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
});

/** A bicycle's service passport: what the print page and the PDF show (decision 0047). */
export const passportSchema = z.object({
  bicycle: z.object({
    id: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    serialNumber: z.string().nullable(),
    purchaseDate: z.string().nullable(),
    /** The rides' distance (km) and moving time (seconds) on this bicycle. */
    distanceKm: z.number(),
    movingSeconds: z.number(),
  }),
  /** The components now on the bicycle, with their wear as the component lists compute it. */
  components: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      brand: z.string().nullable(),
      distance: z.number(),
      movingSeconds: z.number(),
    }),
  ),
  /** Every service of those components, newest first. */
  services: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      componentName: z.string(),
      description: z.string(),
      cost: z.number(),
      hasReceipt: z.boolean(),
    }),
  ),
  totals: z.object({ entries: z.number(), totalCost: z.number() }),
  /** The newest share link of this bicycle, for the QR code; null when it has none. */
  shareUrl: z.string().nullable(),
  /**
   * The newest link that shows no costs: the QR code of a passport without costs, which must not lead to a
   * page with them; null when every link shows costs.
   */
  shareUrlWithoutCosts: z.string().nullable(),
  distanceUnit: z.enum(DISTANCE_UNITS),
});

export type Passport = z.infer<typeof passportSchema>;
