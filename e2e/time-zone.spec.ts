import { createBicycleThroughApi, createRideThroughApi, expect, test } from "./fixtures.ts";

// Pago Pago is UTC-11 all year: its Jan 10 begins at 11:00 UTC, while UTC's began eleven hours before.
test.use({ timezoneId: "Pacific/Pago_Pago" });

test("a part installed on a day shows that day in its history, and wears from that day's midnight here", async ({
  page,
  baseURL,
  rider,
}) => {
  expect(rider.email).toBeTruthy();
  const bicycle = await createBicycleThroughApi(page, baseURL!, { name: "Island Tourer" });
  // The evening of Jan 9 here (Jan 10, 07:00 UTC), and just after midnight on Jan 10 here.
  const ride = { name: "Ride", movingSeconds: 3600 };
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    ...ride,
    startedAt: "2026-01-10T07:00:00Z",
    distanceKm: 30,
  });
  await createRideThroughApi(page, baseURL!, bicycle.id, {
    ...ride,
    startedAt: "2026-01-10T11:30:00Z",
    distanceKm: 12,
  });

  await page.goto(`/bicycles/${bicycle.id}`);
  // The app tells the server the browser's time zone on its first load, without a word to the rider.
  await expect
    .poll(
      async () => ((await (await page.request.get("/api/settings")).json()) as { timeZone: string }).timeZone,
    )
    .toBe("Pacific/Pago_Pago");
  await expect(page.getByText("Settings saved")).toHaveCount(0);

  await page.getByRole("button", { name: "Add Component" }).click();
  const form = page.getByRole("form", { name: "Add Component" });
  await form.getByLabel("Component name").fill("KMC X11 chain");
  await form.getByLabel("Type").selectOption("Drivetrain");
  await form.getByLabel("Installed on").fill("2026-01-10");
  await form.getByRole("button", { name: "Add Component" }).click();
  await expect(page.getByText("Component added")).toBeVisible();

  await page.getByRole("list", { name: "Components" }).getByRole("link", { name: "KMC X11 chain" }).click();
  const history = page.getByRole("list", { name: "Installation history" });
  // The day typed, and only the ride from that day on.
  await expect(history).toContainText("Jan 10, 2026 – now · 12 km");
});
