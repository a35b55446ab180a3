/**
 * The results loader against a real embedded search (Orama) over the demo stock of every tenant, with
 * a recording database: routing rules, redirects, 404s, analytics, failure handling and a fuzz of
 * query strings through the whole loader.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Platform, SiteSearch } from "@server/platform.server";
import { OramaSearchEngine, createSearchService } from "@server/search";
import { generateDemoStock } from "@server/demo/demoStock";
import { TenantRegistry, loadTenantsFromDir } from "@server/tenants/registry";
import { loader } from "./search.server";
import type { SearchPageData } from "~/domain/searchPage";
import { contextFor } from "../../../tests/support/loadContext";

const queries: { sql: string; params: unknown[] }[] = [];
let realSearch: SiteSearch;
let platform: Platform;

beforeAll(async () => {
  const tenants = new TenantRegistry(loadTenantsFromDir(path.join(process.cwd(), "tenants")), "summit-auto-group");
  const engine = new OramaSearchEngine();
  const now = new Date();
  for (const tenant of tenants.all()) await engine.replaceAll(tenant.slug, generateDemoStock(tenant, { now }));
  realSearch = createSearchService(engine);
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      queries.push({ sql, params });
      return [];
    },
  };
  platform = { tenants, db, search: realSearch } as unknown as Platform;
});

async function run(host: string, pathAndQuery: string): Promise<Response> {
  const url = new URL(pathAndQuery, `http://${host}.localhost`);
  const prefix = url.pathname.startsWith("/used-car") ? "/used-car" : "/search";
  const splat = url.pathname.slice(prefix.length).replace(/^\//, "");
  const request = new Request(url, { headers: { host: `${host}.localhost` } });
  try {
    return (await loader({
      request,
      params: splat ? { "*": decodeURIComponent(splat) } : {},
      context: contextFor(platform, request),
    })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function page(host: string, pathAndQuery: string): Promise<SearchPageData> {
  const response = await run(host, pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as SearchPageData;
}

describe("results loader", () => {
  it("serves a page of 21 small cards, with a promo card at the dealer's position", async () => {
    const data = await page("summit-auto-group", "/search");
    const cars = data.items.filter((i) => i.kind === "car");
    expect(cars).toHaveLength(21);
    expect(data.items[9]?.kind).toBe("promo");
    const json = JSON.stringify(data);
    expect(json).not.toContain('"standardEquipment"');
    expect(json).not.toContain('"dealercomments"');
    expect(json.length).toBeLessThan(60_000);
  });

  it("counts agree with results: the make tile's count is the number found for that make", async () => {
    const all = await page("summit-auto-group", "/search");
    const tile = all.panel.makes.shown[0];
    const filtered = await page("summit-auto-group", `/search?make=${encodeURIComponent(tile.value)}`);
    expect(filtered.found).toBe(tile.count);
    for (const item of filtered.items) if (item.kind === "car") expect(item.car.make).toBe(tile.value);
  });

  it("never shows another dealer's stock", async () => {
    const coastal = await page("coastal-gwm", "/search?query=hilux");
    expect(coastal.found).toBe(0);
    const westside = await page("westside-used", "/used-car");
    for (const item of westside.items) if (item.kind === "car") expect(item.car.car_type).toBe("used");
  });

  it("sends /search to /used-car (301) on that dealer, and has no /used-car elsewhere", async () => {
    const moved = await run("westside-used", "/search/toyota?fuel=Petrol");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/used-car/toyota?fuel=Petrol");
    expect((await run("summit-auto-group", "/used-car")).status).toBe(404);
  });

  it("answers unknown path segments with a 404", async () => {
    expect((await run("summit-auto-group", "/search/no-such-thing")).status).toBe(404);
    expect((await run("summit-auto-group", "/search/toyota/no-such-model")).status).toBe(404);
  });

  it("tidies the no-JavaScript form's URL with a redirect, keeping sort and path", async () => {
    const response = await run("summit-auto-group", "/search/toyota?query=&price_min=5000&price_max=&sortBy=price:asc");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search/toyota?price=5000:&sortBy=price:asc");
  });

  it("records a search page view (event 49) and allows a short public cache", async () => {
    queries.length = 0;
    const response = await run("coastal-gwm", "/search/gwm");
    expect(response.headers.get("Cache-Control")).toMatch(/public, max-age=60/);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const event = queries.find((q) => q.sql.includes("analytics_events"));
    expect(event?.params).toEqual(expect.arrayContaining(["coastal-gwm", 49, "/search/gwm"]));
  });

  it("shows the last page for a page past the end", async () => {
    const data = await page("coastal-gwm", "/search?page=400");
    expect(data.page).toBe(data.pages);
    expect(data.items.length).toBeGreaterThan(0);
  });

  it("names the search and points the canonical URL at it without sort and page", async () => {
    const data = await page("summit-auto-group", "/search/used-cars?make=Toyota&sortBy=year:desc&page=2");
    expect(data.title).toBe("Used Toyota for sale | Summit Auto Group");
    expect(data.canonical).toBe("http://summit-auto-group.localhost/search/used-cars/toyota");
    expect(data.chips.find((c) => c.label === "Toyota")?.href).toBe("/search/used-cars?sortBy=year:desc");
  });

  it("says the search failed (503, no cache) instead of crashing when the search service is down", async () => {
    platform.search = { ...realSearch, search: () => Promise.reject(new Error("down")) };
    try {
      const response = await run("summit-auto-group", "/search?make=Toyota");
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const data = (await response.json()) as SearchPageData;
      expect(data.status).toBe("error");
    } finally {
      platform.search = realSearch;
    }
  });

  it("never fails, whatever the query string (fuzz through the loader)", async () => {
    const keys = [
      "query",
      "page",
      "sortBy",
      "make",
      "model",
      "body",
      "price",
      "km",
      "year",
      "range[price]",
      "price_min",
      "km_max",
      "certified",
      "seats",
      "x",
      "__proto__",
      "refinementList[make][0]",
    ];
    const values = [
      "",
      ":",
      "1:2",
      "-1",
      "abc",
      "Toyota",
      "%00",
      "'\"><",
      "1e400",
      "9".repeat(50),
      "💥",
      "price:asc",
      "Car_production:price:desc",
      "suv",
    ];
    let seed = 11;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    for (let i = 0; i < 150; i++) {
      const query = Array.from(
        { length: 1 + Math.floor(next() * 5) },
        () => `${encodeURIComponent(pick(keys))}=${encodeURIComponent(pick(values))}`,
      ).join("&");
      const response = await run(pick(["summit-auto-group", "coastal-gwm"]), `/search?${query}`);
      expect([200, 302], query).toContain(response.status);
      if (response.status === 302) {
        const again = await run("summit-auto-group", response.headers.get("Location")!);
        expect(again.status, `${query} -> ${response.headers.get("Location")}`).toBe(200);
      }
    }
  });
});
