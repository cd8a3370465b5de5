import { z } from "zod";
import { messages } from "../messages.ts";
import { optionalText } from "./common.ts";

const m = messages.shares;

export const createShareSchema = z.object({
  notes: optionalText(2000, "Notes").default(null),
  /** Service costs and the bicycle's price: what was paid. */
  includeCosts: z.boolean({ error: m.includeCostsInvalid }).default(true),
  includeSerialNumber: z.boolean({ error: m.includeSerialNumberInvalid }).default(false),
});

export type CreateShareInput = z.output<typeof createShareSchema>;

/**
 * What a share link shows: a copy taken when the link was made, never live data. It holds exactly what the
 * shared page shows (docs/security.md lists the fields). In the public answer, photos of ours are served
 * through the share's own file URLs (`sharedFileUrl`).
 */
export const sharedBikeSnapshotSchema = z.object({
  bike: z.object({
    name: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    purchaseDate: z.string().nullable(),
    /** Left out when the owner chose not to include costs. */
    price: z.number().nullable().optional(),
    purchaseCondition: z.enum(["new", "used"]).nullable(),
    storeName: z.string().nullable(),
    /** Only when the owner chose to include it. */
    serialNumber: z.string().nullable().optional(),
    storeLink: z.string().nullable(),
    /** Cost per km (decision 0045), only when the owner included costs; null before any ride. */
    costPerKm: z.number().nullable().optional(),
  }),
  components: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      brand: z.string().nullable(),
      mileage: z.number(),
      notes: z.string().nullable(),
      imageUrl: z.string().nullable(),
      /** Only when the owner included costs, like `bike.costPerKm`. */
      costPerKm: z.number().nullable().optional(),
    }),
  ),
  /** `cost` is left out when the owner chose not to include service costs. */
  services: z.array(
    z.object({
      date: z.string(),
      description: z.string(),
      componentName: z.string(),
      cost: z.number().optional(),
    }),
  ),
  distanceUnit: z.enum(["km", "mi"]),
});
export type SharedBikeSnapshot = z.infer<typeof sharedBikeSnapshotSchema>;

/** The public answer for a token: the snapshot and the owner's notes, nothing that identifies anyone. */
export const sharedBikeViewSchema = z.object({
  snapshot: sharedBikeSnapshotSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type SharedBikeView = z.infer<typeof sharedBikeViewSchema>;

export const sharedLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  bicycleName: z.string(),
  notes: z.string().nullable(),
  componentCount: z.number(),
  createdAt: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;
