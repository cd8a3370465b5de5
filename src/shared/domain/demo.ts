import { addDays, format, parseISO } from "date-fns";
import type { Bicycle } from "../schemas/bicycle.ts";
import type { Component } from "../schemas/component.ts";
import { type DashboardStats, RECENT_SERVICES_LIMIT } from "../schemas/dashboard.ts";
import type { Ride, RidesPage, RideTotals } from "../schemas/ride.ts";
import type { ServiceEntry } from "../schemas/service-entry.ts";
import type { ServiceInterval } from "../schemas/service-interval.ts";
import { costPerKm } from "./costs.ts";
import type { DemoData } from "./demo-schema.ts";
import { byUrgency, intervalStatus } from "./interval-status.ts";
import { PLANS } from "./plans.ts";

/** As the server's interval status: the bicycle's rides of the last this many days are the recent pace. */
const PACE_DAYS = 90;

export function isDemoId(id: string): boolean {
  return id.startsWith("demo-") || id.startsWith("comp-");
}

// ISO dates and timestamps sort as plain text. Not localeCompare: its first call loads the browser's
// collation data, 10-17 ms in the demo's first render (decision 0054).
const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

const byDateDesc = (a: ServiceEntry, b: ServiceEntry) =>
  newestFirst(a.date, b.date) || newestFirst(a.createdAt, b.createdAt);

/**
 * Turns the snake_case demo file into the shapes the API answers with, so the same screens show it.
 * Service intervals are as of `now`, in the visitor's time zone, as a rider's are in theirs.
 */
export function demoView(data: DemoData, now = new Date()) {
  const bicycleName = new Map(data.bicycles.map((b) => [b.id, b.name]));

  const rides: Ride[] = data.rides
    .map((r) => ({
      id: r.id,
      bicycleId: r.bicycle_id,
      bicycleName: bicycleName.get(r.bicycle_id) ?? "",
      name: r.name,
      startedAt: r.started_at,
      distanceKm: r.distance_km,
      movingSeconds: r.moving_seconds,
      elevationGainM: r.elevation_gain_m,
      source: "manual" as const,
      createdAt: r.started_at,
      updatedAt: r.started_at,
    }))
    .sort((a, b) => newestFirst(a.startedAt, b.startedAt));
  // A demo component has been on its bicycle since it was created: the rides since then are its wear.
  const ridden = (bicycleId: string | null, since = "") =>
    totalsOf(rides.filter((r) => r.bicycleId === bicycleId && r.startedAt >= since));

  const serviceCostOf = (componentIds: string[]) =>
    data.service_entries
      .filter((s) => componentIds.includes(s.component_id))
      .reduce((sum, s) => sum + s.cost, 0);

  const components: Component[] = data.components.map((c) => {
    const wear = ridden(c.bicycle_id, c.created_at);
    const distance = Math.round((c.mileage + wear.distanceKm) * 10) / 10;
    return {
      id: c.id,
      bicycleId: c.bicycle_id,
      bicycleName: c.bicycle_id ? (bicycleName.get(c.bicycle_id) ?? null) : null,
      name: c.name,
      type: c.type,
      brand: c.brand,
      mileage: c.mileage,
      distance,
      movingSeconds: wear.movingSeconds,
      costPerKm: costPerKm(serviceCostOf([c.id]), distance),
      notes: c.notes,
      imageUrl: c.image_url,
      serviceCount: data.service_entries.filter((s) => s.component_id === c.id).length,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    };
  });
  const componentById = new Map(components.map((c) => [c.id, c]));

  const services: ServiceEntry[] = data.service_entries
    .map((s) => {
      const component = componentById.get(s.component_id);
      return {
        id: s.id,
        componentId: s.component_id,
        componentName: component?.name ?? "Unknown Component",
        bicycleId: component?.bicycleId ?? null,
        bicycleName: component?.bicycleName ?? null,
        date: s.date,
        description: s.description,
        cost: s.cost,
        receiptUrl: s.receipt_url,
        createdAt: s.created_at,
        updatedAt: s.created_at,
      };
    })
    .sort(byDateDesc);

  const intervals = demoIntervals(data, componentById, rides, now);
  const resetsOf = new Map(data.service_entries.map((s) => [s.id, s.resets_interval_ids]));

  // Demo components never move: a bicycle's service costs are its components' entries.
  const bicycles: Bicycle[] = data.bicycles.map((b) => {
    const distanceKm = Math.round(ridden(b.id).distanceKm * 10) / 10;
    const serviceCost = serviceCostOf(components.filter((c) => c.bicycleId === b.id).map((c) => c.id));
    return {
      id: b.id,
      name: b.name,
      description: b.description,
      imageUrl: b.image_url,
      purchaseDate: b.purchase_date,
      price: b.price,
      purchaseCondition: b.purchase_condition,
      storeName: b.store_name,
      serialNumber: b.serial_number,
      storeLink: b.store_link,
      componentCount: components.filter((c) => c.bicycleId === b.id).length,
      distanceKm,
      movingSeconds: ridden(b.id).movingSeconds,
      serviceCost,
      costPerKm: costPerKm((b.price ?? 0) + serviceCost, distanceKm),
      createdAt: b.created_at,
      updatedAt: b.updated_at,
    };
  });

  return {
    bicycles,
    bicycle: (id: string) => bicycles.find((b) => b.id === id) ?? null,
    componentsOf: (bicycleId: string) => components.filter((c) => c.bicycleId === bicycleId),
    component: (id: string) => componentById.get(id) ?? null,
    servicesOfComponent: (componentId: string) => {
      const list = services.filter((s) => s.componentId === componentId);
      return {
        services: list.map((s) => ({ ...s, resetsIntervalIds: resetsOf.get(s.id) ?? [] })),
        totalCost: sumCosts(list),
      };
    },
    /** Every interval, most urgent first (the component rows' wear bars). */
    intervals,
    intervalsOfComponent: (componentId: string) => intervals.filter((i) => i.componentId === componentId),
    /** What the Due card shows, as GET /api/intervals/due answers. */
    due: () => ({ intervals: intervals.filter((i) => i.status.state !== "ok"), total: intervals.length }),
    servicesOfBicycle: (bicycleId: string) => services.filter((s) => s.bicycleId === bicycleId),
    /** A bicycle's rides as the API pages them (the demo has few enough for one page). */
    ridesOfBicycle: (bicycleId: string): RidesPage => {
      const list = rides.filter((r) => r.bicycleId === bicycleId);
      const years = [...new Set(list.map((r) => Number(r.startedAt.slice(0, 4))))];
      return {
        rides: list,
        page: 1,
        pageCount: 1,
        totals: totalsOf(list),
        byYear: years.map((year) => ({
          year,
          ...totalsOf(list.filter((r) => r.startedAt.startsWith(`${year}`))),
        })),
        byBicycle:
          list.length === 0 ? [] : [{ bicycleId, bicycleName: list[0]!.bicycleName, ...totalsOf(list) }],
      };
    },
    dashboard: (): DashboardStats => {
      const inPartsBin = components.filter((c) => c.bicycleId === null).length;
      return {
        totalBicycles: bicycles.length,
        totalComponents: components.length,
        componentsOnBicycles: components.length - inPartsBin,
        componentsInPartsBin: inPartsBin,
        totalServiceEntries: services.length,
        totalCost: sumCosts(services),
        recentServices: services.slice(0, RECENT_SERVICES_LIMIT),
        bicycles,
        // Visitors see the demo as Premium (SPEC.md section 4).
        plan: { tier: "premium", bicycleLimit: PLANS.premium.bicycleLimit },
      };
    },
  };
}

export type DemoView = ReturnType<typeof demoView>;

/**
 * The demo's intervals with their status, counted as the server counts a rider's: from the day after the
 * last entry that reset it, else from the component's creation together with the distance it had before.
 */
function demoIntervals(
  data: DemoData,
  componentById: Map<string, Component>,
  rides: Ride[],
  now: Date,
): ServiceInterval[] {
  const day = (at: Date) => format(at, "yyyy-MM-dd");
  const paceFrom = now.getTime() - PACE_DAYS * 86_400_000;
  return data.service_intervals
    .flatMap((interval): ServiceInterval[] => {
      const component = componentById.get(interval.component_id);
      if (!component) return [];
      // ISO dates sort as plain text: the last is the newest.
      const lastServiceDate =
        data.service_entries
          .filter((s) => s.resets_interval_ids.includes(interval.id))
          .map((s) => s.date)
          .sort()
          .at(-1) ?? null;
      const countFrom = lastServiceDate
        ? addDays(parseISO(lastServiceDate), 1)
        : new Date(component.createdAt);
      const ofBicycle = rides.filter((r) => r.bicycleId === component.bicycleId);
      const used = ofBicycle.filter((r) => new Date(r.startedAt) >= countFrom);
      const recent = ofBicycle.filter((r) => new Date(r.startedAt).getTime() >= paceFrom);
      const sum = (list: Ride[], of: (r: Ride) => number) => list.reduce((total, r) => total + of(r), 0);
      const rule = {
        everyKm: interval.every_km,
        everyHours: interval.every_hours,
        everyMonths: interval.every_months,
      };
      const since = lastServiceDate ?? day(new Date(component.createdAt));
      const status = intervalStatus(rule, {
        since,
        today: day(now),
        // Never serviced: the distance the part had before tracking counts too.
        usedKm: sum(used, (r) => r.distanceKm) + (lastServiceDate ? 0 : component.mileage),
        usedHours: sum(used, (r) => r.movingSeconds) / 3600,
        pace: {
          kmPerDay: sum(recent, (r) => r.distanceKm) / PACE_DAYS,
          hoursPerDay: sum(recent, (r) => r.movingSeconds) / 3600 / PACE_DAYS,
        },
      });
      return [
        {
          id: interval.id,
          componentId: component.id,
          componentName: component.name,
          componentType: component.type,
          bicycleId: component.bicycleId,
          bicycleName: component.bicycleName,
          label: interval.label,
          ...rule,
          lastServiceDate,
          since,
          status,
        },
      ];
    })
    .sort(byUrgency);
}

function totalsOf(list: Ride[]): RideTotals {
  return {
    rides: list.length,
    distanceKm: Math.round(list.reduce((km, r) => km + r.distanceKm, 0) * 1000) / 1000,
    movingSeconds: list.reduce((seconds, r) => seconds + r.movingSeconds, 0),
  };
}

/** Sums money in cents so that 0.1 + 0.2 is 0.30. */
function sumCosts(entries: { cost: number }[]): number {
  return entries.reduce((cents, e) => cents + Math.round(e.cost * 100), 0) / 100;
}
