/** A name and value read from structured product data. */
export interface Property {
  name: string;
  value: string;
}

const MAX_DEPTH = 32;
const MAX_PROPERTIES = 1000;

function isPropertyValue(node: Record<string, unknown>, parentKey: string): boolean {
  const type = node["@type"];
  const types = Array.isArray(type) ? type : [type];
  return parentKey === "additionalProperty" || types.includes("PropertyValue");
}

function collect(node: unknown, parentKey: string, depth: number, out: Property[]): void {
  if (depth > MAX_DEPTH || out.length >= MAX_PROPERTIES || node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, parentKey, depth + 1, out);
    return;
  }
  const record = node as Record<string, unknown>;
  if (isPropertyValue(record, parentKey)) {
    const { name, value } = record;
    if (typeof name === "string" && (typeof value === "string" || typeof value === "number")) {
      out.push({ name: name.trim(), value: String(value).replace(/\s+/g, " ").trim() });
    }
  }
  for (const [key, child] of Object.entries(record)) collect(child, key, depth + 1, out);
}

/**
 * The `additionalProperty` name/value pairs (schema.org PropertyValue) of a JSON-LD block, in order.
 * Invalid JSON gives no properties.
 */
export function jsonLdProperties(json: string): Property[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  const out: Property[] = [];
  collect(data, "", 0, out);
  return out;
}
