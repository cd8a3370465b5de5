import { z } from "zod";
import { COMPONENT_TYPES } from "../domain/component-types.ts";
import { messages } from "../messages.ts";
import { idText, optionalText, requiredText } from "./common.ts";
import { installedAtSchema } from "./component.ts";

export const MAX_IMPORT_COMPONENTS = 200;

export const importedComponentSchema = z.object(
  {
    name: requiredText(
      200,
      messages.components.nameRequired,
      "Component name must be at most 200 characters",
    ),
    type: z.enum(COMPONENT_TYPES, { error: messages.components.typeRequired }),
    brand: optionalText(100, "Brand").default(null),
  },
  { error: "A component must be an object of a name and a type" },
);

export const importComponentsSchema = z.object({
  components: z
    .array(importedComponentSchema, { error: messages.import.noComponents })
    .min(1, messages.import.noComponents)
    .max(MAX_IMPORT_COMPONENTS, `At most ${MAX_IMPORT_COMPONENTS} components can be imported at once`),
  /** The bicycle the parts go on; null (or absent) means the parts bin. */
  bicycleId: idText("bicycleId").trim().nullable().default(null),
  /** Give each part the suggested service intervals for its type and name (shared/domain/service-intervals.ts). */
  addSuggestedIntervals: z.boolean({ error: "addSuggestedIntervals must be true or false" }).default(false),
  /** The day the parts were fitted (not in the future): the bicycle's rides from then count (blank: from now). */
  installedAt: installedAtSchema,
});

export type ImportedComponent = z.output<typeof importedComponentSchema>;

export const importUrlSchema = z.object({
  url: z
    .string({ error: messages.import.urlRequired })
    .trim()
    .min(1, messages.import.urlRequired)
    .max(2000, "The URL must be at most 2000 characters")
    .transform(withScheme),
});

/** An address pasted without its scheme ("www.trekbikes.com/…", as a browser's bar shows it) is fetched over https. */
function withScheme(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  if (/^[a-z][a-z\d+.-]*:/i.test(url) && !/^[^:/]+:\d/.test(url)) return url; // javascript:, mailto: and the like
  return `https://${url.replace(/^\/+/, "")}`;
}

/** POST /api/import/url: the components found on the page, to review before importing. */
export const foundComponentSchema = z.object({
  label: z.string(),
  name: z.string(),
  type: z.enum(COMPONENT_TYPES),
  brand: z.string().nullable(),
});

/** A found component under review: a temporary id so rows can be edited and removed. */
export interface ImportPreview {
  id: string;
  label: string;
  name: string;
  type: ImportedComponent["type"];
  brand: string | null;
}
