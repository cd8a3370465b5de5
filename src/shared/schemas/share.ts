import { z } from "zod";
import { optionalText } from "./common.ts";

export const createShareSchema = z.object({
  notes: optionalText(2000, "Notes").default(null),
  includeCosts: z.boolean({ error: "Include service costs must be true or false" }).default(true),
});

export type CreateShareInput = z.output<typeof createShareSchema>;

/** What a share link shows: a copy taken when the link was made, never live data. */
export interface SharedBikeSnapshot {
  bike: {
    name: string;
    description: string | null;
    imageUrl: string | null;
    purchaseDate: string | null;
    price: number | null;
    purchaseCondition: "new" | "used" | null;
    storeName: string | null;
    serialNumber: string | null;
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
