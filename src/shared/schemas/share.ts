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
 * through the share's own file URLs (`sharedFileUrl`). The descriptions are read in the API's reference and
 * in the export's JSON Schema alike.
 */
const about = (description: string) => ({ description });
const photo = z
  .string()
  .nullable()
  .meta(
    about(
      "The photo: in the API's answer a URL to fetch it, in an export a file of the archive (files/…) or an http or https link; null: none.",
    ),
  );
const perKm = z
  .number()
  .nullable()
  .optional()
  .meta(
    about(
      "What riding it cost per kilometre, in US dollars (what was paid over the distance ridden); only when the owner included costs; null before any distance.",
    ),
  );

export const sharedBikeSnapshotSchema = z.object({
  bike: z
    .object({
      name: z.string().meta(about("The bicycle's name.")),
      description: z.string().nullable().meta(about("The owner's description; null: none.")),
      imageUrl: photo,
      purchaseDate: z.string().nullable().meta(about("The day it was bought, YYYY-MM-DD; null: not given.")),
      price: z
        .number()
        .nullable()
        .optional()
        .meta(
          about(
            "What it cost, in US dollars as a decimal number (not cents); null: not given. Left out when the owner chose not to include costs.",
          ),
        ),
      purchaseCondition: z
        .enum(["new", "used"])
        .nullable()
        .meta(about("Whether it was bought new or used; null: not given.")),
      storeName: z.string().nullable().meta(about("Where it was bought; null: not given.")),
      serialNumber: z
        .string()
        .nullable()
        .optional()
        .meta(about("Its frame's serial number; only when the owner chose to include it.")),
      storeLink: z.string().nullable().meta(about("The shop's or the product's page; null: none.")),
      // Decision 0045.
      costPerKm: perKm,
    })
    .meta(about("The bicycle as it was when the link was made.")),
  components: z
    .array(
      z
        .object({
          name: z.string().meta(about("The component's name.")),
          type: z.string().meta(about("Its kind (Drivetrain, Wheels, Tires, …).")),
          brand: z.string().nullable().meta(about("Its brand; null: not given.")),
          mileage: z
            .number()
            .meta(
              about(
                "Its distance when the link was made, in kilometres whatever the unit shown: before tracking plus its rides.",
              ),
            ),
          notes: z.string().nullable().meta(about("The owner's notes; null: none.")),
          imageUrl: photo,
          costPerKm: perKm,
        })
        .meta(about("A component on the bicycle when the link was made.")),
    )
    .meta(about("The components on the bicycle when the link was made.")),
  services: z
    .array(
      z
        .object({
          date: z.string().meta(about("The day of the service, YYYY-MM-DD.")),
          description: z.string().meta(about("What was done.")),
          componentName: z.string().meta(about("The component serviced, by its name.")),
          cost: z
            .number()
            .optional()
            .meta(
              about(
                "What it cost, in US dollars as a decimal number (not cents). Left out when the owner chose not to include service costs.",
              ),
            ),
        })
        .meta(about("A service of one of the bicycle's components.")),
    )
    .meta(about("The service history of the bicycle's components, newest first.")),
  distanceUnit: z
    .enum(["km", "mi"])
    .meta(about("The unit the page shows distances in (the owner's); the figures here are in kilometres.")),
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
