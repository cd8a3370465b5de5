import { count, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { messages } from "../../../shared/messages.ts";
import type { Bicycle } from "../../../shared/schemas/bicycle.ts";
import { bicycles, components, serviceEntries, subscriptions } from "../../db/schema.ts";
import { anonymous, describeEachDatabase, signUp, useTestApp } from "../../testing/test-app.ts";

const fullBicycle = {
  name: "  Trail Hardtail  ",
  description: "29er, 120 mm fork",
  purchaseDate: "2024-03-14",
  price: 1899.99,
  purchaseCondition: "used",
  storeName: "Corner Bike Shop",
  serialNumber: "WTU123456",
  storeLink: "https://example.com/bikes/trail",
};

describeEachDatabase("bicycles API", (kind) => {
  const t = useTestApp(kind);

  async function countBicycles(userId: string) {
    const [row] = await t.db.select({ n: count() }).from(bicycles).where(eq(bicycles.userId, userId));
    return row!.n;
  }

  it("answers a stored purchase condition other than new or used as none, in every answer", async () => {
    const rider = await signUp(t.app);
    const [row] = await t.db
      .insert(bicycles)
      .values({ userId: rider.userId, name: "Old", purchaseCondition: "refurbished", price: "1899.90" })
      .returning({ id: bicycles.id });
    const own = (await (await rider.request("GET", `/api/bicycles/${row!.id}`)).json()) as {
      bicycle: Bicycle;
    };
    expect(own.bicycle).toMatchObject({ purchaseCondition: null, price: 1899.9 });
    const list = (await (await rider.request("GET", "/api/bicycles")).json()) as { bicycles: Bicycle[] };
    expect(list.bicycles).toEqual([own.bicycle]);
    const dashboard = (await (await rider.request("GET", "/api/dashboard")).json()) as {
      bicycles: Bicycle[];
    };
    expect(dashboard.bicycles).toEqual([own.bicycle]);
  });

  it("creates, lists, reads, updates and deletes a bicycle", async () => {
    const rider = await signUp(t.app);
    const created = await rider.request("POST", "/api/bicycles", fullBicycle);
    expect(created.status).toBe(201);
    const { bicycle } = (await created.json()) as { bicycle: Bicycle };
    expect(bicycle).toMatchObject({
      name: "Trail Hardtail",
      description: "29er, 120 mm fork",
      purchaseDate: "2024-03-14",
      price: 1899.99,
      purchaseCondition: "used",
      storeName: "Corner Bike Shop",
      serialNumber: "WTU123456",
      storeLink: "https://example.com/bikes/trail",
      imageUrl: null,
      componentCount: 0,
    });

    const list = (await (await rider.request("GET", "/api/bicycles")).json()) as { bicycles: Bicycle[] };
    expect(list.bicycles).toEqual([bicycle]);

    const read = await rider.request("GET", `/api/bicycles/${bicycle.id}`);
    expect(((await read.json()) as { bicycle: Bicycle }).bicycle.name).toBe("Trail Hardtail");

    const updated = await rider.request("PUT", `/api/bicycles/${bicycle.id}`, {
      ...fullBicycle,
      name: "Renamed",
      price: "",
      description: "",
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { bicycle: Bicycle }).bicycle).toMatchObject({
      name: "Renamed",
      price: null,
      description: null,
    });

    expect((await rider.request("DELETE", `/api/bicycles/${bicycle.id}`)).status).toBe(204);
    expect((await rider.request("GET", `/api/bicycles/${bicycle.id}`)).status).toBe(404);
    expect(await countBicycles(rider.userId)).toBe(0);
  });

  it("keeps the price exact to the cent", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/bicycles", {
      name: "Road",
      price: 1234.56,
    });
    const { bicycle } = (await response.json()) as { bicycle: Bicycle };
    expect(bicycle.price).toBe(1234.56);
    const [row] = await t.db
      .select({ price: bicycles.price })
      .from(bicycles)
      .where(eq(bicycles.id, bicycle.id));
    expect(row!.price).toBe("1234.56");
  });

  it.each([
    [{ name: "   " }, "name", messages.bicycles.nameRequired],
    // Invisible characters only (zero-width space, non-joiner, joiner, word joiner, byte-order mark).
    [{ name: "\u200B\u200C\u200D\u2060\uFEFF" }, "name", messages.bicycles.nameRequired],
    [{ name: "Bike", price: "1,250" }, "price", messages.numbers.ambiguous("Price", "1,250")],
    [{}, "name", messages.bicycles.nameRequired],
    [{ name: "Bike", price: -1 }, "price", messages.bicycles.priceInvalid],
    [{ name: "Bike", price: 1.234 }, "price", messages.bicycles.priceInvalid],
    [{ name: "Bike", price: "twelve" }, "price", messages.bicycles.priceInvalid],
    [{ name: "Bike", storeLink: "not a url" }, "storeLink", messages.bicycles.storeLinkInvalid],
    [{ name: "Bike", storeLink: "javascript:alert(1)" }, "storeLink", messages.bicycles.storeLinkInvalid],
    [{ name: "Bike", purchaseDate: "2024-02-30" }, "purchaseDate", messages.bicycles.dateInvalid],
    [{ name: "Bike", purchaseDate: "2062-03-14" }, "purchaseDate", messages.bicycles.dateInFuture],
    [{ name: "Bike", purchaseCondition: "broken" }, "purchaseCondition", "Condition must be new or used"],
    [{ name: "x".repeat(201) }, "name", "Bicycle name must be at most 200 characters"],
  ])("refuses %j with a message naming %s, and stores nothing", async (body, field, message) => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/bicycles", body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(error.code).toBe("VALIDATION");
    expect(error.fields[field]).toBe(message);
    expect(await countBicycles(rider.userId)).toBe(0);
  });

  it("answers a body that is not JSON with 400, not 500", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/bicycles", "{not json");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION");
  });

  it("refuses a second bicycle on the free plan with the limit message", async () => {
    const rider = await signUp(t.app);
    expect((await rider.request("POST", "/api/bicycles", { name: "One" })).status).toBe(201);
    const second = await rider.request("POST", "/api/bicycles", { name: "Two" });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "LIMIT_REACHED",
        message:
          "You can only have 1 bicycle(s) on your current plan. Upgrade to Premium to track up to 10 bicycles.",
      },
    });
    expect(await countBicycles(rider.userId)).toBe(1);
    const status = await (await rider.request("GET", "/api/subscription")).json();
    expect(status).toMatchObject({
      subscribed: false,
      subscriptionTier: "free",
      bicycleLimit: 1,
      bicycleCount: 1,
    });
  });

  it("lets parallel creates at the limit through only up to the limit", async () => {
    const rider = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rider.request("POST", "/api/bicycles", { name: `Bike ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await countBicycles(rider.userId)).toBe(1);
  });

  it("allows 10 bicycles on Premium and lists them newest first", async () => {
    const rider = await signUp(t.app);
    await t.db.insert(subscriptions).values({ userId: rider.userId, tier: "premium" });
    for (let i = 1; i <= 10; i++) {
      expect((await rider.request("POST", "/api/bicycles", { name: `Bike ${i}` })).status).toBe(201);
    }
    const eleventh = await rider.request("POST", "/api/bicycles", { name: "Bike 11" });
    expect(eleventh.status).toBe(409);
    expect(((await eleventh.json()) as { error: { message: string } }).error.message).toBe(
      "You can only have 10 bicycle(s) on your current plan. Upgrade to Premium to track up to 10 bicycles.",
    );
    const { bicycles: list } = (await (await rider.request("GET", "/api/bicycles")).json()) as {
      bicycles: Bicycle[];
    };
    expect(list.map((b) => b.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bike ${10 - i}`));
  });

  it("answers another user's bicycle exactly like a missing one, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const { bicycle } = (await (await owner.request("POST", "/api/bicycles", { name: "Mine" })).json()) as {
      bicycle: Bicycle;
    };
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [bicycle.id, missing, "not-a-uuid"]) {
      const read = await intruder.request("GET", `/api/bicycles/${id}`);
      const update = await intruder.request("PUT", `/api/bicycles/${id}`, { name: "Stolen" });
      const remove = await intruder.request("DELETE", `/api/bicycles/${id}`);
      for (const response of [read, update, remove]) {
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      }
    }
    const { bicycles: intruderList } = (await (await intruder.request("GET", "/api/bicycles")).json()) as {
      bicycles: Bicycle[];
    };
    expect(intruderList).toEqual([]);
    const after = (await (await owner.request("GET", `/api/bicycles/${bicycle.id}`)).json()) as {
      bicycle: Bicycle;
    };
    expect(after.bicycle.name).toBe("Mine");
  });

  it("ignores a user id or other fields smuggled into the body", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await owner.request("POST", "/api/bicycles", {
      name: "Mine",
      userId: other.userId,
      id: "x",
    });
    expect(response.status).toBe(201);
    expect(await countBicycles(owner.userId)).toBe(1);
    expect(await countBicycles(other.userId)).toBe(0);
  });

  it("refuses every bicycle call without a session, with the spec's messages", async () => {
    const visitor = anonymous(t.app);
    const create = await visitor.request("POST", "/api/bicycles", { name: "Demo" });
    expect(create.status).toBe(401);
    expect(((await create.json()) as { error: { message: string } }).error.message).toBe(
      "You must be logged in to add a bicycle",
    );
    expect((await visitor.request("GET", "/api/bicycles")).status).toBe(401);
    const edit = await visitor.request("PUT", "/api/bicycles/00000000-0000-4000-8000-000000000000", {
      name: "x",
    });
    expect(((await edit.json()) as { error: { message: string } }).error.message).toBe(
      "Please sign up to edit bicycles",
    );
  });

  it("deletes a bicycle's components and their service entries with it", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = (await (await rider.request("POST", "/api/bicycles", { name: "Gravel" })).json()) as {
      bicycle: Bicycle;
    };
    const [component] = await t.db
      .insert(components)
      .values({ userId: rider.userId, bicycleId: bicycle.id, name: "Chain", type: "Drivetrain" })
      .returning();
    await t.db.insert(serviceEntries).values({
      userId: rider.userId,
      componentId: component!.id,
      date: "2024-05-01",
      description: "Waxed",
      cost: "12.00",
    });
    const listed = (await (await rider.request("GET", "/api/bicycles")).json()) as { bicycles: Bicycle[] };
    expect(listed.bicycles[0]!.componentCount).toBe(1);

    expect((await rider.request("DELETE", `/api/bicycles/${bicycle.id}`)).status).toBe(204);
    const [left] = await t.db
      .select({ n: count() })
      .from(components)
      .where(eq(components.userId, rider.userId));
    const [entries] = await t.db
      .select({ n: count() })
      .from(serviceEntries)
      .where(eq(serviceEntries.userId, rider.userId));
    expect(left!.n).toBe(0);
    expect(entries!.n).toBe(0);
  });
});
