import type { ParsedComponent } from "./types.ts";

const MAX_NAME = 200;

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The name an imported component is saved with: the spec's label, then the maker and model text
 * ("Rear derailleur: Shimano Deore XT M8100"), so a parts-bin card says which part it is. When the
 * value already names the part ("KMC X10 chain" for "Chain"), the value alone.
 */
export function importedComponentName({ label, name }: Pick<ParsedComponent, "label" | "name">): string {
  const cleanLabel = label.trim().replace(/\s+/g, " ");
  const value = name.trim();
  if (!cleanLabel || ` ${fold(value)} `.includes(` ${fold(cleanLabel)} `)) return value.slice(0, MAX_NAME);
  const labelled = `${cleanLabel.charAt(0).toUpperCase()}${cleanLabel.slice(1)}: ${value}`;
  return labelled.length <= MAX_NAME ? labelled : value.slice(0, MAX_NAME);
}
