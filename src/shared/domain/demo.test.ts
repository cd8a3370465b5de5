import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { demoView } from "./demo.ts";
import { demoDataSchema } from "./demo-schema.ts";

const data = demoDataSchema.parse(
  JSON.parse(readFileSync(new URL("../../../public/demo-data.json", import.meta.url), "utf8")),
);
const demo = demoView(data);

describe("the bundled demo", () => {
  it("has the three demo bicycles of SPEC.md with three components each", () => {
    expect(demo.bicycles.map((b) => [b.id, b.name])).toEqual([
      ["demo-1", "Mountain Explorer"],
      ["demo-2", "Road Warrior"],
      ["demo-3", "City Commuter"],
    ]);
    for (const bicycle of demo.bicycles) {
      const types = demo.componentsOf(bicycle.id).map((c) => c.type);
      expect(types).toHaveLength(3);
      expect(types[0]).toBe("Frame");
      expect(["Drivetrain", "Handlebar"]).toContain(types[1]);
      expect(["Tires", "Brakes", "Wheels"]).toContain(types[2]);
      expect(bicycle.componentCount).toBe(3);
    }
    for (const c of data.components) expect(c.id).toMatch(/^comp-/);
  });

  it("has 1, 3 and 2 service entries for components 101, 103 and 202", () => {
    expect(demo.component("comp-101")!.serviceCount).toBe(1);
    expect(demo.component("comp-103")!.serviceCount).toBe(3);
    expect(demo.component("comp-202")!.serviceCount).toBe(2);
    expect(data.service_entries).toHaveLength(6);
  });

  it("lists service logs newest first with exact totals", () => {
    const log = demo.servicesOfComponent("comp-103");
    expect(log.services.map((s) => s.date)).toEqual(["2024-05-02", "2023-11-18", "2023-06-01"]);
    expect(log.totalCost).toBe(160.48);
    expect(log.services[0]).toMatchObject({
      componentName: "Minion DHF 29x2.5 WT tires",
      bicycleName: "Mountain Explorer",
    });
  });

  it("builds a Premium dashboard with the 5 most recent services and the total of all", () => {
    const stats = demo.dashboard();
    expect(stats).toMatchObject({
      totalBicycles: 3,
      totalComponents: 9,
      componentsOnBicycles: 9,
      componentsInPartsBin: 0,
      totalServiceEntries: 6,
      totalCost: 530.38,
      plan: { tier: "premium", bicycleLimit: 10 },
    });
    expect(stats.recentServices.map((s) => s.id)).toEqual(["svc-2", "svc-1", "svc-5", "svc-3", "svc-6"]);
  });

  it("has service intervals in each state, counted from their last reset as a rider's are", () => {
    const asOf = demoView(data, new Date("2026-12-02T12:00:00"));
    const byLabel = new Map(asOf.intervals.map((i) => [i.label, i]));
    const ridden = (bicycleId: string) =>
      data.rides.filter((r) => r.bicycle_id === bicycleId).reduce((km, r) => km + r.distance_km, 0);

    // Reset by "Chain and cassette replaced": every Road Warrior ride since counts, not the part's mileage.
    const chain = byLabel.get("Replace chain")!;
    expect(chain.lastServiceDate).toBe("2024-03-11");
    expect(chain.status.distance!.used).toBeCloseTo(ridden("demo-2"), 1);
    expect(chain.status.state).toBe("overdue");
    expect(byLabel.get("Replace cassette")!.status.state).toBe("ok");
    // Never serviced: the distance the brakes had when tracking began counts as well.
    const pads = byLabel.get("Check brake pads")!;
    expect(pads.lastServiceDate).toBeNull();
    expect(pads.status.distance!.used).toBeCloseTo(
      data.components.find((c) => c.id === "comp-303")!.mileage + ridden("demo-3"),
      1,
    );
    expect(pads.status.state).toBe("due-soon");
    expect(byLabel.get("Pivot bearing service")!.status.state).toBe("due-soon");
    expect(byLabel.get("Brake fluid")!.status.time!.dueDate).toBe("2024-02-20");

    const due = asOf.due();
    expect(due.total).toBe(6);
    expect(due.intervals.map((i) => i.status.state)).toEqual(["overdue", "overdue", "due-soon", "due-soon"]);
    expect(asOf.intervalsOfComponent("comp-202").map((i) => i.label)).toEqual([
      "Replace chain",
      "Replace cassette",
    ]);
    const entry = asOf.servicesOfComponent("comp-202").services.find((s) => s.date === "2024-03-11")!;
    expect(entry.resetsIntervalIds).toEqual([chain.id, byLabel.get("Replace cassette")!.id]);
  });
});
