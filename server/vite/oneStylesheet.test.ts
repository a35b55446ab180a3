import { describe, expect, it } from "vitest";
import { isRootRouteModule } from "./oneStylesheet";

describe("the one stylesheet's place: the root route's chunk", () => {
  it("is app/root.tsx, with or without the query Remix adds to route modules", () => {
    expect(isRootRouteModule("/work/site/app/root.tsx")).toBe(true);
    expect(isRootRouteModule("/work/site/app/root.tsx?__remix-build-client-route")).toBe(true);
    expect(isRootRouteModule("C:\\site\\app\\root.tsx")).toBe(true);
  });

  it("is no other module", () => {
    expect(isRootRouteModule("/work/site/app/routes/_index/route.tsx")).toBe(false);
    expect(isRootRouteModule("/work/site/app/components/root.tsx")).toBe(false);
    expect(isRootRouteModule("/work/site/app/root.tsx.bak")).toBe(false);
    expect(isRootRouteModule(null)).toBe(false);
  });
});
