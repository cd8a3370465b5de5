import { z } from "zod";
import { latestToday } from "../format.ts";
import { messages } from "../messages.ts";
import {
  changesOf,
  optionalHttpUrl,
  optionalIsoDate,
  optionalMoney,
  optionalText,
  requiredText,
} from "./common.ts";
import { optionalFileUrl } from "./file.ts";

const m = messages.bicycles;

export const purchaseConditions = ["new", "used"] as const;
export type PurchaseCondition = (typeof purchaseConditions)[number];

/** What a user may write about a bicycle: used by the form and validated again by the API. */
export const bicycleInputSchema = z.object({
  name: requiredText(200, m.nameRequired, "Bicycle name must be at most 200 characters"),
  description: optionalText(5000, "Description").default(null),
  purchaseDate: optionalIsoDate(m.dateInvalid)
    .refine((date) => date === null || date <= latestToday(), m.dateInFuture)
    .default(null),
  price: optionalMoney(m.priceInvalid, "Price").default(null),
  purchaseCondition: z
    .preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.enum(purchaseConditions, { error: "Condition must be new or used" }).nullable(),
    )
    .default(null),
  storeName: optionalText(200, "Store name").default(null),
  serialNumber: optionalText(100, "Serial number").default(null),
  storeLink: optionalHttpUrl(m.storeLinkInvalid).default(null),
  imageUrl: optionalFileUrl(messages.images.notYourFile).default(null),
});

export type BicycleInput = z.output<typeof bicycleInputSchema>;

/** What a change (PUT) sends: a field left out keeps its value, null clears it. */
export const bicycleChangesSchema = changesOf(bicycleInputSchema);
export type BicycleChanges = z.output<typeof bicycleChangesSchema>;
export type BicycleFormValues = z.input<typeof bicycleInputSchema>;

export const bicycleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  price: z.number().nullable(),
  purchaseCondition: z.enum(purchaseConditions).nullable(),
  storeName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  storeLink: z.string().nullable(),
  componentCount: z.number(),
  /** The rides' distance (km) and moving time (seconds) on this bicycle. */
  distanceKm: z.number(),
  movingSeconds: z.number(),
  /** The costs of its components' service entries while they were on it (decision 0045). */
  serviceCost: z.number(),
  /** Its price plus those service costs over its rides' distance (decision 0085); null while it has no rides. */
  costPerKm: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Bicycle = z.infer<typeof bicycleSchema>;
