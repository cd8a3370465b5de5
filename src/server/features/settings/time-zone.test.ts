import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import type { ServiceInterval } from "../../../shared/schemas/service-interval.ts";
import type { Settings } from "../../../shared/schemas/settings.ts";
import {
  answered,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";
import { listIntervalStatuses } from "../intervals/service.ts";
import { calendarFeed } from "../reminders/calendar.ts";

// Two edges of the Earth's clock: Pago Pago is UTC-11 all year, Kiritimati UTC+14.
const PAGO_PAGO = "Pacific/Pago_Pago";
const KIRITIMATI = "Pacific/Kiritimati";

describeEachDatabase("the rider's time zone", (kind) => {
  const t = useTestApp(kind);

  async function riderIn(timeZone: string) {
    const rider = await signUp(t.app);
    const saved = await json<Settings>(rider.request("PUT", "/api/settings", { timeZone }));
    expect(saved.timeZone).toBe(timeZone);
    return rider;
  }
  async function bicycle(rider: TestClient) {
    return answered<Bicycle>(rider.request("POST", "/api/bicycles", { name: "Gravel" }), "bicycle");
  }
  async function ride(rider: TestClient, bicycleId: string, startedAt: string, distanceKm: number) {
    const response = await rider.request("POST", `/api/bicycles/${bicycleId}/rides`, {
      name: "Ride",
      startedAt,
      distanceKm,
      movingSeconds: 3600,
    });
    expect(response.status).toBe(201);
  }
  async function chainInstalledOn(rider: TestClient, bicycleId: string, installedAt: string) {
    return answered<Component>(
      rider.request("POST", "/api/components", { name: "Chain", type: "Drivetrain", bicycleId, installedAt }),
      "component",
    );
  }
  async function component(rider: TestClient, id: string) {
    return answered<Component>(rider.request("GET", `/api/components/${id}`), "component");
  }
  async function periods(rider: TestClient, id: string) {
    return answered<{ startedAt: string }[]>(
      rider.request("GET", `/api/components/${id}/installations`),
      "installations",
    );
  }
  /** The day a moment falls on in a zone, as the rider's browser shows it. */
  const dayIn = (timeZone: string, at: string) => new Date(at).toLocaleDateString("en-CA", { timeZone });

  it("starts with UTC and refuses a zone that is not one", async () => {
    const rider = await signUp(t.app);
    expect((await json<Settings>(rider.request("GET", "/api/settings"))).timeZone).toBe("UTC");
    for (const timeZone of ["Mars/Olympus_Mons", "", "x".repeat(200), 11]) {
      const response = await rider.request("PUT", "/api/settings", { timeZone });
      expect(response.status).toBe(400);
      const body = await json<{ error: { fields: Record<string, string> } }>(response);
      expect(body.error.fields.timeZone).toBe("Time zone must be a time zone name such as Europe/Berlin");
    }
    // Saved as the browser spelled it, so the web app finds it unchanged on its next load.
    const kolkata = await json<Settings>(rider.request("PUT", "/api/settings", { timeZone: "Asia/Kolkata" }));
    expect(kolkata.timeZone).toBe("Asia/Kolkata");
    // Only its letter case is put right: the calendar feed and the export then name the zone as written.
    const berlin = await json<Settings>(rider.request("PUT", "/api/settings", { timeZone: "europe/BERLIN" }));
    expect(berlin.timeZone).toBe("Europe/Berlin");
    // Other preferences keep the zone, and the zone keeps them.
    await rider.request("PUT", "/api/settings", { timeZone: KIRITIMATI });
    const saved = await json<Settings>(rider.request("PUT", "/api/settings", { distanceUnit: "mi" }));
    expect(saved).toMatchObject({ distanceUnit: "mi", timeZone: KIRITIMATI });
  });

  it("in Pago Pago, a part installed on Jan 10 starts on Jan 10 and the evening before does not wear it", async () => {
    const rider = await riderIn(PAGO_PAGO);
    const bike = await bicycle(rider);
    await ride(rider, bike.id, "2026-01-10T07:00:00Z", 30); // Jan 9, 20:00 in Pago Pago
    await ride(rider, bike.id, "2026-01-10T11:30:00Z", 12); // Jan 10, 00:30 in Pago Pago
    const chain = await chainInstalledOn(rider, bike.id, "2026-01-10");

    const [first] = await periods(rider, chain.id);
    expect(dayIn(PAGO_PAGO, first!.startedAt)).toBe("2026-01-10");
    expect((await component(rider, chain.id)).distance).toBe(12);
  });

  it("in Kiritimati, a ride on the morning of the install day wears the part", async () => {
    const rider = await riderIn(KIRITIMATI);
    const bike = await bicycle(rider);
    await ride(rider, bike.id, "2026-01-09T09:30:00Z", 30); // Jan 9, 23:30 in Kiritimati
    await ride(rider, bike.id, "2026-01-09T18:00:00Z", 12); // Jan 10, 08:00 in Kiritimati
    const chain = await chainInstalledOn(rider, bike.id, "2026-01-10");

    const [first] = await periods(rider, chain.id);
    expect(dayIn(KIRITIMATI, first!.startedAt)).toBe("2026-01-10");
    expect((await component(rider, chain.id)).distance).toBe(12);
  });

  it("imported parts start on the typed day in the rider's zone too", async () => {
    const rider = await riderIn(KIRITIMATI);
    const bike = await bicycle(rider);
    await ride(rider, bike.id, "2026-01-09T18:00:00Z", 12); // Jan 10, 08:00 in Kiritimati
    const imported = await rider.request("POST", "/api/import/components", {
      components: [{ name: "Cassette", type: "Drivetrain" }],
      bicycleId: bike.id,
      installedAt: "2026-01-10",
    });
    expect(imported.status).toBe(201);
    const parts = await answered<Component[]>(
      rider.request("GET", `/api/bicycles/${bike.id}/components`),
      "components",
    );
    const cassette = parts.find((part) => part.name === "Cassette")!;
    expect(dayIn(KIRITIMATI, (await periods(rider, cassette.id))[0]!.startedAt)).toBe("2026-01-10");
    expect(cassette.distance).toBe(12);
  });

  // 15:00 on Nov 27 in Pago Pago, when UTC is already at Nov 28.
  const pagoPagoAfternoon = new Date("2026-11-28T02:00:00Z");

  async function monthlyChain(rider: TestClient, lastService: string) {
    const bike = await bicycle(rider);
    const chain = await chainInstalledOn(rider, bike.id, "2026-06-01");
    const created = await rider.request("POST", `/api/components/${chain.id}/intervals`, {
      label: "Clean and lube",
      everyMonths: 1,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const serviced = await rider.request("POST", `/api/components/${chain.id}/services`, {
      date: lastService,
      description: "Cleaned and lubed",
      cost: 0,
    });
    expect(serviced.status, await serviced.clone().text()).toBe(201);
    return chain;
  }
  async function statusAt(rider: TestClient, componentId: string, now: Date) {
    const [interval] = await listIntervalStatuses(t.db, rider.userId, { componentId, now });
    return interval as ServiceInterval;
  }

  it("an interval due tomorrow in the rider's zone is not overdue today", async () => {
    const rider = await riderIn(PAGO_PAGO);
    const chain = await monthlyChain(rider, "2026-10-28");
    const { status } = await statusAt(rider, chain.id, pagoPagoAfternoon);
    expect(status.state).not.toBe("overdue");
    expect(status.time).toMatchObject({ dueDate: "2026-11-28", used: 30, remaining: 1 });

    // The calendar feed says the same: due on Nov 28, not overdue today.
    const feed = await calendarFeed(t.db, rider.userId, {
      publicUrl: "https://velolog.test",
      now: pagoPagoAfternoon,
    });
    expect(feed).not.toContain("Overdue");
  });

  it("a service entered today in the rider's zone has used no day yet", async () => {
    const rider = await riderIn(PAGO_PAGO);
    const chain = await monthlyChain(rider, "2026-11-27");
    const { status } = await statusAt(rider, chain.id, pagoPagoAfternoon);
    expect(status.state).toBe("ok");
    expect(status.time?.used).toBe(0);
  });

  it("a ride the evening of the service day does not count to the next interval; the next morning's does", async () => {
    const rider = await riderIn(PAGO_PAGO);
    const bike = await bicycle(rider);
    const chain = await chainInstalledOn(rider, bike.id, "2026-06-01");
    await rider.request("POST", `/api/components/${chain.id}/intervals`, { label: "Wax", everyKm: 300 });
    await rider.request("POST", `/api/components/${chain.id}/services`, {
      date: "2026-10-01",
      description: "Waxed",
      cost: 0,
    });
    await ride(rider, bike.id, "2026-10-02T06:00:00Z", 40); // Oct 1, 19:00 in Pago Pago
    await ride(rider, bike.id, "2026-10-02T19:00:00Z", 25); // Oct 2, 08:00 in Pago Pago
    const { status } = await statusAt(rider, chain.id, pagoPagoAfternoon);
    expect(status.distance?.used).toBe(25);
  });

  it("a rider still in UTC sees the UTC day, as before", async () => {
    const rider = await signUp(t.app);
    const chain = await monthlyChain(rider, "2026-10-28");
    const { status } = await statusAt(rider, chain.id, pagoPagoAfternoon);
    expect(status.state).toBe("overdue");
    expect(status.time?.dueDate).toBe("2026-11-28");
  });
});
