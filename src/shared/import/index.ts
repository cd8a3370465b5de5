export { detectBrand } from "./brands.ts";
export { importedComponentName } from "./component-name.ts";
export { htmlToSpecText } from "./html-to-text.ts";
export { classifyLabel, labelType } from "./labels.ts";
export { parseSpecText } from "./parse-spec.ts";
export type { ParsedComponent } from "./types.ts";
