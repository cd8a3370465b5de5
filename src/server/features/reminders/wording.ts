import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";

/** The component's page: on its bicycle, or in the parts bin. */
export function componentUrl(publicUrl: string, interval: ServiceInterval): string {
  return interval.bicycleId
    ? `${publicUrl}/bicycles/${interval.bicycleId}/components/${interval.componentId}`
    : `${publicUrl}/parts-bin/components/${interval.componentId}`;
}

/** e.g. "Replace chain: Chain on Road bike" (or "in the parts bin"). */
export function intervalTitle(interval: ServiceInterval): string {
  const where = interval.bicycleName ? `on ${interval.bicycleName}` : "in the parts bin";
  return `${interval.label}: ${interval.componentName} ${where}`;
}
