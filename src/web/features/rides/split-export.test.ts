import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import { MAX_RIDE_FILE_BYTES } from "../../../shared/schemas/ride.ts";
import {
  BATCH_BYTES,
  BATCH_RIDES,
  openRideArchive,
  type RefusedRide,
  type RideBatch,
} from "./split-export.ts";

const csv =
  "Activity ID,Activity Name,Activity Type,Activity Gear,Filename\n1,Loop,Ride,Gravel,activities/1.gpx.gz\n";

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
  it("sends every ride once, in order, in batches that each carry activities.csv at its path and nothing else", async () => {
    const files: Record<string, Uint8Array> = {
      "export_1/activities.csv": strToU8(csv),
      "export_1/media/photo.jpg": new Uint8Array(5000),
      "export_1/profile.csv": strToU8("a,b"),
      "__MACOSX/export_1/activities/._1.gpx.gz": new Uint8Array(10),
      "export_1/activities/.hidden.gpx": new Uint8Array(10),
    };
    const rides = 2 * BATCH_RIDES + 7;
    for (let i = 1; i <= rides; i++) files[`export_1/activities/${i}.gpx.gz`] = strToU8(`ride ${i}`);
    const { archive, parts, batches } = await collect(zipSync(files));

    expect(archive.rides).toBe(rides);
    expect(parts.map((part) => ("files" in part ? part.files.length : 0))).toEqual([
      BATCH_RIDES,
      BATCH_RIDES,
      7,
    ]);
    const sent = batches.flatMap((batch) => {
      const names = Object.keys(batch);
      expect(names[0]).toBe("export_1/activities.csv");
      expect(strFromU8((batch as Record<string, Uint8Array>)["export_1/activities.csv"]!)).toBe(csv);
      return names.slice(1);
    });
    expect(sent).toEqual(Array.from({ length: rides }, (_, i) => `export_1/activities/${i + 1}.gpx.gz`));
    const first = batches[0] as Record<string, Uint8Array>;
    expect(strFromU8(first["export_1/activities/1.gpx.gz"]!)).toBe("ride 1");
    expect(parts[0]).toMatchObject({ files: expect.arrayContaining(["1.gpx.gz"]) });
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
