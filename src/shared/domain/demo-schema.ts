import { z } from "zod";

/**
 * The bundled demo (public/demo-data.json), snake_case as SPEC.md describes it. Checked by demo.test.ts
 * rather than in the browser, so the demo dashboard does not load zod (a file of our own, not input).
 */
export const demoDataSchema = z.object({
  bicycles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      image_url: z.string().nullable(),
      purchase_date: z.string().nullable(),
      price: z.number().nullable(),
      purchase_condition: z.enum(["new", "used"]).nullable(),
      store_name: z.string().nullable(),
      serial_number: z.string().nullable(),
      store_link: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  components: z.array(
    z.object({
      id: z.string(),
      bicycle_id: z.string().nullable(),
      name: z.string(),
      type: z.string(),
      brand: z.string().nullable(),
      mileage: z.number(),
      notes: z.string().nullable(),
      image_url: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  service_entries: z.array(
    z.object({
      id: z.string(),
      component_id: z.string(),
      date: z.string(),
      description: z.string(),
      cost: z.number(),
      receipt_url: z.string().nullable(),
      created_at: z.string(),
      /** The service intervals this entry reset (counting starts again the day after it). */
      resets_interval_ids: z.array(z.string()),
    }),
  ),
  service_intervals: z.array(
    z.object({
      id: z.string(),
      component_id: z.string(),
      label: z.string(),
      every_km: z.number().nullable(),
      every_hours: z.number().nullable(),
      every_months: z.number().int().nullable(),
      created_at: z.string(),
    }),
  ),
  rides: z.array(
    z.object({
      id: z.string(),
      bicycle_id: z.string(),
      name: z.string(),
      started_at: z.string(),
      distance_km: z.number(),
      moving_seconds: z.number(),
      elevation_gain_m: z.number().nullable(),
    }),
  ),
});

export type DemoData = z.infer<typeof demoDataSchema>;
