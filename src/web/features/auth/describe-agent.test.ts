import { describe, expect, it } from "vitest";
import { describeAgent, isMobileAgent } from "./describe-agent.ts";

describe("describeAgent", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      "Chrome on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
      "Opera on Windows",
    ],
  ])("names the browser and system of %s", (agent, expected) => {
    expect(describeAgent(agent)).toBe(expected);
  });

  it("names a program that is not a browser by its product, not as a browser", () => {
    expect(describeAgent("curl/8.5.0")).toBe("curl");
    expect(describeAgent("python-requests/2.32.3")).toBe("python-requests");
    expect(describeAgent("node")).toBe("node");
  });

  it("says so when there is no user agent", () => {
    expect(describeAgent(null)).toBe("Unknown browser");
    expect(describeAgent("  ")).toBe("Unknown browser");
  });

  it("calls an unrecognised Mozilla-compatible agent a browser", () => {
    expect(describeAgent("Mozilla/5.0 (X11; Linux x86_64) Something/1.0")).toBe("Browser on Linux");
  });

  it("tells phones from computers", () => {
    expect(isMobileAgent("Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36")).toBe(true);
    expect(isMobileAgent("Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0")).toBe(false);
  });
});
