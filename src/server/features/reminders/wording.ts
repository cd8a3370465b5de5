import { type DistanceUnit, formatDistance } from "../../../shared/domain/distance.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

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

/** The distance and hours used against the interval, e.g. "2,850 km of 3,000 km · 46 h of 50 h" ("" for none). */
export function describeUsage(interval: ServiceInterval, unit: DistanceUnit): string {
  const { distance, hours } = interval.status;
  return [
    distance && `${formatDistance(distance.used, unit)} of ${formatDistance(distance.every, unit)}`,
    hours && `${number.format(hours.used)} h of ${number.format(hours.every)} h`,
  ]
    .filter(Boolean)
    .join(" · ");
}
