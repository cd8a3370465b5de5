import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { gzipSync, zipSync } from "fflate";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { Component } from "../../../shared/schemas/component.ts";
import { MAX_RIDES_PER_ZIP, type RideFileResult } from "../../../shared/schemas/ride.ts";
import { rides, subscriptions } from "../../db/schema.ts";
import {
  describeEachDatabase,
  json,
  signUp,
  TEST_ORIGIN,
  type TestClient,
  useTestApp,
} from "../../testing/test-app.ts";

const m = messages.rideFiles;
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "files/fixtures", name)));

describeEachDatabase("ride files", (kind) => {
  const t = useTestApp(kind);

  async function upload(rider: TestClient, bicycleId: string, name: string, bytes: Uint8Array) {
    return t.app.request(`/api/bicycles/${bicycleId}/rides/files?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: rider.cookie, "Content-Type": "application/octet-stream" },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
  }
  async function results(response: Response) {
    expect(response.status).toBe(200);
    return (await json<{ results: RideFileResult[] }>(response)).results.map((r) => [
      r.file,
      r.status,
      r.reason ?? r.ride?.distanceKm,
    ]);
  }
  async function storedRides(userId: string) {
    return t.db.select().from(rides).where(eq(rides.userId, userId));
  }
  async function setUp() {
    const rider = await signUp(t.app);
    const bicycle = (
      await json<{ bicycle: Bicycle }>(rider.request("POST", "/api/bicycles", { name: "Road" }))
    ).bicycle;
    return { rider, bicycle };
  }

  it("imports GPX, TCX and FIT files with the files' distances; the same file again is a duplicate", async () => {
    const { rider, bicycle } = await setUp();
    const chain = (
      await json<{ component: Component }>(
        rider.request("POST", "/api/components", {
          bicycleId: bicycle.id,
          name: "Chain",
          type: "Drivetrain",
          installedAt: "2020-01-01",
        }),
      )
    ).component;
    expect(await results(await upload(rider, bicycle.id, "phone.gpx", fixture("phone.gpx")))).toEqual([
      ["phone.gpx", "imported", 2.169],
    ]);
    expect(await results(await upload(rider, bicycle.id, "garmin.tcx", fixture("garmin.tcx")))).toEqual([
      ["garmin.tcx", "imported", 2.5],
    ]);
    expect(await results(await upload(rider, bicycle.id, "head-unit.fit", fixture("head-unit.fit")))).toEqual(
      [["head-unit.fit", "imported", 5]],
    );
    // Renamed, the same bytes are still the same ride.
    expect(await results(await upload(rider, bicycle.id, "again.gpx", fixture("phone.gpx")))).toEqual([
      ["again.gpx", "duplicate", 2.169],
    ]);
    const stored = await storedRides(rider.userId);
    expect(stored.map((r) => r.source)).toEqual(["file", "file", "file"]);
    // The chain wore by all three.
    const worn = (await json<{ component: Component }>(rider.request("GET", `/api/components/${chain.id}`)))
      .component;
    expect(worn.distance).toBe(9.669);
  });

  it("a ride typed by hand and the same ride from a file are one ride", async () => {
    const { rider, bicycle } = await setUp();
    const [first] = await storedRides(rider.userId);
    expect(first).toBeUndefined();
    await upload(rider, bicycle.id, "garmin.tcx", fixture("garmin.tcx"));
    const [fromFile] = await storedRides(rider.userId);
    await rider.request("DELETE", `/api/rides/${fromFile!.id}`);
    const typed = await rider.request("POST", `/api/bicycles/${bicycle.id}/rides`, {
      name: "Typed",
      startedAt: new Date(fromFile!.startedAt.getTime() + 30_000).toISOString(),
      distanceKm: 2.47,
      movingSeconds: 400,
    });
    expect(typed.status).toBe(201);
    expect(await results(await upload(rider, bicycle.id, "garmin.tcx", fixture("garmin.tcx")))).toEqual([
      ["garmin.tcx", "duplicate", 2.47],
    ]);
  });

  it("a device's FIT and the same ride's GPX from elsewhere, 5% apart in distance, are one ride; a ride two minutes later is another", async () => {
    /** A GPX ride north from 46.5° N: `km` in 50 m steps at 5 m/s, starting at `start`. */
    const gpx = (start: string, km: number) => {
      const points = Array.from({ length: km * 20 + 1 }, (_, i) => {
        const time = new Date(new Date(start).getTime() + i * 10_000).toISOString();
        return `<trkpt lat="${46.5 + (i * 50) / 111_195}" lon="6.6"><time>${time}</time></trkpt>`;
      });
      return new TextEncoder().encode(
        `<gpx version="1.1" creator="elsewhere"><trk><trkseg>${points.join("")}</trkseg></trk></gpx>`,
      );
    };
    // head-unit.fit starts at 06:15:00 and its device measured 5 km.
    const { rider, bicycle } = await setUp();
    expect(await results(await upload(rider, bicycle.id, "head-unit.fit", fixture("head-unit.fit")))).toEqual(
      [["head-unit.fit", "imported", 5]],
    );
    const sameRide = gpx("2026-05-03T06:15:20Z", 4.75);
    expect(await results(await upload(rider, bicycle.id, "same.gpx", sameRide))).toEqual([
      ["same.gpx", "duplicate", 5],
    ]);
    expect(
      await results(await upload(rider, bicycle.id, "later.gpx", gpx("2026-05-03T06:17:00Z", 5))),
    ).toEqual([["later.gpx", "imported", 5]]);
    // The other way round, the shorter one first, it is the same ride too.
    const other = await setUp();
    expect(await results(await upload(other.rider, other.bicycle.id, "same.gpx", sameRide))).toEqual([
      ["same.gpx", "imported", 4.75],
    ]);
    expect(
      await results(await upload(other.rider, other.bicycle.id, "head-unit.fit", fixture("head-unit.fit"))),
    ).toEqual([["head-unit.fit", "duplicate", 4.75]]);
    expect(await storedRides(rider.userId)).toHaveLength(2);
    expect(await storedRides(other.rider.userId)).toHaveLength(1);
  });

  it("stores nothing from a file it cannot read, and says why", async () => {
    const { rider, bicycle } = await setUp();
    const [truncated] = await results(
      await upload(rider, bicycle.id, "truncated.gpx", fixture("truncated.gpx")),
    );
    expect(truncated![1]).toBe("unreadable");
    expect(String(truncated![2])).toMatch(new RegExp(`^${m.unreadable}`));
    expect(
      await results(await upload(rider, bicycle.id, "photo.jpg", new Uint8Array([0xff, 0xd8, 0xff, 0]))),
    ).toEqual([["photo.jpg", "unreadable", m.unknownFormat]]);
    const tooLarge = new Uint8Array(26 * 1024 * 1024).fill(0x20);
    expect(await results(await upload(rider, bicycle.id, "huge.gpx", tooLarge))).toEqual([
      ["huge.gpx", "unreadable", m.tooLarge],
    ]);
    expect((await upload(rider, bicycle.id, "x.gpx", new Uint8Array(101 * 1024 * 1024))).status).toBe(413);
    expect(await storedRides(rider.userId)).toEqual([]);
  });

  it("reads a .zip one entry at a time: each file's result, junk skipped, a bomb refused by its size", async () => {
    const { rider, bicycle } = await setUp();
    const zip = zipSync({
      "rides/phone.gpx": fixture("phone.gpx"),
      "rides/records-only.fit": fixture("records-only.fit"),
      "rides/truncated.gpx": fixture("truncated.gpx"),
      "../../etc/escape.tcx": fixture("garmin.tcx"),
      "__MACOSX/rides/._phone.gpx": new Uint8Array([0, 5, 22, 7]),
      ".DS_Store": new Uint8Array([1, 2, 3]),
      "empty/": new Uint8Array(0),
      // 30 MB of spaces: a few KB compressed, over the 25 MB a ride file may be.
      "bomb.gpx": new Uint8Array(30 * 1024 * 1024).fill(0x20),
    });
    expect(zip.byteLength).toBeLessThan(200_000);
    const answer = await results(await upload(rider, bicycle.id, "export.zip", zip));
    expect(answer.map(([file, status]) => [file, status])).toEqual([
      ["phone.gpx", "imported"],
      ["records-only.fit", "imported"],
      ["truncated.gpx", "unreadable"],
      // Only the name is kept: nothing is written where an entry's path points.
      ["escape.tcx", "imported"],
      ["bomb.gpx", "unreadable"],
    ]);
    expect(answer[4]![2]).toBe(m.tooLarge);
    expect((await storedRides(rider.userId)).length).toBe(3);
    // The same archive again adds nothing.
    const again = await results(await upload(rider, bicycle.id, "export.zip", zip));
    expect(again.filter(([, status]) => status === "imported")).toEqual([]);
    expect((await storedRides(rider.userId)).length).toBe(3);

    const broken = zip.slice(0, 200);
    const refused = await upload(rider, bicycle.id, "broken.zip", broken);
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(m.badZip);
    const emptyZip = await upload(
      rider,
      bicycle.id,
      "none.zip",
      zipSync({ "readme.txt": new Uint8Array([65]), "photo.jpg": new Uint8Array([0xff, 0xd8]) }),
    );
    expect(emptyZip.status).toBe(400);
    expect((await json<{ error: { message: string } }>(emptyZip)).error.message).toBe(m.emptyZip);
  });

  it("takes Strava's bulk export as it comes: the rides named as on Strava, runs refused, photos and CSV files passed over", async () => {
    const { rider, bicycle } = await setUp();
    const csv = [
      "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename",
      '111,"May 1, 2026, 7:30:00 AM",Col du Galibier,Ride,"Hot, windy; ""epic""",450,2.17,activities/111.gpx.gz',
      '222,"May 3, 2026, 6:15:00 AM",Evening spin,Ride,"two lines\r\nof notes",1020,5.0,activities/222.fit.gz',
      '333,"May 2, 2026, 4:00:00 PM",Lunch run,Run,,450,2.5,activities/333.tcx.gz',
      '444,"May 4, 2026, 9:00:00 AM",Yoga,Yoga,,1800,0,',
    ].join("\r\n");
    const media: Record<string, Uint8Array> = {};
    // More photos than the ride files a .zip may hold: only ride files count.
    for (let i = 0; i <= MAX_RIDES_PER_ZIP; i++)
      media[`export_1234/media/${i}.jpg`] = new Uint8Array([0xff, 0xd8, i % 256]);
    const exported = zipSync({
      "export_1234/activities.csv": new TextEncoder().encode(csv),
      "export_1234/profile.csv": new TextEncoder().encode("Athlete ID,Email Address\n1,a@b.c\n"),
      "export_1234/activities/111.gpx.gz": gzipSync(fixture("phone.gpx")),
      "export_1234/activities/222.fit.gz": gzipSync(fixture("head-unit.fit")),
      "export_1234/activities/333.tcx.gz": gzipSync(fixture("garmin.tcx")),
      ...media,
    });
    expect(await results(await upload(rider, bicycle.id, "export_1234.zip", exported))).toEqual([
      ["111.gpx.gz", "imported", 2.169],
      ["222.fit.gz", "imported", 5],
      ["333.tcx.gz", "unreadable", m.notARide("run")],
    ]);
    const stored = await storedRides(rider.userId);
    expect(stored.map((r) => r.name).sort()).toEqual(["Col du Galibier", "Evening spin"]);
  });

  it("puts each ride of Strava's bulk export on the bicycle its Activity Gear names, else on the bicycle imported from", async () => {
    const { rider, bicycle: road } = await setUp();
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    const newBicycle = async (who: TestClient, name: string) =>
      (await json<{ bicycle: Bicycle }>(who.request("POST", "/api/bicycles", { name }))).bicycle;
    const gravel = await newBicycle(rider, "Gravel Grinder");
    // Two of the rider's bicycles share a name: gear naming them says neither.
    await newBicycle(rider, "Spare");
    await newBicycle(rider, " spare ");
    // Another rider's bicycle is never one of this rider's.
    await newBicycle(await signUp(t.app), "Old Commuter");
    const chainOn = async (bicycleId: string) =>
      (
        await json<{ component: Component }>(
          rider.request("POST", "/api/components", {
            bicycleId,
            name: "Chain",
            type: "Drivetrain",
            installedAt: "2020-01-01",
          }),
        )
      ).component.id;
    const [roadChain, gravelChain] = [await chainOn(road.id), await chainOn(gravel.id)];
    const distanceOf = async (id: string) =>
      (await json<{ component: Component }>(rider.request("GET", `/api/components/${id}`))).component
        .distance;

    // garmin.tcx (2.5 km) on other days: rides of their own.
    const tcx = new TextDecoder().decode(fixture("garmin.tcx"));
    const tcxOn = (day: string) => gzipSync(new TextEncoder().encode(tcx.replaceAll("2026-05-02", day)));
    // The columns as Strava writes them (some twice), cut after the first figures.
    const header =
      "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance";
    const row = (id: number, name: string, gear: string, file: string) =>
      `${id},"May 1, 2026, 7:30:00 AM",${name},Ride,,450,2.17,,,false,,${gear},${file},,,450.0,400.0,2170.0`;
    const csv = [
      header,
      row(111, "Gravel loop", " gravel grinder ", "activities/111.gpx.gz"),
      row(222, "Road intervals", "Road", "activities/222.fit.gz"),
      row(333, "No gear", "", "activities/333.tcx.gz"),
      row(444, "Old bike", "Old Commuter", "activities/444.tcx.gz"),
      row(555, "Which spare", "Spare", "activities/555.tcx.gz"),
    ].join("\n");
    const exported = zipSync({
      "export_1234/activities.csv": new TextEncoder().encode(csv),
      "export_1234/activities/111.gpx.gz": gzipSync(fixture("phone.gpx")),
      "export_1234/activities/222.fit.gz": gzipSync(fixture("head-unit.fit")),
      "export_1234/activities/333.tcx.gz": gzipSync(fixture("garmin.tcx")),
      "export_1234/activities/444.tcx.gz": tcxOn("2026-05-05"),
      "export_1234/activities/555.tcx.gz": tcxOn("2026-05-06"),
    });
    const response = await upload(rider, road.id, "export_1234.zip", exported);
    expect(response.status).toBe(200);
    const answer = (await json<{ results: RideFileResult[] }>(response)).results;
    expect(answer.map((r) => [r.file, r.status, r.ride?.bicycleId, r.ride?.bicycleName])).toEqual([
      ["111.gpx.gz", "imported", gravel.id, "Gravel Grinder"],
      ["222.fit.gz", "imported", road.id, "Road"],
      ["333.tcx.gz", "imported", road.id, "Road"],
      ["444.tcx.gz", "imported", road.id, "Road"],
      ["555.tcx.gz", "imported", road.id, "Road"],
    ]);
    const onBicycle = async (bicycleId: string) =>
      (await storedRides(rider.userId))
        .filter((r) => r.bicycleId === bicycleId)
        .map((r) => r.name)
        .sort();
    expect(await onBicycle(gravel.id)).toEqual(["Gravel loop"]);
    expect(await onBicycle(road.id)).toEqual(["No gear", "Old bike", "Road intervals", "Which spare"]);
    expect(await distanceOf(gravelChain)).toBe(2.169);
    expect(await distanceOf(roadChain)).toBe(12.5);

    // Sent again from the other bicycle's tab, every ride is already there and stays where it is.
    const again = await results(await upload(rider, gravel.id, "export_1234.zip", exported));
    expect(again.map(([, status]) => status)).toEqual(Array(5).fill("duplicate"));
    expect(await onBicycle(gravel.id)).toEqual(["Gravel loop"]);
    expect(await distanceOf(roadChain)).toBe(12.5);
  });

  it("takes Strava's gzipped activity files, alone or in its export's .zip; the same ride unzipped is a duplicate", async () => {
    const { rider, bicycle } = await setUp();
    const exported = zipSync({
      "export_1234/activities/111.gpx.gz": gzipSync(fixture("phone.gpx")),
      "export_1234/activities/222.fit.gz": gzipSync(fixture("head-unit.fit")),
      "export_1234/activities/333.tcx": fixture("garmin.tcx"),
      "export_1234/activities/444.gpx.gz": gzipSync(fixture("phone.gpx")).slice(0, 100),
      "export_1234/UploadedFiles_Part1.zip": zipSync({ "a.gpx": fixture("phone.gpx") }),
    });
    expect(await results(await upload(rider, bicycle.id, "export_1234.zip", exported))).toEqual([
      ["111.gpx.gz", "imported", 2.169],
      ["222.fit.gz", "imported", 5],
      ["333.tcx", "imported", 2.5],
      ["444.gpx.gz", "unreadable", m.damagedGzip],
      ["UploadedFiles_Part1.zip", "unreadable", m.zipInZip],
    ]);
    const named = (await storedRides(rider.userId)).map((r) => r.name).sort();
    expect(named).not.toContain("111.gpx");
    expect(await results(await upload(rider, bicycle.id, "phone.gpx", fixture("phone.gpx")))).toEqual([
      ["phone.gpx", "duplicate", 2.169],
    ]);
    // Alone, gzipped past the size a ride file may have: refused by its inflated size.
    const bomb = gzipSync(new Uint8Array(30 * 1024 * 1024).fill(0x20));
    expect(await results(await upload(rider, bicycle.id, "bomb.gpx.gz", bomb))).toEqual([
      ["bomb.gpx.gz", "unreadable", m.tooLarge],
    ]);
    expect((await storedRides(rider.userId)).length).toBe(3);
  });

  it("reads the names in a .zip made on Windows (code page 437) or on macOS (UTF-8 without the flag)", async () => {
    const { rider, bicycle } = await setUp();
    const unnamed = new TextDecoder().decode(fixture("phone.gpx")).replace(/<name>.*<\/name>/, "");
    // fflate writes ASCII names without the UTF-8 flag; "_" then becomes è in code page 437 (0x8a).
    // macOS writes UTF-8 ("ü" is 0xc3 0xbc) without the flag.
    const zip = zipSync({
      "Tour de Gen_ve.gpx": new TextEncoder().encode(unnamed),
      "Z__rich.gpx": fixture("phone.gpx"),
    });
    const patch = (ascii: string, at: number, bytes: number[]) => {
      const marker = new TextEncoder().encode(ascii);
      for (let i = 0; i + marker.length <= zip.length; i++) {
        if (marker.every((byte, j) => zip[i + j] === byte)) zip.set(bytes, i + at);
      }
    };
    patch("Gen_ve", 3, [0x8a]);
    patch("Z__rich", 1, [0xc3, 0xbc]);
    expect(await results(await upload(rider, bicycle.id, "windows.zip", zip))).toEqual([
      ["Tour de Genève.gpx", "imported", 2.169],
      ["Zürich.gpx", "duplicate", 2.169],
    ]);
    expect((await storedRides(rider.userId)).map((r) => r.name)).toEqual(["Tour de Genève"]);
  });

  it("imports each activity of a TCX holding several (Garmin Training Center's history export) as its own ride", async () => {
    const { rider, bicycle } = await setUp();
    const tcx = new TextDecoder().decode(fixture("garmin.tcx"));
    const activity = /<Activity [\s\S]*<\/Activity>/.exec(tcx)![0];
    const onDay = (day: string, sport = "Biking") =>
      activity.replaceAll("2026-05-02", day).replace('Sport="Biking"', `Sport="${sport}"`);
    const history = tcx.replace(
      activity,
      [onDay("2026-05-05"), onDay("2026-05-06", "Running"), onDay("2026-05-07")].join("\n"),
    );
    const bytes = new TextEncoder().encode(history);
    expect(await results(await upload(rider, bicycle.id, "history.tcx", bytes))).toEqual([
      ["history.tcx (1 of 3)", "imported", 2.5],
      ["history.tcx (2 of 3)", "unreadable", m.notARide("running")],
      ["history.tcx (3 of 3)", "imported", 2.5],
    ]);
    const stored = await storedRides(rider.userId);
    expect(stored.map((r) => r.startedAt.toISOString()).sort()).toEqual([
      "2026-05-05T16:00:00.000Z",
      "2026-05-07T16:00:00.000Z",
    ]);
    expect(
      (await results(await upload(rider, bicycle.id, "history.tcx", bytes))).map(([, status]) => status),
    ).toEqual(["duplicate", "unreadable", "duplicate"]);
    expect((await storedRides(rider.userId)).length).toBe(2);
  });

  it("refuses a .zip of more ride files than it takes before storing any of them", async () => {
    const { rider, bicycle } = await setUp();
    const files: Record<string, Uint8Array> = { "first.gpx": fixture("phone.gpx") };
    for (let i = 1; i <= MAX_RIDES_PER_ZIP; i++) files[`ride-${i}.gpx`] = new Uint8Array([60]);
    const refused = await upload(rider, bicycle.id, "too-many.zip", zipSync(files));
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(m.tooManyFiles);
    expect(await storedRides(rider.userId)).toEqual([]);
  });

  it("refuses another user's bicycle and a missing file name", async () => {
    const { bicycle } = await setUp();
    const stranger = await signUp(t.app);
    expect((await upload(stranger, bicycle.id, "phone.gpx", fixture("phone.gpx"))).status).toBe(404);
    expect(await storedRides(stranger.userId)).toEqual([]);
    const noName = await t.app.request(`/api/bicycles/${bicycle.id}/rides/files`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, Cookie: stranger.cookie },
      body: new Blob([fixture("phone.gpx")]),
    });
    expect(noName.status).toBe(400);
  });

  it("refuses a file name over 300 characters with its own message, and a missing one with another", async () => {
    const { rider, bicycle } = await setUp();
    const bytes = fixture("phone.gpx");
    const error = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await json<{ error: { message: string; fields?: Record<string, string> } }>(response)).error;
    };
    const long = await error(await upload(rider, bicycle.id, `${"a".repeat(5000)}.gpx`, bytes));
    expect(long).toMatchObject({ message: m.nameTooLong, fields: { name: m.nameTooLong } });
    expect(m.nameTooLong).toContain("300");
    const empty = await error(await upload(rider, bicycle.id, "  ", bytes));
    expect(empty).toMatchObject({ message: m.nameRequired });
    expect(await storedRides(rider.userId)).toEqual([]);
  });
});
