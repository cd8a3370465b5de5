import { describe, expect, it } from "vitest";
import { anonymous, createTestApp, json, signUp, useTestApp } from "../testing/test-app.ts";

const TOKEN = "metrics-token-for-the-tests-0123";

describe("metrics endpoint, METRICS_TOKEN set", () => {
  const t = useTestApp("pglite", { env: { METRICS_TOKEN: TOKEN } });

  const scrape = (authorization?: string) =>
    t.app.request("/api/metrics", authorization ? { headers: { Authorization: authorization } } : {});

  it("answers 401 without the token, with a wrong one, or with a session instead", async () => {
    const rider = await signUp(t.app);
    for (const response of [
      await scrape(),
      await scrape(`Bearer ${TOKEN}x`),
      await scrape(`Basic ${TOKEN}`),
      await scrape("Bearer "),
      await rider.request("GET", "/api/metrics"),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("counts requests by route pattern and status, with process metrics and no personal data", async () => {
    const rider = await signUp(t.app);
    const { bicycle } = await json<{ bicycle: { id: string } }>(
      rider.request("POST", "/api/bicycles", { name: "Tourer" }),
    );
    expect((await rider.request("GET", `/api/bicycles/${bicycle.id}`)).status).toBe(200);
    expect((await rider.request("GET", `/api/bicycles/${bicycle.id}`)).status).toBe(200);
    const { link } = await json<{ link: { token: string } }>(
      rider.request("POST", `/api/bicycles/${bicycle.id}/share`, {}),
    );
    expect((await anonymous(t.app).request("GET", `/api/shared/${link.token}`)).status).toBe(200);
    expect((await anonymous(t.app).request("GET", "/api/bicycles")).status).toBe(401);
    expect((await anonymous(t.app).request("GET", "/api/no-such-route/rider@example.com")).status).toBe(404);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain('http_requests_total{method="GET",route="/api/bicycles/:id",status="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/api/bicycles",status="201"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/shared/:token",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/bicycles",status="401"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/*",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/bicycles\/:id",status="200"\} \d/,
    );
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    // Patterns, never paths: no ids, tokens or addresses.
    for (const secret of [bicycle.id, link.token, rider.email, rider.userId, "rider@example.com", TOKEN]) {
      expect(text).not.toContain(secret);
    }
  });

  it("returns each request's id as the X-Request-Id header", async () => {
    const first = await anonymous(t.app).request("GET", "/api/health/live");
    const second = await anonymous(t.app).request("GET", "/api/health/live");
    const ids = [first.headers.get("X-Request-Id"), second.headers.get("X-Request-Id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe("metrics endpoint, METRICS_TOKEN not set", () => {
  it("does not exist", async () => {
    const t = await createTestApp("pglite");
    try {
      const response = await t.app.request("/api/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
