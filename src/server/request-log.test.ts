import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs } from "./testing/log-capture.ts";
import { anonymous, createTestApp, signUp, type TestApp } from "./testing/test-app.ts";

/** The request log: one JSON line per request with its id, and never a secret carried in a path. */
describe("request log", () => {
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    t = await createTestApp("pglite", { logger: logs.logger });
  });
  afterAll(() => t.close());

  it("logs each request once with its id, which the response also carries", async () => {
    const response = await anonymous(t.app).request("GET", "/api/health");
    const id = response.headers.get("x-request-id");
    expect(id).toBeTruthy();
    const lines = logs.lines().filter((l) => l.msg === "request" && l.requestId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
  });

  it("keeps a share link's token out of the log, for the API and for the page", async () => {
    const rider = await signUp(t.app);
    const bicycle = (await (await rider.request("POST", "/api/bicycles", { name: "Shared" })).json()) as {
      bicycle: { id: string };
    };
    const { link } = (await (
      await rider.request("POST", `/api/bicycles/${bicycle.bicycle.id}/share`, {})
    ).json()) as {
      link: { token: string };
    };
    expect((await anonymous(t.app).request("GET", `/api/shared/${link.token}`)).status).toBe(200);
    await anonymous(t.app).request("GET", `/shared/${link.token}`);
    expect(logs.text()).not.toContain(link.token);
    const paths = logs.lines().map((l) => l.path);
    expect(paths).toContain("/api/shared/[redacted]");
    expect(paths).toContain("/shared/[redacted]");
  });
});
