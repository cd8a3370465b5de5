import { readFileSync } from "node:fs";
import { Encoder, type Mesg, Profile } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import { messages } from "../../../../shared/messages.ts";
import { rideInputSchema } from "../../../../shared/schemas/ride.ts";
import { RideFileError, readRideFile } from "./read-ride-file.ts";

const m = messages.rideFiles;
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`fixtures/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A GPX 1.1 file with the given segments of points; `time` in seconds after 08:00. */
function gpx(
  segments: { lat: number; lon: number; t?: number; ele?: number }[][],
  trackName = "",
): Uint8Array {
  const point = (p: { lat: number; lon: number; t?: number; ele?: number }) =>
    `<trkpt lat="${p.lat}" lon="${p.lon}">${p.ele === undefined ? "" : `<ele>${p.ele}</ele>`}${
      p.t === undefined ? "" : `<time>${new Date(Date.UTC(2026, 5, 1, 8, 0, p.t)).toISOString()}</time>`
    }</trkpt>`;
  return utf8(`<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk>${trackName}${segments
    .map((segment) => `<trkseg>${segment.map(point).join("")}</trkseg>`)
    .join("")}</trk></gpx>`);
}

/** Points going north from 46.5° N at `metresPerPoint`, one every `seconds`. */
function northwards(count: number, metresPerPoint: number, seconds: number, fromT = 0, fromM = 0) {
  return Array.from({ length: count }, (_, i) => ({
    lat: 46.5 + (fromM + i * metresPerPoint) / 111_195,
    lon: 6.6,
    t: fromT + i * seconds,
  }));
}

const MESG = Profile.MesgNum as Record<
  "FILE_ID" | "EVENT" | "RECORD" | "LAP" | "SESSION" | "ACTIVITY",
  number
>;

/**
 * A FIT activity through the FIT SDK's encoder: `sessions` parts of 600 s at 6 m/s (3,600 m each), 300 s
 * apart with the timer stopped, each with its lap and session; with `gps` false the records have the
 * trainer's or speed sensor's distance and no positions, as an indoor ride has.
 */
function fitActivity({ sport = "cycling", subSport = "road", gps = true, sessions = 1 } = {}): Uint8Array {
  const encoder = new Encoder();
  const write = (mesgNum: number, fields: Record<string, unknown>) => encoder.onMesg(mesgNum, fields as Mesg);
  const start = new Date("2026-05-04T17:00:00Z");
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const semicircles = (deg: number) => Math.round(deg / (180 / 2 ** 31));
  write(MESG.FILE_ID, {
    type: "activity",
    manufacturer: "garmin",
    product: 3121,
    serialNumber: 1,
    timeCreated: start,
  });
  for (let part = 0; part < sessions; part++) {
    const [from, fromM] = [part * 900, part * 3600];
    write(MESG.EVENT, { timestamp: at(from), event: "timer", eventType: "start" });
    for (let t = 0; t <= 600; t++) {
      const metres = fromM + 6 * t;
      const position = gps
        ? { positionLat: semicircles(46.5 + metres / 111_195), positionLong: semicircles(6.6) }
        : {};
      write(MESG.RECORD, {
        timestamp: at(from + t),
        distance: metres,
        enhancedSpeed: 6,
        power: 210,
        ...position,
      });
    }
    write(MESG.EVENT, { timestamp: at(from + 600), event: "timer", eventType: "stopAll" });
    const totals = {
      timestamp: at(from + 600),
      startTime: at(from),
      totalElapsedTime: 600,
      totalTimerTime: 600,
      totalDistance: 3600,
      sport,
      subSport,
    };
    write(MESG.LAP, { ...totals, messageIndex: part });
    write(MESG.SESSION, { ...totals, messageIndex: part, firstLapIndex: part, numLaps: 1 });
  }
  write(MESG.ACTIVITY, {
    timestamp: at(sessions * 900),
    numSessions: sessions,
    type: "manual",
    event: "activity",
    eventType: "stop",
  });
  return encoder.close();
}

function reason(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(RideFileError);
    return (error as Error).message;
  }
  throw new Error("the file was read without an error");
}

describe("readRideFile with files as apps and devices write them", () => {
  it("reads a phone app's GPX: distance by haversine, the café stop left out of the moving time", () => {
    const ride = readRideFile("Morning_Ride.gpx", fixture("phone.gpx"));
    expect(ride.name).toBe("Morning Ride & Coffee");
    expect(ride.startedAt.toISOString()).toBe("2026-05-01T07:30:00.000Z");
    // 1,080 m east, 90 s stopped (9 m of GPS jitter), 1,080 m north.
    expect(ride.distanceKm).toBeCloseTo(2.169, 2);
    expect(ride.movingSeconds).toBeGreaterThanOrEqual(358);
    expect(ride.movingSeconds).toBeLessThanOrEqual(362);
    // A 30 m climb with ±1 m of jitter on every point.
    expect(ride.elevationGainM).toBeGreaterThanOrEqual(27);
    expect(ride.elevationGainM).toBeLessThanOrEqual(33);
  });

  it("reads a Garmin TCX: the laps' own distance and timer time, not the straight lines between points", () => {
    const ride = readRideFile("activity_123.tcx", fixture("garmin.tcx"));
    expect(ride).toMatchObject({
      name: "Evening loop",
      distanceKm: 2.5,
      movingSeconds: 450,
    });
    expect(ride.startedAt.toISOString()).toBe("2026-05-02T16:00:00.000Z");
    expect(ride.elevationGainM).toBeGreaterThanOrEqual(17);
    expect(ride.elevationGainM).toBeLessThanOrEqual(20);
  });

  it("reads a FIT activity from the FIT SDK's encoder: the session's totals and the sport as its name", () => {
    const ride = readRideFile("2026-05-03-06-15-00.fit", fixture("head-unit.fit"));
    expect(ride).toEqual({
      name: "Cycling",
      startedAt: new Date("2026-05-03T06:15:00.000Z"),
      distanceKm: 5,
      movingSeconds: 960,
      elevationGainM: 42,
    });
  });

  it("reads a FIT file without a session from its records: their distance, the pause left out", () => {
    const ride = readRideFile("records-only.fit", fixture("records-only.fit"));
    expect(ride).toMatchObject({ name: "records-only", distanceKm: 4.8, movingSeconds: 960 });
    expect(ride.startedAt.toISOString()).toBe("2026-05-03T06:15:00.000Z");
    expect(ride.elevationGainM).toBeGreaterThanOrEqual(99);
    expect(ride.elevationGainM).toBeLessThanOrEqual(102);
  });

  it("gives what the ride form's schema accepts", () => {
    for (const file of ["phone.gpx", "garmin.tcx", "head-unit.fit", "records-only.fit"]) {
      const ride = readRideFile(file, fixture(file));
      const input = rideInputSchema.parse({ ...ride, startedAt: ride.startedAt.toISOString() });
      expect(input.distanceKm).toBe(ride.distanceKm);
    }
  });

  it("recognises the format by content, whatever the file is called", () => {
    expect(readRideFile("ride.fit", fixture("phone.gpx")).name).toBe("Morning Ride & Coffee");
    expect(readRideFile("export.xml", fixture("garmin.tcx")).name).toBe("Evening loop");
    expect(readRideFile("ride.gpx", fixture("head-unit.fit")).distanceKm).toBe(5);
  });

  it("reads Strava's TCX export (spaces before the XML declaration) and files that start with a byte order mark", () => {
    const tcx = new TextDecoder().decode(fixture("garmin.tcx"));
    expect(readRideFile("strava.tcx", utf8(`          ${tcx}`)).distanceKm).toBe(2.5);
    expect(readRideFile("bom.tcx", utf8(`\uFEFF${tcx}`)).distanceKm).toBe(2.5);
  });
});

describe("readRideFile with files from more sources", () => {
  it("reads an indoor trainer's FIT (distance, no positions) and a FIT with several sessions and the timer stopped between", () => {
    expect(readRideFile("zwift.fit", fitActivity({ gps: false, subSport: "virtualActivity" }))).toEqual({
      name: "Cycling",
      startedAt: new Date("2026-05-04T17:00:00Z"),
      distanceKm: 3.6,
      movingSeconds: 600,
      elevationGainM: null,
    });
    expect(readRideFile("two.fit", fitActivity({ sessions: 2 }))).toMatchObject({
      distanceKm: 7.2,
      movingSeconds: 1200,
    });
  });

  it("reads times without a zone as UTC, as GPX and TCX define them, whatever the server's time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = "Europe/Zurich";
    try {
      const points = northwards(20, 5, 1).map(
        (p, i) =>
          `<trkpt lat="${p.lat}" lon="${p.lon}"><time>2026-06-01T08:00:${String(i).padStart(2, "0")}</time></trkpt>`,
      );
      const ride = readRideFile(
        "a.gpx",
        utf8(`<gpx version="1.1"><trk><trkseg>${points.join("")}</trkseg></trk></gpx>`),
      );
      expect(ride.startedAt.toISOString()).toBe("2026-06-01T08:00:00.000Z");
      expect(ride.movingSeconds).toBe(19);
      // With an offset, or with milliseconds, the time is the instant it says.
      const offset = points.map((p) => p.replace(/(:\d\d)<\/time>/, "$1.250+02:00</time>"));
      const shifted = readRideFile(
        "b.gpx",
        utf8(`<gpx version="1.1"><trk><trkseg>${offset.join("")}</trkseg></trk></gpx>`),
      );
      expect(shifted.startedAt.toISOString()).toBe("2026-06-01T06:00:00.250Z");
    } finally {
      process.env.TZ = zone;
    }
  });

  it("reads a GPX written in ISO-8859-1 or UTF-16 with its accents", () => {
    const body = (name: string) =>
      new TextDecoder()
        .decode(gpx([northwards(10, 5, 1)], `<name>${name}</name>`))
        .replace(/^<\?xml[^>]*>/, "");
    const latin1 = Uint8Array.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?>${body("Col de l'Iseran, Café")}`,
      (c) => c.charCodeAt(0),
    );
    expect(readRideFile("old.gpx", latin1).name).toBe("Col de l'Iseran, Café");
    // Declared ISO-8859-1 and written in UTF-8 after all: read as what it is.
    const misdeclared = utf8(`<?xml version="1.0" encoding="ISO-8859-1"?>${body("Café")}`);
    expect(readRideFile("misdeclared.gpx", misdeclared).name).toBe("Café");
    const text = `<?xml version="1.0" encoding="UTF-16"?>${body("Zürich–Genève")}`;
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++)
      utf16.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + 2 * i);
    expect(readRideFile("windows.gpx", utf16).name).toBe("Zürich–Genève");
  });
});

describe("readRideFile refusing what it cannot read, with the reason", () => {
  it("refuses a run, a walk or a swim, from the sport the file names, and takes every bicycle sport", () => {
    expect(reason(() => readRideFile("run.fit", fitActivity({ sport: "running", subSport: "trail" })))).toBe(
      m.notARide("running"),
    );
    const track = new TextDecoder().decode(gpx([northwards(10, 5, 1)]));
    const typed = (type: string) => utf8(track.replace("<trk>", `<trk><type>${type}</type>`));
    expect(reason(() => readRideFile("hike.gpx", typed("hiking")))).toBe(m.notARide("hiking"));
    expect(reason(() => readRideFile("run.gpx", typed("trail_running")))).toBe(m.notARide("trail running"));
    for (const type of ["cycling", "road_biking", "mountain_biking", "E-Bike Ride", "1"]) {
      expect(readRideFile("ride.gpx", typed(type)).distanceKm).toBeCloseTo(0.045, 3);
    }
    // Strava's own GPX export numbers its types: 9 is a run, 1 a ride.
    const strava = (type: string) =>
      utf8(new TextDecoder().decode(typed(type)).replace('creator="test"', 'creator="StravaGPX Android"'));
    expect(reason(() => readRideFile("Afternoon_Run.gpx", strava("9")))).toBe(m.notARide("running"));
    expect(readRideFile("Morning_Ride.gpx", strava("1")).distanceKm).toBeCloseTo(0.045, 3);
    const tcx = new TextDecoder().decode(fixture("garmin.tcx"));
    expect(
      reason(() => readRideFile("run.tcx", utf8(tcx.replace('Sport="Biking"', 'Sport="Running"')))),
    ).toBe(m.notARide("running"));
    expect(readRideFile("other.tcx", utf8(tcx.replace('Sport="Biking"', 'Sport="Other"'))).distanceKm).toBe(
      2.5,
    );
  });

  it("refuses each of Strava's activity types that is not ridden on a bicycle, and takes each bicycle type", () => {
    const track = new TextDecoder().decode(gpx([northwards(10, 5, 1)]));
    const typed = (type: string) => utf8(track.replace("<trk>", `<trk><type>${type}</type>`));
    // Strava's documented sport types (as its API names them, and as its export writes some of them).
    const notRidden = [
      ["AlpineSki", "alpine ski"],
      ["BackcountrySki", "backcountry ski"],
      ["Badminton", "badminton"],
      ["Canoeing", "canoeing"],
      ["Canoe", "canoe"],
      ["Crossfit", "crossfit"],
      ["Elliptical", "elliptical"],
      ["Golf", "golf"],
      ["HighIntensityIntervalTraining", "high intensity interval training"],
      ["HIIT", "hiit"],
      ["Hike", "hike"],
      ["IceSkate", "ice skate"],
      ["InlineSkate", "inline skate"],
      ["Kayaking", "kayaking"],
      ["Kitesurf", "kitesurf"],
      ["NordicSki", "nordic ski"],
      ["Pickleball", "pickleball"],
      ["Pilates", "pilates"],
      ["Racquetball", "racquetball"],
      ["RockClimbing", "rock climbing"],
      ["Rock Climb", "rock climb"],
      ["RollerSki", "roller ski"],
      ["Rowing", "rowing"],
      ["Run", "run"],
      ["Sail", "sail"],
      ["Skateboard", "skateboard"],
      ["Snowboard", "snowboard"],
      ["Snowshoe", "snowshoe"],
      ["Soccer", "soccer"],
      ["Squash", "squash"],
      ["StairStepper", "stair stepper"],
      ["Stair-Stepper", "stair stepper"],
      ["StandUpPaddling", "stand up paddling"],
      ["Surfing", "surfing"],
      ["Swim", "swim"],
      ["TableTennis", "table tennis"],
      ["Tennis", "tennis"],
      ["TrailRun", "trail run"],
      ["VirtualRow", "virtual row"],
      ["VirtualRun", "virtual run"],
      ["Walk", "walk"],
      ["WeightTraining", "weight training"],
      ["Wheelchair", "wheelchair"],
      ["Windsurf", "windsurf"],
      ["Yoga", "yoga"],
    ];
    for (const [type, words] of notRidden)
      expect(
        reason(() => readRideFile("activity.gpx", typed(type!))),
        type,
      ).toBe(m.notARide(words!));
    const ridden = [
      "Ride",
      "EBikeRide",
      "E-Bike Ride",
      "EMountainBikeRide",
      "GravelRide",
      "MountainBikeRide",
    ];
    // A velomobile and a handcycle have chains too; a workout says nothing of what it was.
    ridden.push("Velomobile", "VirtualRide", "Virtual Ride", "Handcycle", "Workout");
    for (const type of ridden)
      expect(readRideFile("ride.gpx", typed(type)).distanceKm, type).toBeCloseTo(0.045, 3);
  });

  it("refuses an empty file, and a planned route, saying so", () => {
    expect(reason(() => readRideFile("empty.gpx", new Uint8Array()))).toBe(m.empty);
    const route = `<gpx version="1.1"><rte><name>Plan</name><rtept lat="46.5" lon="6.6"/><rtept lat="46.6" lon="6.6"/></rte></gpx>`;
    expect(reason(() => readRideFile("komoot-plan.gpx", utf8(route)))).toBe(m.routeOnly);
  });

  it("refuses a truncated or damaged FIT file", () => {
    const fit = fixture("head-unit.fit");
    expect(reason(() => readRideFile("cut.fit", fit.subarray(0, fit.length - 500)))).toMatch(
      /^The file could not be read: it is incomplete or damaged/,
    );
    const flipped = fit.slice();
    flipped[2000] = flipped[2000]! ^ 0xff;
    expect(reason(() => readRideFile("flipped.fit", flipped))).toMatch(/^The file could not be read: /);
    expect(reason(() => readRideFile("header.fit", fit.subarray(0, 14)))).toMatch(
      /^The file could not be read: /,
    );
  });

  it("reads a FIT file with zero bytes after its checksum, and still refuses one with anything else there", () => {
    const fit = fitActivity();
    const padded = new Uint8Array(fit.length + 1024);
    padded.set(fit);
    expect(readRideFile("padded.fit", padded)).toMatchObject({ distanceKm: 3.6, movingSeconds: 600 });
    const garbage = padded.slice();
    garbage[fit.length + 100] = 0x42;
    expect(reason(() => readRideFile("garbage.fit", garbage))).toMatch(/^The file could not be read: /);
    // Padding does not mend a file whose own bytes are damaged.
    const flipped = padded.slice();
    flipped[fit.length - 200] = flipped[fit.length - 200]! ^ 0xff;
    expect(reason(() => readRideFile("flipped.fit", flipped))).toBe(
      "The file could not be read: it is incomplete or damaged (its checksum does not match)",
    );
  });

  it("refuses broken XML in a rider's words, naming the line", () => {
    expect(reason(() => readRideFile("cut.gpx", fixture("truncated.gpx")))).toMatch(
      /^The file could not be read: it is incomplete or damaged \(line \d+\)$/,
    );
    expect(reason(() => readRideFile("a.tcx", utf8("<TrainingCenterDatabase><Activities></Lap>")))).toBe(
      "The file could not be read: it is incomplete or damaged (line 1)",
    );
  });

  it("refuses a track without points, or with a single one", () => {
    expect(reason(() => readRideFile("empty.gpx", gpx([[]])))).toBe(m.noTrackPoints);
    expect(reason(() => readRideFile("empty.gpx", gpx([])))).toBe(m.noTrackPoints);
    expect(reason(() => readRideFile("one.gpx", gpx([northwards(1, 0, 1)])))).toBe(m.noTrackPoints);
    const waypointsOnly = `<gpx version="1.1"><wpt lat="46.5" lon="6.6"><name>Café</name></wpt></gpx>`;
    expect(reason(() => readRideFile("places.gpx", utf8(waypointsOnly)))).toBe(m.noTrackPoints);
    const noLaps = `<TrainingCenterDatabase><Activities><Activity Sport="Biking"><Id>2026-05-02T16:00:00Z</Id></Activity></Activities></TrainingCenterDatabase>`;
    expect(reason(() => readRideFile("empty.tcx", utf8(noLaps)))).toBe(m.noTrackPoints);
  });

  it("refuses a planned route without times, and a track that goes nowhere", () => {
    const route = northwards(50, 100, 1).map(({ lat, lon }) => ({ lat, lon }));
    expect(reason(() => readRideFile("route.gpx", gpx([route])))).toBe(m.noStartTime);
    const standingStill = northwards(50, 0, 1);
    expect(reason(() => readRideFile("still.gpx", gpx([standingStill])))).toBe(m.noDistance);
  });

  it("refuses what is no GPX, TCX or FIT file", () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    for (const bytes of [
      png,
      utf8("lat,lon,time\n46.5,6.6,2026-05-01T07:30:00Z\n"),
      utf8('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'),
      utf8("<!doctype html><html><body>gpx</body></html>"),
    ]) {
      expect(reason(() => readRideFile("ride.gpx", bytes))).toBe(m.unknownFormat);
    }
  });

  it("does not expand an entity bomb", () => {
    const lol = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? '<!ENTITY a0 "lol">' : `<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`,
    ).join("");
    const track = gpx([northwards(10, 5, 1)]);
    const bomb = new TextDecoder()
      .decode(track)
      .replace("<gpx ", `<!DOCTYPE gpx [${lol}]><gpx `)
      .replace("<trk>", "<metadata><name>&a8;</name></metadata><trk>");
    const started = performance.now();
    const ride = readRideFile("bomb.gpx", utf8(bomb));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(ride.name).not.toContain("lollol");
    expect(ride.distanceKm).toBeCloseTo(0.045, 3);
  });
});

describe("readRideFile's rules for tracks without the device's totals", () => {
  it("counts sparse recordings (a point a minute) as moving, and a long gap in the recording as a pause", () => {
    // 20 points a minute apart at 5 m/s, then the recording stops for 15 minutes and 20 more points.
    const before = northwards(20, 300, 60);
    const after = northwards(20, 300, 60, 19 * 60 + 15 * 60, 19 * 300 + 9000);
    const ride = readRideFile("sparse.gpx", gpx([[...before, ...after]]));
    expect(ride.movingSeconds).toBe(38 * 60);
    expect(ride.distanceKm).toBeCloseTo((38 * 300 + 9000) / 1000, 1);
  });

  it("adds no distance or time between the segments of a track", () => {
    const first = northwards(11, 5, 1);
    const second = northwards(11, 5, 1, 600, 2000);
    const ride = readRideFile("two-segments.gpx", gpx([first, second]));
    expect(ride.distanceKm).toBeCloseTo(0.1, 3);
    expect(ride.movingSeconds).toBe(20);
  });

  it("steps over points without a position (0° N 0° E before a fix, none in a tunnel) rather than riding to them", () => {
    const points = northwards(21, 5, 1);
    const track = new TextDecoder().decode(gpx([points]));
    const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 8, 0, i)).toISOString();
    const beforeFix = track.replace(
      "<trkseg>",
      `<trkseg><trkpt lat="0" lon="0"><time>${at(0)}</time></trkpt>`,
    );
    expect(readRideFile("before-fix.gpx", utf8(beforeFix))).toMatchObject({
      distanceKm: 0.1,
      movingSeconds: 20,
    });
    // In a TCX without the odometer, points 5 to 14 lost their position in a tunnel.
    const trackpoint = (p: { lat: number; lon: number; t: number }, i: number) =>
      `<Trackpoint><Time>${at(p.t)}</Time>${i >= 5 && i < 15 ? "" : `<Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position>`}</Trackpoint>`;
    const tcx = `<TrainingCenterDatabase><Activities><Activity Sport="Biking"><Id>${at(0)}</Id><Lap StartTime="${at(0)}"><Track>${points.map(trackpoint).join("")}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
    expect(readRideFile("tunnel.tcx", utf8(tcx))).toMatchObject({ distanceKm: 0.1, movingSeconds: 20 });
  });

  it("names the ride after the file when the file has no name, and has no elevation gain without elevations", () => {
    const ride = readRideFile("exports/2026-06-01 Lake loop.gpx", gpx([northwards(10, 5, 1)]));
    expect(ride.name).toBe("2026-06-01 Lake loop");
    // Strava names its downloads after the activity, with underscores: a TCX from it has no other name.
    const tcx = new TextDecoder().decode(fixture("garmin.tcx")).replace(/<Notes>.*<\/Notes>/, "");
    expect(readRideFile("Afternoon_Ride.tcx", utf8(tcx)).name).toBe("Afternoon Ride");
    expect(ride.elevationGainM).toBeNull();
    expect(readRideFile("a.gpx", gpx([northwards(10, 5, 1)], "<name> Commute </name>")).name).toBe("Commute");
  });

  it("ignores elevation jitter under 3 m and counts real climbs", () => {
    const points = northwards(200, 5, 1).map((p, i) => ({ ...p, ele: 300 + (i % 2 ? 2 : 0) }));
    expect(readRideFile("flat.gpx", gpx([points])).elevationGainM).toBe(0);
    const hills = northwards(200, 5, 1).map((p, i) => ({
      ...p,
      ele: 300 + 25 * Math.sin((i / 200) * 4 * Math.PI),
    }));
    // Up 25 m, down 50, up 50, down 50, up 25: 100 m of climbing, less at most 3 m at each of the 3 tops.
    const gain = readRideFile("hills.gpx", gpx([hills])).elevationGainM;
    expect(gain).toBeGreaterThanOrEqual(91);
    expect(gain).toBeLessThanOrEqual(100);
  });
});
