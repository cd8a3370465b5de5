import { z } from "zod";
import { COMPONENT_TYPES } from "../domain/component-types.ts";
import { latestToday } from "../format.ts";
import { messages } from "../messages.ts";
import {
  blankToNull,
  changesOf,
  decimalInput,
  idText,
  optionalIsoDate,
  optionalText,
  requiredText,
} from "./common.ts";
import { optionalFileUrl } from "./file.ts";
import { serviceIntervalInputSchema } from "./service-interval.ts";

const m = messages.components;

export const componentInputSchema = z.object({
  name: requiredText(200, m.nameRequired, "Component name must be at most 200 characters"),
  type: z.enum(COMPONENT_TYPES, { error: m.typeRequired }),
  brand: optionalText(100, "Brand").default(null),
  mileage: z
    .preprocess(
      decimalInput("Distance before tracking", { blank: 0 }),
      z
        .number({ error: m.mileageInvalid })
        .finite({ error: m.mileageInvalid })
        .min(0, m.mileageInvalid)
        .max(10_000_000, m.mileageInvalid),
    )
    .transform((n) => Math.round(n * 10) / 10)
    .default(0),
  notes: optionalText(5000, "Notes").default(null),
  imageUrl: optionalFileUrl(messages.images.notYourFile).default(null),
});

export type ComponentInput = z.output<typeof componentInputSchema>;

/** What a change (PUT) sends: a field left out keeps its value, null clears it (mileage: to 0). */
export const componentChangesSchema = changesOf(componentInputSchema);
export type ComponentChanges = z.output<typeof componentChangesSchema>;
export type ComponentFormValues = z.input<typeof componentInputSchema>;

/** A part fitted in the past: its rides count from this date (blank: from now). Creating and importing take it. */
export const installedAtSchema = optionalIsoDate(m.installedAtNotADate)
  .refine((date) => date === null || date <= latestToday(), m.installedAtInvalid)
  .default(null);

/** Creating a component: on a bicycle, or in the parts bin when bicycleId is null. */
export const createComponentSchema = componentInputSchema.extend({
  // A blank bicycle means the parts bin.
  bicycleId: z.preprocess(blankToNull, idText("bicycleId").nullable()).default(null),
  installedAt: installedAtSchema,
  // Service intervals to start with (the form offers the defaults for the part's type and name).
  intervals: z
    .array(serviceIntervalInputSchema, { error: "Intervals must be a list" })
    .max(10, "At most 10 intervals can be added at once")
    .default([]),
});

export const assignComponentSchema = z.object({
  bicycleId: z
    .string({ error: m.selectBicycle })
    .trim()
    .min(1, m.selectBicycle)
    .max(100, messages.request.idInvalid("bicycleId")),
});

/** Taking a part off its bicycle: optionally the bicycle the client saw it on (a move meanwhile is a 409). */
export const moveToPartsBinQuerySchema = z.object({
  fromBicycleId: idText("fromBicycleId").optional(),
});

/** Assigning several parts-bin components to one bicycle in one request. */
export const assignManySchema = assignComponentSchema.extend({
  componentIds: z
    .array(idText("componentIds"), { error: m.selectComponents })
    .min(1, m.selectComponents)
    .max(500, "At most 500 components can be assigned at once"),
});

export const componentSchema = z.object({
  id: z.string(),
  bicycleId: z.string().nullable(),
  bicycleName: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  brand: z.string().nullable(),
  /** Distance before tracking (km), as entered. */
  mileage: z.number(),
  /** Distance in all (km): the distance before tracking plus the rides the component was on. */
  distance: z.number(),
  /** Moving time of the rides the component was on (seconds). */
  movingSeconds: z.number(),
  /** Its service costs over its distance (decisions 0045, 0085); null while the distance is 0. */
  costPerKm: z.number().nullable(),
  notes: z.string().nullable(),
  imageUrl: z.string().nullable(),
  serviceCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Component = z.infer<typeof componentSchema>;

export const installationSchema = z.object({
  bicycleId: z.string().nullable(),
  bicycleName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  distanceKm: z.number(),
  movingSeconds: z.number(),
});

export type Installation = z.infer<typeof installationSchema>;
