import { describe, expect, it } from "vitest";
import { inSiteFrame, isKnownPath, isPublicPath } from "./routes.ts";

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
