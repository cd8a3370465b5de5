import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { gzipSync, zipSync } from "fflate";
import {
  becomePremiumThroughApi,
  createBicycleThroughApi,
  createComponentThroughApi,
  createRideThroughApi,
  expect,
  test,
} from "./fixtures.ts";
import { shootAsIs } from "./screenshots.ts";

test("rides on a bicycle's Rides tab wear its components: add, edit, delete, and the history shows it", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const chain = await createComponentThroughApi(page, baseURL!, {
    bicycleId: bicycle.id,
    name: "Chain",
    type: "Drivetrain",
    mileage: 100,
    installedAt: "2024-01-01",
  });

  // The Rides page has none yet and leads to each bicycle's Rides tab.
  await page.goto("/rides");
  await expect(page.getByText("No rides yet.")).toBeVisible();
  await page.getByRole("list", { name: "Your bicycles" }).getByRole("link", { name: "Road" }).click();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}\\?tab=rides$`));
  await expect(page.getByRole("tab", { name: "Rides" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No rides yet.")).toBeVisible();

  // Bad input is named beside its field and nothing is stored.
  await page.getByRole("button", { name: "Add Ride" }).click();
  const form = page.getByRole("form", { name: "Add Ride" });
  await form.getByRole("button", { name: "Add Ride" }).click();
  await expect(form.getByText("Please enter a name for the ride")).toBeVisible();
  await expect(form.getByText("Distance must be a number above 0 and at most 2,000 km")).toBeVisible();

  await form.getByLabel("Name").fill("Sunday loop");
  await form.getByLabel("Date").fill("2024-05-05");
  await form.getByLabel("Start time").fill("09:30");
  await form.getByLabel("Distance (km)").fill("62.5");
  await form.getByLabel("Hours").fill("2");
  await form.getByLabel("Minutes").fill("30");
  await form.getByLabel("Elevation gain (m)").fill("640");
  await form.getByRole("button", { name: "Add Ride" }).click();
  await expect(page.getByText("Ride added")).toBeVisible();
  const rides = page.getByRole("list", { name: "Rides" });
  await expect(rides.getByRole("listitem")).toHaveCount(1);
  await expect(rides).toContainText("Sunday loop");
  await expect(rides).toContainText("62.5 km · 2.5 h · 640 m climbed");
  await expect(page.getByRole("list", { name: "Totals per year" })).toContainText(
    "2024: 1 ride · 62.5 km · 2.5 h",
  );

  // The chain on this bicycle since January: its distance is the 100 before tracking plus the ride.
  await page.getByRole("tab", { name: "Components" }).click();
  await expect(page.getByRole("list", { name: "Components" })).toContainText("162.5 km · 2.5 h");

  // Edit the ride: the wear follows.
  await page.getByRole("tab", { name: "Rides" }).click();
  await page.getByRole("button", { name: "Edit Sunday loop" }).click();
  const edit = page.getByRole("form", { name: "Save Ride" });
  await edit.getByLabel("Distance (km)").fill("70");
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(page.getByText("Ride updated")).toBeVisible();
  await expect(rides).toContainText("70 km");

  await page.goto(`/bicycles/${bicycle.id}/components/${chain.id}`);
  await expect(page.locator("dl").first()).toContainText("170 km · 2.5 h");
  // Named apart from the Service History card below it.
  await expect(page.getByRole("heading", { name: "Installation History" })).toBeVisible();
  const history = page.getByRole("list", { name: "Installation history" });
  await expect(history).toContainText("On Road");
  await expect(history).toContainText("Jan 1, 2024 – now · 70 km · 2.5 h");

  // Delete asks first.
  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("tab", { name: "Rides" }).click();
  await page.getByRole("button", { name: "Delete Sunday loop" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Ride deleted")).toBeVisible();
  await expect(page.getByText("No rides yet.")).toBeVisible();
});

test("editing a ride keeps what the rider did not change; miles are stored to the metre", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const headers = { Origin: baseURL! };
  expect((await page.request.put("/api/settings", { data: { distanceUnit: "mi" }, headers })).status()).toBe(
    200,
  );
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const startedAt = "2024-05-02T07:30:45.000Z";
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    name: "Marathon",
    startedAt,
    distanceKm: 42.195,
    movingSeconds: 5025,
  });
  type Listed = {
    rides: {
      name: string;
      startedAt: string;
      distanceKm: number;
      movingSeconds: number;
      elevationGainM: number;
    }[];
  };
  const stored = async () =>
    ((await (await page.request.get(`/api/bicycles/${bicycle.id}/rides`)).json()) as Listed).rides;

  // Shown as 26.2 mi and 1 h 23 min, renamed only: the file's figures stay as they were.
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  // From the keyboard: closing the dialog gives focus back to the button that opened it.
  const editButton = page.getByRole("button", { name: "Edit Marathon" });
  await editButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Edit Ride" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(editButton).toBeFocused();
  await editButton.click();
  const edit = page.getByRole("form", { name: "Save Ride" });
  await expect(edit.getByLabel("Distance (mi)")).toHaveValue("26.2");
  await edit.getByLabel("Name").fill("Marathon ride");
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(page.getByText("Ride updated")).toBeVisible();
  const [renamed] = await stored();
  expect(renamed).toMatchObject({ name: "Marathon ride", distanceKm: 42.195, movingSeconds: 5025 });
  expect(new Date(renamed!.startedAt).toISOString()).toBe(startedAt);

  // Ten miles typed are ten miles kept, not 16.1 km.
  await page.getByRole("button", { name: "Add Ride" }).click();
  const form = page.getByRole("form", { name: "Add Ride" });
  await form.getByLabel("Name").fill("Commute");
  await form.getByLabel("Distance (mi)").fill("10");
  // A miles rider climbs in feet: 2,100 ft is 640 m.
  await form.getByLabel("Elevation gain (ft)").fill("2100");
  await form.getByRole("button", { name: "Add Ride" }).click();
  await expect(page.getByText("Ride added")).toBeVisible();
  expect((await stored()).find((r) => r.name === "Commute")).toMatchObject({
    distanceKm: 16.093,
    elevationGainM: 640,
  });
  await expect(page.getByRole("list", { name: "Rides" })).toContainText("10 mi · 2,100 ft climbed");

  // A name taken from a long file name wraps on a phone rather than widen the page.
  const longName = "2026-04-15_Evening_Ride_around_the_lake_with_the_club_GarminEdge530";
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    name: longName,
    startedAt: "2024-05-01T07:00:00Z",
    distanceKm: 20,
    movingSeconds: 3600,
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByText(longName)).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test("a miles rider is told a ride's limits in miles and feet, and nothing too long is saved", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await page.goto("/account");
  await page.getByLabel("Miles (mi)").check();
  await expect(page.getByText("Settings saved")).toBeVisible();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    name: "Commute",
    startedAt: "2024-05-02T07:30:00.000Z",
    distanceKm: 16.093,
    movingSeconds: 1800,
  });
  const stored = async () =>
    ((await (await page.request.get(`/api/bicycles/${bicycle.id}/rides`)).json()) as { rides: unknown[] })
      .rides;

  // 1,300 mi is over the 2,000 km a ride may be: said in miles, beside the field, and the ride stays 10 mi.
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  await page.getByRole("button", { name: "Edit Commute" }).click();
  const edit = page.getByRole("form", { name: "Save Ride" });
  await edit.getByLabel("Distance (mi)").fill("1300");
  await edit.getByLabel("Elevation gain (ft)").fill("70000");
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(edit.getByText("Distance must be a number above 0 and at most 1,242.7 mi")).toBeVisible();
  await expect(
    edit.getByText("Elevation gain must be a whole number of feet from 0 to 65,618"),
  ).toBeVisible();
  await expect(edit.getByText(/2,000 km|metres/)).toHaveCount(0);
  await shootAsIs(page, "ride-miles-limits");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("list", { name: "Rides" })).toContainText("10 mi");
  expect(await stored()).toMatchObject([{ name: "Commute", distanceKm: 16.093, elevationGainM: null }]);

  // The limit itself is taken.
  await page.getByRole("button", { name: "Edit Commute" }).click();
  await edit.getByLabel("Distance (mi)").fill("1242.7");
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(page.getByText("Ride updated")).toBeVisible();
  expect(await stored()).toMatchObject([{ distanceKm: 1999.932 }]);
});

test("a ride moved to another bicycle leaves its Rides tab and wears the parts of the one it went to", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const road = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const part = (bicycleId: string, name: string, type: string) =>
    createComponentThroughApi(page, baseURL!, { bicycleId, name, type, installedAt: "2024-01-01" });
  await part(road.id, "Chain", "Drivetrain");
  await createRideThroughApi(page, baseURL!, road.id, {
    name: "Sunday loop",
    startedAt: "2024-05-05T09:30:00Z",
    distanceKm: 62.5,
    movingSeconds: 9000,
  });

  // With one bicycle there is nowhere to move a ride: no Bicycle field.
  await page.goto(`/bicycles/${road.id}?tab=rides`);
  await page.getByRole("button", { name: "Edit Sunday loop" }).click();
  const edit = page.getByRole("form", { name: "Save Ride" });
  await expect(edit.getByLabel("Name")).toHaveValue("Sunday loop");
  await expect(edit.getByLabel("Bicycle")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await becomePremiumThroughApi(page, baseURL!);
  const gravel = await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  await part(gravel.id, "Tyre", "Tires");
  await page.reload();
  await page.getByRole("button", { name: "Edit Sunday loop" }).click();
  const bicycle = edit.getByLabel("Bicycle");
  await expect(bicycle).toHaveValue(road.id);
  await expect(bicycle.getByRole("option")).toHaveText(["Gravel", "Road"]);
  await bicycle.selectOption({ label: "Gravel" });
  await shootAsIs(page, "ride-move");
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(page.getByText("Ride moved to Gravel")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("No rides yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Components" }).click();
  // Road's chain no longer wears by it (the page was opened on the Rides tab: nothing read before is shown).
  await expect(page.getByRole("list", { name: "Components" })).toContainText("Chain");
  await expect(page.getByRole("list", { name: "Components" })).toContainText("0 km · 0 services");
  await expect(page.getByRole("list", { name: "Components" })).not.toContainText("62.5 km");

  // On Gravel's Rides tab now, and its tyre wears by it.
  await page.goto(`/bicycles/${gravel.id}?tab=rides`);
  await expect(page.getByRole("list", { name: "Rides" })).toContainText("Sunday loop");
  await expect(page.getByRole("list", { name: "Totals per year" })).toContainText(
    "2024: 1 ride · 62.5 km · 2.5 h",
  );
  await page.getByRole("tab", { name: "Components" }).click();
  await expect(page.getByRole("list", { name: "Components" })).toContainText("62.5 km · 2.5 h");
});

test("a service passport read before a ride moved away shows the ride gone from its parts", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await becomePremiumThroughApi(page, baseURL!);
  const road = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  await createComponentThroughApi(page, baseURL!, {
    bicycleId: road.id,
    name: "Chain",
    type: "Drivetrain",
    installedAt: "2024-01-01",
  });
  await createRideThroughApi(page, baseURL!, road.id, {
    name: "Sunday loop",
    startedAt: "2024-05-05T09:30:00Z",
    distanceKm: 62.5,
    movingSeconds: 9000,
  });

  await page.goto(`/bicycles/${road.id}?tab=rides`);
  const openPassport = async () => {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Service passport" }).click();
    await expect(page).toHaveURL(`/bicycles/${road.id}/passport`);
  };
  await openPassport();
  const parts = page.getByRole("article", { name: "Service passport" }).getByRole("region", {
    name: "Components",
  });
  await expect(parts).toContainText("62.5 km");

  // Back in the app (nothing loaded again), the ride goes to Gravel; the passport then reads Road anew.
  await page.goBack();
  await page.getByRole("button", { name: "Edit Sunday loop" }).click();
  const edit = page.getByRole("form", { name: "Save Ride" });
  await edit.getByLabel("Bicycle").selectOption({ label: "Gravel" });
  await edit.getByRole("button", { name: "Save Ride" }).click();
  await expect(page.getByText("Ride moved to Gravel")).toBeVisible();
  await openPassport();
  await expect(parts).toContainText("Chain");
  await expect(parts).not.toContainText("62.5 km");
});

test("the Rides page totals each bicycle's rides beside the years, each leading to its Rides tab", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await becomePremiumThroughApi(page, baseURL!);
  for (const [name, distanceKm] of [
    ["Road", 40],
    ["Gravel", 25.5],
  ] as const) {
    const bicycle = await createBicycleThroughApi(page, baseURL!, { name });
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: `${name} ride`,
      startedAt: "2024-05-01T08:00:00Z",
      distanceKm,
      movingSeconds: 3600,
    });
  }
  await page.goto("/rides");
  const perBicycle = page.getByRole("list", { name: "Totals per bicycle" });
  await expect(perBicycle.getByRole("listitem")).toHaveText([
    "Gravel: 1 ride · 25.5 km · 1 h",
    "Road: 1 ride · 40 km · 1 h",
  ]);
  await perBicycle.getByRole("link", { name: "Road" }).click();
  await expect(page.getByRole("tab", { name: "Rides" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("list", { name: "Rides" })).toContainText("Road ride");
});

test("ride files: several at once, a .zip among them, each with its result and nothing from a bad one", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  const fixtures = path.join(import.meta.dirname, "../src/server/features/rides/files/fixtures");
  const read = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
  const zip = zipSync({
    "export/garmin.tcx": read("garmin.tcx"),
    "export/head-unit.fit": read("head-unit.fit"),
  });

  await page.goto(`/bicycles/${bicycle.id}`);
  await page.getByRole("tab", { name: "Rides" }).click();
  await page.getByLabel("Ride files", { exact: true }).setInputFiles([
    { name: "phone.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(read("phone.gpx")) },
    { name: "truncated.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(read("truncated.gpx")) },
    { name: "garmin-export.zip", mimeType: "application/zip", buffer: Buffer.from(zip) },
  ]);
  const results = page.getByRole("list", { name: "Imported files" });
  await expect(results.getByRole("listitem")).toHaveCount(4);
  await expect(results.getByRole("listitem").nth(0)).toContainText("phone.gpx");
  await expect(results.getByRole("listitem").nth(0)).toContainText("Imported");
  await expect(results.getByRole("listitem").nth(1)).toContainText(
    "Not imported: The file could not be read",
  );
  await expect(results.getByRole("listitem").nth(2)).toContainText("garmin.tcx");
  await expect(results.getByRole("listitem").nth(3)).toContainText("head-unit.fit");
  await expect(page.getByText("3 rides imported")).toBeVisible();
  await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(3);

  // The Rides page (in the header) lists every bicycle's rides with the bicycle's name.
  await page.getByRole("banner").getByRole("link", { name: "Rides" }).click();
  await expect(page).toHaveURL(/\/rides$/);
  await expect(page.getByRole("heading", { name: "Rides", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("list", { name: "Rides" })).toContainText("on Gravel");
  await page.goBack();
  await page.getByRole("tab", { name: "Rides" }).click();

  // The same files again are already there.
  await page.getByLabel("Ride files", { exact: true }).setInputFiles(path.join(fixtures, "phone.gpx"));
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results).toContainText("Already there");
  await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(3);
  // Nothing came in: the toast is no success, and it says why.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "No rides imported" });
  await expect(toast).toHaveAttribute("data-type", "info");
  await expect(toast).toContainText("Already there");

  await page.getByLabel("Ride files", { exact: true }).setInputFiles({
    name: "empty.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.alloc(0),
  });
  await expect(results).toContainText("Not imported: The file is empty");
  const failed = page.locator('[data-sonner-toast][data-type="error"]');
  await expect(failed).toContainText("No rides imported");
  await expect(failed).toContainText("Not imported: The file is empty");
  await expect(page.getByText("0 rides imported")).toHaveCount(0);
});

test("a ride file dropped on the Rides tab is imported, the zone lit while it is held over it", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Dropped" });
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  const zone = page.getByRole("region", { name: "Import ride files" });
  const held = await page.evaluateHandle((gpx) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([gpx], "dropped.gpx", { type: "application/gpx+xml" }));
    return transfer;
  }, tinyGpx(400));
  await zone.dispatchEvent("dragover", { dataTransfer: held });
  await expect(zone.locator(".border-dashed")).toHaveClass(/border-primary/);
  await zone.dispatchEvent("drop", { dataTransfer: held });
  await expect(page.getByText("1 ride imported")).toBeVisible();
  await expect(zone.locator(".border-dashed")).not.toHaveClass(/border-primary/);
  await expect(page.getByRole("list", { name: "Rides" }).getByRole("listitem")).toHaveCount(1);
});

test("a Strava bulk export imported from one bicycle puts each ride on the bicycle its gear names, and says so", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  await becomePremiumThroughApi(page, baseURL!);
  const road = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  const gravel = await createBicycleThroughApi(page, baseURL!, { name: "Gravel Grinder" });
  const fixtures = path.join(import.meta.dirname, "../src/server/features/rides/files/fixtures");
  const read = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
  const csv = [
    "Activity ID,Activity Date,Activity Name,Activity Type,Activity Private Note,Activity Gear,Filename",
    '111,"May 1, 2026, 7:30:00 AM",Gravel loop,Ride,,gravel grinder,activities/111.gpx.gz',
    '222,"May 2, 2026, 4:00:00 PM",Road spin,Ride,,,activities/222.tcx.gz',
  ].join("\n");
  const exported = zipSync({
    "export_1234/activities.csv": new TextEncoder().encode(csv),
    "export_1234/activities/111.gpx.gz": gzipSync(read("phone.gpx")),
    "export_1234/activities/222.tcx.gz": gzipSync(read("garmin.tcx")),
  });

  await page.goto(`/bicycles/${road.id}?tab=rides`);
  await page
    .getByLabel("Ride files", { exact: true })
    .setInputFiles([{ name: "export_1234.zip", mimeType: "application/zip", buffer: Buffer.from(exported) }]);
  const results = page.getByRole("list", { name: "Imported files" }).getByRole("listitem");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toContainText("111.gpx.gz");
  await expect(results.nth(0)).toContainText("Imported to Gravel Grinder · Gravel loop");
  await expect(results.nth(1)).toContainText("Imported · Road spin");
  await expect(page.getByText("2 rides imported")).toBeVisible();
  const rides = page.getByRole("list", { name: "Rides" }).getByRole("listitem");
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText("Road spin");

  await page.goto(`/bicycles/${gravel.id}?tab=rides`);
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText("Gravel loop");
});

/** A ride of three points, 10 s apart, on its own day of 2025 (so that no two are the same ride). */
function tinyGpx(day: number) {
  const start = Date.UTC(2025, 0, 1, 8) + day * 86_400_000;
  const point = (i: number) =>
    `<trkpt lat="46.5" lon="${(6.6 + i * 0.001).toFixed(3)}"><time>${new Date(start + i * 10_000).toISOString()}</time></trkpt>`;
  return `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${[0, 1, 2].map(point).join("")}</trkseg></trk></gpx>`;
}

test.describe("a Strava export too large for one request", () => {
  // The one batch the test makes fail on the way (an aborted request).
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

  test("is sent in batches by the browser: every ride arrives, on the bicycle its gear names, as if sent whole", async ({
    page,
    baseURL,
    rider,
  }) => {
    test.setTimeout(180_000);
    expect(rider.email).toBeTruthy();
    await becomePremiumThroughApi(page, baseURL!);
    const road = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
    const gravel = await createBicycleThroughApi(page, baseURL!, { name: "Gravel Grinder" });
    // More ride files than one request takes (500); the first 20 were ridden on the gravel bike.
    const rides = 520;
    const csv = ["Activity ID,Activity Name,Activity Type,Activity Gear,Filename"];
    const files: Record<string, Uint8Array> = {
      "export_9/media/photo.jpg": new Uint8Array(20_000),
      "export_9/profile.csv": new TextEncoder().encode("Athlete ID\n9"),
    };
    for (let i = 1; i <= rides; i++) {
      csv.push(`${i},Ride number ${i},Ride,${i <= 20 ? "Gravel Grinder" : ""},activities/${i}.gpx.gz`);
      files[`export_9/activities/${i}.gpx.gz`] = gzipSync(new TextEncoder().encode(tinyGpx(i)));
    }
    files["export_9/activities.csv"] = new TextEncoder().encode(csv.join("\n"));
    const exported = {
      name: "export_9.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync(files)),
    };

    // The second batch's request fails: its rides say why, and the next batches go on. The fourth waits
    // until the Rides list has shown what the first and third stored.
    const sent: string[] = [];
    let releaseFourth = () => {};
    const fourthReleased = new Promise<void>((resolve) => {
      releaseFourth = resolve;
    });
    await page.route(`**/api/bicycles/${road.id}/rides/files*`, async (route) => {
      sent.push(route.request().url());
      if (sent.length === 2) return route.abort();
      if (sent.length === 4) await fourthReleased;
      return route.continue();
    });
    await page.goto(`/bicycles/${road.id}?tab=rides`);
    await page.getByLabel("Ride files", { exact: true }).setInputFiles([exported]);
    await expect(page.getByRole("progressbar", { name: /^Importing rides [\d,]+ of 520…$/ })).toBeVisible();
    // Rides 1 to 100 (20 of them on the gravel bike) and 201 to 300 are in while the import goes on.
    await expect(page.getByRole("region", { name: "Rides" })).toContainText("180 rides", { timeout: 60_000 });
    releaseFourth();
    const results = page.getByRole("list", { name: "Imported files" }).getByRole("listitem");
    await expect(results).toHaveCount(rides, { timeout: 60_000 });
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    expect(sent.length).toBeGreaterThan(2);
    await expect(results.nth(0)).toContainText("1.gpx.gz");
    await expect(results.nth(0)).toContainText("Imported to Gravel Grinder · Ride number 1");
    await expect(results.nth(20)).toContainText("Imported · Ride number 21");
    await expect(results.filter({ hasText: "Not imported: The server could not be reached." })).toHaveCount(
      100,
    );
    await expect(results.filter({ hasText: /^(\d+)\.gpx\.gzImported/ })).toHaveCount(rides - 100);
    await expect(page.getByText(`${rides - 100} rides imported`)).toBeVisible();
    await expect(page.getByText(`${rides} files read`)).toBeVisible();
    await expect(page.getByText("420 imported · 0 already there · 100 not imported")).toBeVisible();

    // The same export again, with a small .zip of 3 rides and one GPX: what arrived is already there, the
    // rides that did not arrive now do, and the bar counts every ride of both .zip files.
    await page.unroute(`**/api/bicycles/${road.id}/rides/files*`);
    const small = zipSync(
      Object.fromEntries(
        [601, 602, 603].map((day) => [`${day}.gpx`, new TextEncoder().encode(tinyGpx(day))]),
      ),
    );
    await page
      .getByLabel("Ride files", { exact: true })
      .setInputFiles([
        exported,
        { name: "three.zip", mimeType: "application/zip", buffer: Buffer.from(small) },
        { name: "one.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(tinyGpx(650)) },
      ]);
    await expect(page.getByRole("progressbar", { name: /^Importing rides [\d,]+ of 524…$/ })).toBeVisible();
    await expect(page.getByText("104 rides imported")).toBeVisible({ timeout: 60_000 });
    await expect(results.filter({ hasText: "Already there" })).toHaveCount(rides - 100);
    await expect(page.getByText("104 imported · 420 already there · 0 not imported")).toBeVisible();
    await expect(page.getByRole("region", { name: "Rides" })).toContainText("504 rides");

    await page.goto(`/bicycles/${gravel.id}?tab=rides`);
    await expect(page.getByRole("region", { name: "Rides" })).toContainText("20 rides");
  });
});

test("a damaged .zip too large for one request says it could not be opened, without sending it", async ({
  page,
  baseURL,
  rider,
}, testInfo) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  // Over the 100 MB a request may carry, so the browser reads it before sending anything: a zip's first
  // header, then nothing a zip has (no directory at its end).
  const damaged = testInfo.outputPath("damaged-export.zip");
  const bytes = Buffer.alloc(101 * 1024 * 1024);
  bytes.write("PK\x03\x04", "latin1");
  writeFileSync(damaged, bytes);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/rides/files")) sent.push(request.url());
  });

  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  await page.getByLabel("Ride files", { exact: true }).setInputFiles(damaged);
  const results = page.getByRole("list", { name: "Imported files" }).getByRole("listitem");
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText("damaged-export.zip");
  await expect(results.first()).toContainText("Not imported: The .zip could not be opened");
  expect(sent).toEqual([]);
});

/** One more ride than a page holds (50), one a day back from yesterday: "Ride 51", the oldest, is alone on page 2. */
async function addRidesPastOnePage(page: Page, baseURL: string, bicycleId: string) {
  for (let day = 1; day <= 51; day++) {
    await createRideThroughApi(page, baseURL, bicycleId, {
      name: `Ride ${day}`,
      startedAt: new Date(Date.now() - day * 86_400_000).toISOString(),
      distanceKm: 10,
      movingSeconds: 1800,
    });
  }
}

test("the Rides page's number is in the address: Back from a ride's bicycle finds the same page", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
  await addRidesPastOnePage(page, baseURL!, bicycle.id);
  const pages = page.getByRole("navigation", { name: "Pages of rides" });
  const rides = page.getByRole("list", { name: "Rides" }).getByRole("listitem");

  await page.goto("/rides");
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("button", { name: "Older" }).click();
  await expect(pages).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/\/rides\?page=2$/);
  await expect(rides).toHaveCount(1);
  await rides.first().getByRole("link", { name: "Commuter" }).click();
  await expect(page).toHaveURL(new RegExp(`/bicycles/${bicycle.id}$`));
  await page.goBack();
  await expect(pages).toContainText("Page 2 of 2");
  await expect(rides).toHaveCount(1);
  await expect(rides.first()).toContainText("Ride 51");

  // Not a page number: the first page; past the last: the last page.
  for (const notAPage of ["two", "99999999999999999999"]) {
    await page.goto(`/rides?page=${notAPage}`);
    await expect(pages).toContainText("Page 1 of 2");
  }
  await page.goto("/rides?page=9");
  await expect(pages).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/\/rides\?page=2$/);
});

test("a bicycle's Rides tab pages by keyboard, and deleting the last ride of the last page shows the page before", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Commuter" });
  await addRidesPastOnePage(page, baseURL!, bicycle.id);
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  const pages = page.getByRole("navigation", { name: "Pages of rides" });
  const rides = page.getByRole("list", { name: "Rides" }).getByRole("listitem");
  await expect(pages).toContainText("Page 1 of 2");

  // Older by keyboard reaches the last page and keeps the focus, saying there is no older page.
  const older = pages.getByRole("button", { name: "Older" });
  await older.focus();
  await page.keyboard.press("Enter");
  await expect(pages).toContainText("Page 2 of 2");
  await expect(older).toBeFocused();
  await expect(older).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(pages).toContainText("Page 2 of 2");
  await expect(rides).toHaveCount(1);

  // Its only ride deleted, the tab shows the 50 left, not an empty page.
  await rides.first().getByRole("button", { name: "Delete Ride 51" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Ride deleted")).toBeVisible();
  await expect(rides).toHaveCount(50);
  await expect(rides.first()).toContainText("Ride 1");
  await expect(page.getByText("50 rides · 500 km · 25 h").first()).toBeVisible();
  await expect(pages).toHaveCount(0);
});

test("rides of the same name have buttons a screen reader tells apart by their start", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  for (const day of ["2024-05-05", "2024-05-06"]) {
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name: "Morning Ride",
      startedAt: `${day}T12:00:00Z`,
      distanceKm: 20,
      movingSeconds: 3600,
    });
  }
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  const rides = page.getByRole("list", { name: "Rides" });
  await expect(rides.getByRole("button", { name: /^Edit Morning Ride, May 5, 2024, / })).toHaveCount(1);
  await expect(rides.getByRole("button", { name: /^Edit Morning Ride, May 6, 2024, / })).toHaveCount(1);
  await rides.getByRole("button", { name: /^Delete Morning Ride, May 6, 2024, / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Ride deleted")).toBeVisible();
  await expect(rides.getByRole("listitem")).toHaveCount(1);
  await expect(rides).toContainText("May 5, 2024");
});

test("from the keyboard, a ride deleted or moved away hands the focus to the next ride's button, the last to Add Ride", async ({
  page,
  rider,
  baseURL,
}) => {
  expect(rider.email).toBeTruthy();
  await becomePremiumThroughApi(page, baseURL!);
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Road" });
  await createBicycleThroughApi(page, baseURL!, { name: "Gravel" });
  for (const [day, name] of [
    ["05", "Sunday loop"],
    ["06", "Commute"],
    ["07", "Hill repeats"],
  ] as const) {
    await createRideThroughApi(page, baseURL!, bicycle.id, {
      name,
      startedAt: `2024-05-${day}T12:00:00Z`,
      distanceKm: 20,
      movingSeconds: 3600,
    });
  }
  await page.goto(`/bicycles/${bicycle.id}?tab=rides`);
  const rides = page.getByRole("list", { name: "Rides" });

  // Cancelled, the keyboard is back on the Delete button it left.
  const deleteCommute = rides.getByRole("button", { name: /^Delete Commute, / });
  await deleteCommute.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(deleteCommute).toBeFocused();

  // Deleted, it goes on from the next ride's Delete button (newest first: Sunday loop is below).
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).press("Enter");
  await expect(page.getByText("Ride deleted")).toBeVisible();
  await expect(rides.getByRole("listitem")).toHaveCount(2);
  await expect(rides.getByRole("button", { name: /^Delete Sunday loop, / })).toBeFocused();

  // Moved to another bicycle by its Edit dialog, it leaves the tab: the next ride's Edit button has the keyboard.
  const editHills = rides.getByRole("button", { name: /^Edit Hill repeats, / });
  await editHills.focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("form", { name: "Save Ride" });
  await edit.getByLabel("Bicycle").selectOption({ label: "Gravel" });
  await edit.getByRole("button", { name: "Save Ride" }).press("Enter");
  await expect(page.getByText("Ride moved to Gravel")).toBeVisible();
  await expect(rides.getByRole("listitem")).toHaveCount(1);
  await expect(rides.getByRole("button", { name: /^Edit Sunday loop, / })).toBeFocused();

  // The last ride deleted, Add Ride has it.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).press("Enter");
  await expect(page.getByText("No rides yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Ride" })).toBeFocused();
});
