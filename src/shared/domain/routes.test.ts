import { describe, expect, it } from "vitest";
import { inSiteFrame, isKnownPath, isPublicPath, safeNextPath, signInPath } from "./routes.ts";

describe("route table", () => {
  it("knows which screens a visitor may see", () => {
    for (const path of [
      "/",
      "/about",
      "/pricing",
      "/dashboard",
      "/bicycles",
      "/bicycles/demo-1",
      "/bicycles/demo-1/components/comp-101",
      "/parts-bin",
      "/shared/abc",
      "/auth",
      "/auth/callback",
      "/privacy-policy",
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ["/account", "/shared-links", "/feedback", "/bicycles/b-1/passport"]) {
      expect(isPublicPath(path), path).toBe(false);
      expect(isKnownPath(path), path).toBe(true);
    }
  });

  it("treats anything else as a missing page", () => {
    for (const path of ["/nope", "/bicycles/a/b", "/account/x", "/admin"]) {
      expect(isKnownPath(path), path).toBe(false);
    }
  });

  it("knows which screens are drawn without the site's header and tab bar", () => {
    for (const path of ["/auth", "/auth/callback", "/shared", "/shared/abc", "/nope"])
      expect(inSiteFrame(path), path).toBe(false);
    for (const path of ["/", "/dashboard", "/bicycles/b-1", "/account", "/rides", "/pricing", "/unsubscribe"])
      expect(inSiteFrame(path), path).toBe(true);
  });
});

describe("going on after signing in", () => {
  it("comes back to a page of this app, with its query", () => {
    const link = signInPath("/bicycles/b1/components/c1?tab=services");
    expect(link).toBe("/auth?next=%2Fbicycles%2Fb1%2Fcomponents%2Fc1%3Ftab%3Dservices");
    const next = new URL(link, "http://x").searchParams.get("next");
    expect(safeNextPath(next)).toBe("/bicycles/b1/components/c1?tab=services");
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/parts-bin/components/c1")).toBe("/parts-bin/components/c1");
  });

  it("never goes to another site, to the sign-in pages again, or to an unknown page", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "/auth",
      "/auth/callback?type=signup",
      "/no-such-page",
      "dashboard",
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});
