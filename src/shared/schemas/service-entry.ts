import { z } from "zod";
import { isIsoDate, latestToday } from "../format.ts";
import { messages } from "../messages.ts";
import { blankToNull, changesOf, decimalInput, money, requiredText } from "./common.ts";
import { optionalReceiptUrl } from "./file.ts";
import { resetsIntervalsSchema } from "./service-interval.ts";

const m = messages.services;

export const serviceEntryInputSchema = z.object({
  date: z.preprocess(
    (v) => blankToNull(v) ?? undefined,
    z
      .string({ error: m.dateRequired })
      .refine(isIsoDate, { message: m.dateRequired })
      .refine((date) => date <= latestToday(), { message: m.dateInFuture }),
  ),
  description: requiredText(2000, m.descriptionRequired, "Description must be at most 2000 characters"),
  // Blank is missing (undefined), so the message is "Please enter a cost".
  cost: z.preprocess(decimalInput("Cost", { blank: undefined }), money(m.costInvalid, m.costRequired)),
  receiptUrl: optionalReceiptUrl(m.receiptUrlInvalid).default(null),
  /** The component's intervals this service resets; absent: its only interval on a new entry, else unchanged. */
  resetsIntervalIds: resetsIntervalsSchema.optional(),
});

export type ServiceEntryInput = z.output<typeof serviceEntryInputSchema>;

/** What a change (PUT) sends: a field left out keeps its value, null clears it. */
export const serviceEntryChangesSchema = changesOf(serviceEntryInputSchema);
export type ServiceEntryChanges = z.output<typeof serviceEntryChangesSchema>;
export type ServiceEntryFormValues = z.input<typeof serviceEntryInputSchema>;

export const serviceEntrySchema = z.object({
  id: z.string(),
  componentId: z.string(),
  componentName: z.string(),
  bicycleId: z.string().nullable(),
  bicycleName: z.string().nullable(),
  date: z.string(),
  description: z.string(),
  cost: z.number(),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

/** GET /api/components/:id/services: the component's entries, newest first, and what they cost in all. */
export const serviceLogSchema = z.object({
  services: z.array(serviceEntrySchema.extend({ resetsIntervalIds: z.array(z.string()) })),
  totalCost: z.number(),
});
export type ServiceLog = z.infer<typeof serviceLogSchema>;
