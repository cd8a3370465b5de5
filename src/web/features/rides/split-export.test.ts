import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { stravaActivities } from "../../../shared/domain/ride-archive.ts";
import { messages } from "../../../shared/messages.ts";
import { MAX_RIDE_FILE_BYTES } from "../../../shared/schemas/ride.ts";
import {
  BATCH_BYTES,
  BATCH_RIDES,
  openRideArchive,
  type RefusedRide,
  type RideBatch,
} from "./split-export.ts";

async function collect(zip: Uint8Array<ArrayBuffer>, name = "export_1.zip") {
  const archive = await openRideArchive(new File([zip], name));
  if (!archive) throw new Error("not opened");
  const parts: (RideBatch | RefusedRide)[] = [];
  for await (const part of archive.batches()) parts.push(part);
  await archive.close();
  const batches = await Promise.all(
    parts.map(async (part) =>
      "refused" in part ? part.refused : unzipSync(new Uint8Array(await part.zip.arrayBuffer())),
    ),
  );
  return { archive, parts, batches };
}

describe("splitting a Strava export too large for one request", () => {
  it("sends every ride once, in order, each batch with an activities.csv of its own rides at the index's path", async () => {
    const rides = 2 * BATCH_RIDES + 7;
    const header =
      "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename\n";
    // The rider's names as Strava writes them: commas, quotes, a leading "=" or "-" kept as typed.
    const nameOf = (i: number) =>
      i === 2 ? '"Hill", then home' : i === 3 ? "-5 °C and =windy" : `Loop ${i}`;
    let csv = header;
    for (let i = 1; i <= rides; i++) {
      const name = `"${nameOf(i).replaceAll('"', '""')}"`;
      csv += `${i},"Mar 1, 2026",${name},Ride,"A long, long description",Gravel,activities/${i}.gpx.gz\n`;
    }
    csv += "999,,Not in the archive,Ride,,,activities/999.gpx.gz\n";
    const files: Record<string, Uint8Array> = {
      "export_1/activities.csv": strToU8(csv),
      "export_1/media/photo.jpg": new Uint8Array(5000),
      "export_1/profile.csv": strToU8("a,b"),
      "__MACOSX/export_1/activities/._1.gpx.gz": new Uint8Array(10),
      "export_1/activities/.hidden.gpx": new Uint8Array(10),
    };
    for (let i = 1; i <= rides; i++) files[`export_1/activities/${i}.gpx.gz`] = strToU8(`ride ${i}`);
    const { archive, parts, batches } = await collect(zipSync(files));

    expect(archive.rides).toBe(rides);
    expect(parts.map((part) => ("files" in part ? part.files.length : 0))).toEqual([
      BATCH_RIDES,
      BATCH_RIDES,
      7,
    ]);
    const whole = stravaActivities(csv);
    const sent = batches.flatMap((batch) => {
      const entries = batch as Record<string, Uint8Array>;
      const rideNames = Object.keys(entries).filter((name) => name !== "export_1/activities.csv");
      // What the server reads of the batch's index: exactly what the whole index says of its rides.
      const index = stravaActivities(strFromU8(entries["export_1/activities.csv"]!));
      const expected = rideNames.map((name) => [
        name.replace("export_1/", ""),
        whole.get(name.replace("export_1/", "")),
      ]);
      expect([...index]).toEqual(expected);
      expect(strFromU8(entries["export_1/activities.csv"]!).length).toBeLessThan(csv.length / 2);
      return rideNames;
    });
    expect(sent).toEqual(Array.from({ length: rides }, (_, i) => `export_1/activities/${i + 1}.gpx.gz`));
    const first = batches[0] as Record<string, Uint8Array>;
    expect(strFromU8(first["export_1/activities/1.gpx.gz"]!)).toBe("ride 1");
    expect(stravaActivities(strFromU8(first["export_1/activities.csv"]!)).get("activities/3.gpx.gz")).toEqual(
      {
        name: "-5 °C and =windy",
        type: "Ride",
        gear: "Gravel",
      },
    );
    expect(parts[0]).toMatchObject({ files: expect.arrayContaining(["1.gpx.gz"]) });
  });

  it("sends no index with rides it does not name, and the index as it is when it is at the top", async () => {
    const csv = "Activity Name,Filename\nTop,1.fit\n";
    const { batches } = await collect(
      zipSync({ "activities.csv": strToU8(csv), "1.fit": strToU8("x"), "sub/2.fit": strToU8("y") }),
    );
    expect(batches).toHaveLength(1);
    const batch = batches[0] as Record<string, Uint8Array>;
    expect(Object.keys(batch).sort()).toEqual(["1.fit", "activities.csv", "sub/2.fit"]);
    expect([...stravaActivities(strFromU8(batch["activities.csv"]!))]).toEqual([["1.fit", { name: "Top" }]]);
    const { batches: unnamed } = await collect(
      zipSync({ "activities.csv": strToU8("a,b\n"), "1.fit": strToU8("x") }),
    );
    expect(Object.keys(unnamed[0]!)).toEqual(["1.fit"]);
  });

  it("keeps each batch under its size, and says of a ride file over the limit what the server would", async () => {
    const big = new Uint8Array(BATCH_BYTES / 2 + 1);
    const { parts } = await collect(
      zipSync(
        {
          "a.fit": big,
          "b.fit": big,
          "huge.fit": new Uint8Array(MAX_RIDE_FILE_BYTES + 1),
          "c.fit": new Uint8Array(10),
        },
        { level: 0 },
      ),
    );
    expect(parts.map((part) => ("files" in part ? part.files : part.refused))).toEqual([
      ["a.fit"],
      ["b.fit"],
      { file: "huge.fit", status: "unreadable", reason: messages.rideFiles.tooLarge, ride: null },
      ["c.fit"],
    ]);
  });

  it("knows whether the server takes an archive as it is, and refuses what is not a .zip", async () => {
    const small = await openRideArchive(new File([zipSync({ "a.gpx": strToU8("x") })], "a.zip"));
    expect(small).toMatchObject({ rides: 1, fitsOneRequest: true });
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 500; i++) many[`${i}.gpx`] = strToU8("x");
    expect(await openRideArchive(new File([zipSync(many)], "many.zip"))).toMatchObject({
      rides: 501,
      fitsOneRequest: false,
    });
    expect(await openRideArchive(new File([new Uint8Array(2000).fill(7)], "broken.zip"))).toBeNull();
  });

  it("reports a damaged entry as the server does and carries on with the next", async () => {
    const zip = zipSync({ "a.gpx": strToU8("a".repeat(200)), "b.gpx": strToU8("b".repeat(200)) });
    // Overwrite a.gpx's local header: its data can no longer be found.
    zip.fill(0, 0, 4);
    const { parts } = await collect(zip);
    expect(parts.map((part) => ("files" in part ? part.files : part.refused.reason))).toEqual([
      messages.rideFiles.badZip,
      ["b.gpx"],
    ]);
  });
});
