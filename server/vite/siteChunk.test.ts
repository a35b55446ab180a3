import { describe, expect, it } from "vitest";
import { isBrowserEntryModule, loadedOnEveryPage } from "./siteChunk";

/** A module graph as Rollup describes it: static imports, and imports that load later. */
function graph(modules: Record<string, { imports?: string[]; later?: string[] }>) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      id in modules ? ({ importedIds: modules[id].imports ?? [], dynamicallyImportedIds: modules[id].later ?? [] } as never) : null,
  };
}

describe("the code every page loads", () => {
  const site = graph({
    "/site/node_modules/@remix-run/dev/dist/config/defaults/entry.client.tsx": { imports: ["react-dom", "@remix-run/react"] },
    "/site/app/root.tsx?__remix-build-client-route": {
      imports: ["/site/app/components/layout/Header.tsx", "react"],
      later: ["/site/app/components/layout/ModelMenu.tsx"],
    },
    "/site/app/components/layout/Header.tsx": { imports: ["/site/app/domain/phone.ts"] },
    "/site/app/domain/phone.ts": {},
    "/site/app/components/layout/ModelMenu.tsx": { imports: ["/site/app/domain/models.ts"] },
    "/site/app/domain/models.ts": {},
    "/site/app/routes/search/route.tsx": { imports: ["/site/app/domain/phone.ts", "/site/app/routes/search/FilterPanel.tsx"] },
    "/site/app/routes/search/FilterPanel.tsx": {},
    react: {},
    "react-dom": { imports: ["react"] },
    "@remix-run/react": { imports: ["react"] },
  });

  it("is the root route and all it and the browser entry import statically, not the entry itself (it hydrates as it runs)", () => {
    expect([...loadedOnEveryPage(site)].sort()).toEqual(
      [
        "/site/app/components/layout/Header.tsx",
        "/site/app/domain/phone.ts",
        "/site/app/root.tsx?__remix-build-client-route",
        "@remix-run/react",
        "react",
        "react-dom",
      ].sort(),
    );
  });

  it("leaves out what the root loads later and what only some pages import", () => {
    const every = loadedOnEveryPage(site);
    expect(every.has("/site/app/components/layout/ModelMenu.tsx")).toBe(false);
    expect(every.has("/site/app/routes/search/route.tsx")).toBe(false);
    expect(every.has("/site/app/routes/search/FilterPanel.tsx")).toBe(false);
  });

  it("knows the browser entry, Remix's default or the site's own", () => {
    expect(isBrowserEntryModule("/site/app/entry.client.tsx")).toBe(true);
    expect(isBrowserEntryModule("/site/node_modules/@remix-run/dev/dist/config/defaults/entry.client.tsx")).toBe(true);
    expect(isBrowserEntryModule("/site/app/entry.server.tsx")).toBe(false);
  });
});
