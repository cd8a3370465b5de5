import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { MainLayout } from "@/components/layout/main-layout.tsx";
import { inSiteFrame } from "../shared/domain/routes.ts";
import { routes } from "./router.tsx";

/** Every page route's path (":params" filled in), and whether the main layout draws it. */
function pagePaths(list: RouteObject[], parent = "", inLayout = false): [string, boolean][] {
  return list.flatMap((route) => {
    const full = route.path ? `${parent}/${route.path.replace(/:[^/]+/g, "x")}` : parent;
    const layout = inLayout || (route.element as { type?: unknown } | undefined)?.type === MainLayout;
    const own: [string, boolean][] = route.children || route.path === "*" ? [] : [[full || "/", layout]];
    return [...own, ...pagePaths(route.children ?? [], full, layout)];
  });
}

describe("the route table", () => {
  it("agrees with the server on which pages are drawn in the site's frame (it sends the signed-in frame)", () => {
    const paths = pagePaths(routes);
    expect(paths.length).toBeGreaterThan(20);
    for (const [path, inLayout] of paths) expect(inSiteFrame(path), path).toBe(inLayout);
  });
});
