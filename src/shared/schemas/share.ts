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
export interface SharedBikeSnapshot {
  bike: {
    name: string;
    description: string | null;
    imageUrl: string | null;
    purchaseDate: string | null;
    /** Left out when the owner chose not to include costs. */
    price?: number | null;
    purchaseCondition: "new" | "used" | null;
    storeName: string | null;
    /** Only when the owner chose to include it. */
    serialNumber?: string | null;
    storeLink: string | null;
  };
  components: {
    name: string;
    type: string;
    brand: string | null;
    mileage: number;
    notes: string | null;
    imageUrl: string | null;
  }[];
  /** `cost` is left out when the owner chose not to include service costs. */
  services: { date: string; description: string; componentName: string; cost?: number }[];
  distanceUnit: "km" | "mi";
}

/** The public answer for a token: the snapshot and the owner's notes, nothing that identifies anyone. */
export interface SharedBikeView {
  snapshot: SharedBikeSnapshot;
  notes: string | null;
  createdAt: string;
}

export interface SharedLink {
  id: string;
  token: string;
  bicycleName: string;
  notes: string | null;
  componentCount: number;
  createdAt: string;
}
