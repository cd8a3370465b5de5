import { expect, it } from "vitest";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import type { SharedBikeView, SharedLink } from "../../../shared/schemas/share.ts";
import { anonymous, describeEachDatabase, signUp, useTestApp } from "../../testing/test-app.ts";

describeEachDatabase("settings API", (kind) => {
  const t = useTestApp(kind);

  it("keeps the distance unit (km by default), and share snapshots record it", async () => {
    const rider = await signUp(t.app);
    expect(await (await rider.request("GET", "/api/settings")).json()).toEqual({
      distanceUnit: "km",
      dueSoonPercent: 90,
      timeZone: "UTC",
    });
    const saved = await rider.request("PUT", "/api/settings", { distanceUnit: "mi" });
    expect(await saved.json()).toEqual({ distanceUnit: "mi", dueSoonPercent: 90, timeZone: "UTC" });
    expect(await (await rider.request("GET", "/api/settings")).json()).toEqual({
      distanceUnit: "mi",
      dueSoonPercent: 90,
      timeZone: "UTC",
    });

    const { bicycle } = (await (await rider.request("POST", "/api/bicycles", { name: "Bike" })).json()) as {
      bicycle: Bicycle;
    };
    const { link } = (await (
      await rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {})
    ).json()) as { link: SharedLink };
    const view = (await (
      await anonymous(t.app).request("GET", `/api/shared/${link.token}`)
    ).json()) as SharedBikeView;
    expect(view.snapshot.distanceUnit).toBe("mi");
  });

  it("refuses an unknown unit and changes nothing", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("PUT", "/api/settings", { distanceUnit: "furlongs" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "Distance unit must be km or mi",
    );
    expect(await (await rider.request("GET", "/api/settings")).json()).toEqual({
      distanceUnit: "km",
      dueSoonPercent: 90,
      timeZone: "UTC",
    });
  });
});
