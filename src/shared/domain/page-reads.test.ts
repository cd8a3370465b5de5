import { describe, expect, it } from "vitest";
import { pageReads } from "./page-reads.ts";

describe("a signed-in page's first reads", () => {
  it("fills the page's id into its reads, after the session and the due count", () => {
    expect(pageReads("/bicycles/b-1")).toEqual([
      "/api/auth/get-session",
      "/api/intervals/due-count",
      "/api/bicycles/b-1",
      "/api/bicycles/b-1/components",
      "/api/settings",
      "/api/intervals",
    ]);
  });

  it("names a bicycle's components and intervals only when its page opens on the Components tab", () => {
    const shell = ["/api/auth/get-session", "/api/intervals/due-count"];
    for (const search of ["?tab=rides", "?tab=services"])
      expect(pageReads("/bicycles/b-1", search), search).toEqual([
        ...shell,
        "/api/bicycles/b-1",
        "/api/settings",
      ]);
    expect(pageReads("/bicycles/b-1", "?tab=components")).toEqual(pageReads("/bicycles/b-1"));
    expect(pageReads("/bicycles/b-1", "?tab=other")).toEqual(pageReads("/bicycles/b-1"));
  });

  it("names only the shell's reads for a path with something other than an id in it", () => {
    for (const path of ["/bicycles/..", "/bicycles/a%2Fb", "/bicycles/a.b", "/account"])
      expect(pageReads(path), path).toEqual(["/api/auth/get-session", "/api/intervals/due-count"]);
  });
});
