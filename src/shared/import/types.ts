import type { ComponentType } from "../domain/component-types.ts";

/** One component found in a pasted spec sheet. */
export interface ParsedComponent {
  /** The spec's label as written (bullets, `**`, pipes, trailing colon and a `BIKE ` prefix removed). */
  label: string;
  /** The value text as written (trimmed, YAML quotes removed). */
  name: string;
  type: ComponentType;
  /** The first component maker named in the value, in its canonical spelling. */
  brand: string | null;
}
