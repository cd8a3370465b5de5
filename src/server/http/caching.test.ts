import { expect, it } from "vitest";
import type { CreatedApiToken } from "../../shared/schemas/api-token.ts";
import type { SharedLink } from "../../shared/schemas/share.ts";
import {
  anonymous,
  answered,
  describeEachDatabase,
  json,
  signUp,
  type TestClient,
  tokenClient,
  useTestApp,
} from "../testing/test-app.ts";

describeEachDatabase("HTTP caching of signed-in JSON reads", (kind) => {
  const t = useTestApp(kind);

  const getWith = (client: TestClient, path: string, etag: string) =>
    t.app.request(path, { headers: { Cookie: client.cookie, "If-None-Match": etag } });

  it("tags a signed-in read; the same tag gets a 304 without a body, a change a 200 with a new tag", async () => {
    const rider = await signUp(t.app);
    const bicycle = await answered<{ id: string }>(
      rider.request("POST", "/api/bicycles", { name: "Commuter" }),
      "bicycle",
    );
    const first = await rider.request("GET", "/api/bicycles");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);

    const head = await t.app.request("/api/bicycles", { method: "HEAD", headers: { Cookie: rider.cookie } });
    expect(head.headers.get("ETag")).toBe(etag);
    const again = await getWith(rider, "/api/bicycles", etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("private, no-cache");
    // The security headers stay on the 304.
    expect(again.headers.get("X-Content-Type-Options")).toBe("nosniff");

    expect((await rider.request("PUT", `/api/bicycles/${bicycle.id}`, { name: "Gravel" })).status).toBe(200);
    const changed = await getWith(rider, "/api/bicycles", etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(((await changed.json()) as { bicycles: { name: string }[] }).bicycles[0]!.name).toBe("Gravel");
  });

  it("gives another user's same-looking answer no 304 for a tag it never had", async () => {
    const rider = await signUp(t.app);
    const other = await signUp(t.app);
    await rider.request("POST", "/api/bicycles", { name: "Mine" });
    const mine = await rider.request("GET", "/api/bicycles");
    const theirs = await getWith(other, "/api/bicycles", mine.headers.get("ETag")!);
    expect(theirs.status).toBe(200);
    expect(await json(theirs)).toEqual({ bicycles: [] });
  });

  it("tags a token's reads the same way", async () => {
    const rider = await signUp(t.app);
    const { secret } = await json<CreatedApiToken>(
      rider.request("POST", "/api/api-tokens", { name: "Poller", scope: "read" }),
    );
    const script = tokenClient(t.app, secret);
    const first = await script.request("GET", "/api/dashboard");
    const etag = first.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    const again = await t.app.request("/api/dashboard", {
      headers: { Authorization: `Bearer ${secret}`, "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("leaves writes, errors, visitors' answers and answers with their own Cache-Control as they were", async () => {
    const rider = await signUp(t.app);
    const created = await rider.request("POST", "/api/bicycles", { name: "Shared" });
    expect(created.headers.get("ETag")).toBeNull();
    expect(created.headers.get("Cache-Control")).toBeNull();
    const missing = await rider.request("GET", "/api/bicycles/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ETag")).toBeNull();

    const health = await anonymous(t.app).request("GET", "/api/health");
    expect(health.headers.get("ETag")).toBeNull();
    expect(health.headers.get("Cache-Control")).toBeNull();

    const bicycleId = ((await created.json()) as { bicycle: { id: string } }).bicycle.id;
    const link = await answered<SharedLink>(
      rider.request("POST", `/api/bicycles/${bicycleId}/share`, {}),
      "link",
    );
    const shared = await rider.request("GET", `/api/shared/${link.token}`);
    expect(shared.headers.get("Cache-Control")).toBe("no-store");
    expect(shared.headers.get("ETag")).toBeNull();
  });

  it("lets no cache keep the auth library's answers: the session, the sessions list, a refusal", async () => {
    const rider = await signUp(t.app);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const answer = await rider.request("GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("Cache-Control"), path).toBe("no-store");
    }
    const refused = await anonymous(t.app).request("GET", "/api/auth/list-sessions");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });
});
