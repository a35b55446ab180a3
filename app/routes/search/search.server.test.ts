/**
 * The results loader against a real embedded search (Orama) over the test's own dealers and stock
 * (demo stock generated for them, plus a few cars built here), with a recording database: routing
 * rules, redirects, 404s, analytics, failure handling and a fuzz of query strings through the whole
 * loader. Nothing here reads the shipped tenants/ folder.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@server/db/database";
import { analyticsWritten } from "@server/analytics.server";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { OramaSearchEngine } from "@server/search";
import { generateDemoStock } from "@server/demo/demoStock";
import type { TenantConfig } from "@server/tenants/schema";
import type { Vehicle } from "~/domain/vehicle";
import { loader } from "./search.server";
import type { SearchPageData } from "~/domain/searchPage";
import { testDatabase, testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type LoaderResult } from "../../../tests/support/loaderResult";
import { locationInput, testGroupTenant, testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";

/** A dealer group on '/search': Toyota and Hyundai franchises and a used yard, its own page size and promo slot. */
const GROUP = "harbour-auto-group";
const GROUP_PAGE_SIZE = 24;
const GROUP_PROMO_POSITION = 5;
/** A new-and-demo-only GWM Haval dealer on '/search'. */
const BRAND = "bayside-gwm";
/** A used-car-only dealer whose results live under '/used-car'. */
const USED = "eastside-used";

const group = testGroupTenant(
  GROUP,
  [
    { id: "d-toy", slug: "harbour-toyota", locations: [{ id: "l-toy", city: "Penrith", manufacturers: ["Toyota"] }] },
    { id: "d-hyu", slug: "harbour-hyundai", locations: [{ id: "l-hyu", city: "Parramatta", manufacturers: ["Hyundai"] }] },
    { id: "d-used", slug: "harbour-used", locations: [{ id: "l-used", city: "Castle Hill" }] },
  ],
  {
    name: "Harbour Auto Group",
    template: "group",
    search: {
      pageSize: GROUP_PAGE_SIZE,
      promoPosition: GROUP_PROMO_POSITION,
      promoCards: [{ id: "hag-service", title: "Book your next service online", href: "/service" }],
    },
  },
);
const brand = testTenant(BRAND, {
  name: "Bayside GWM Haval",
  template: "brand",
  locations: [locationInput(BRAND, "l1", { city: "Southport", manufacturers: ["GWM", "Haval"], primary: true })],
  search: { baseFilter: { carTypes: ["new", "demo"] } },
});
const used = testTenant(USED, {
  name: "Eastside Used Cars",
  template: "standard",
  locations: [locationInput(USED, "l1", { city: "Osborne Park", primary: true })],
  paths: { searchPrefix: "/used-car", refresh: "/used-car" },
  search: { baseFilter: { carTypes: ["used"] } },
});

/** A car of one of the dealer's own dealerships and locations, built here. */
function ownCar(tenant: TenantConfig, id: string, overrides: Partial<Vehicle> = {}): Vehicle {
  const location = tenant.locations[0];
  const dealership = tenant.dealerships.find((d) => d.id === location.dealership_id) ?? tenant.dealerships[0];
  return testVehicle({
    id,
    slug: `2022-toyota-hilux-sr5-${id}`,
    stocknum: id.replace(/-/g, "").toUpperCase(),
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    dealership_name: dealership.name,
    location_id: location.id,
    location: {
      id: location.id,
      name: location.name,
      slug: location.slug,
      phone: location.contact_detail.phone,
      city: location.address.city,
      state: location.address.state,
      address: `${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode}`,
    },
    city: location.address.city,
    state: location.address.state,
    ...overrides,
  });
}

/** Each dealer's stock: demo stock for its own settings, plus the cars the cases below rely on. */
function stockFor(tenant: TenantConfig, now: Date): Vehicle[] {
  const demo = (count: number) => generateDemoStock(tenant, { now, count });
  switch (tenant.slug) {
    case GROUP:
      // A HiLux for sure, so "no HiLux at the GWM dealer" is about the dealer, not the catalogue.
      return [...demo(160), ownCar(tenant, "hag-hilux-1"), ownCar(tenant, "hag-hilux-2", { car_type: "new", km: 10 })];
    case BRAND:
      return demo(90);
    case USED:
      // New cars in its index too: only the dealer's base filter keeps them off its pages.
      return [
        ...demo(90),
        ownCar(tenant, "eu-used-1"),
        ownCar(tenant, "eu-new-1", { car_type: "new", km: 10 }),
        ownCar(tenant, "eu-demo-1", { car_type: "demo" }),
      ];
    default:
      return [];
  }
}

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  const engine = new OramaSearchEngine();
  const now = new Date();
  for (const tenant of [group, brand, used]) await engine.replaceAll(tenant.slug, stockFor(tenant, now));
  db = await testDatabase();
  // The index is the stock above; the database (empty of cars) only records what the pages do.
  platform = await testPlatform({ db, tenants: [group, brand, used], engine, syncSearch: false });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

/** The loader's answer, or the answer it threw (a redirect, a 404), as status, headers and data. */
async function run(host: string, pathAndQuery: string): Promise<LoaderResult<SearchPageData | unknown>> {
  const url = new URL(pathAndQuery, `http://${host}.localhost`);
  const prefix = url.pathname.startsWith("/used-car") ? "/used-car" : "/search";
  const splat = url.pathname.slice(prefix.length).replace(/^\//, "");
  const request = new Request(url, { headers: { host: `${host}.localhost` } });
  try {
    return await loaderResult(
      loader({
        request,
        params: splat ? { "*": decodeURIComponent(splat) } : {},
        context: contextFor(platform, request),
      }),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

async function page(host: string, pathAndQuery: string): Promise<SearchPageData> {
  const response = await run(host, pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return response.data as SearchPageData;
}

describe("results loader", () => {
  it("serves a page of the dealer's page size in small cards, with a promo card at the dealer's position", async () => {
    const data = await page(GROUP, "/search");
    expect(data.found).toBeGreaterThan(GROUP_PAGE_SIZE);
    const cars = data.items.filter((i) => i.kind === "car");
    expect(cars).toHaveLength(GROUP_PAGE_SIZE);
    expect(data.items[GROUP_PROMO_POSITION]?.kind).toBe("promo");
    const json = JSON.stringify(data);
    expect(json).not.toContain('"standardEquipment"');
    expect(json).not.toContain('"dealercomments"');
    expect(json.length).toBeLessThan(60_000);
  });

  it("counts agree with results: the make tile's count is the number found for that make", async () => {
    const all = await page(GROUP, "/search");
    const tile = all.panel.makes.shown[0];
    const filtered = await page(GROUP, `/search?make=${encodeURIComponent(tile.value)}`);
    expect(filtered.found).toBe(tile.count);
    for (const item of filtered.items) if (item.kind === "car") expect(item.car.make).toBe(tile.value);
  });

  it("never shows another dealer's stock", async () => {
    expect((await page(GROUP, "/search?query=hilux")).found).toBeGreaterThan(0);
    const gwm = await page(BRAND, "/search?query=hilux");
    expect(gwm.found).toBe(0);
    const usedOnly = await page(USED, "/used-car");
    expect(usedOnly.found).toBeGreaterThan(0);
    for (const item of usedOnly.items) if (item.kind === "car") expect(item.car.car_type).toBe("used");
    // Its own new and demo cars are in its index, found by stock number like its used one, yet never shown.
    expect((await page(USED, "/used-car?query=EUUSED1")).found).toBe(1);
    expect((await page(USED, "/used-car?query=EUNEW1")).found).toBe(0);
    expect((await page(USED, "/used-car?query=EUDEMO1")).found).toBe(0);
  });

  it("sends /search to /used-car (301) on that dealer, and has no /used-car elsewhere", async () => {
    const moved = await run(USED, "/search/toyota?fuel=Petrol");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/used-car/toyota?fuel=Petrol");
    expect((await run(GROUP, "/used-car")).status).toBe(404);
  });

  it("answers unknown path segments with a 404", async () => {
    expect((await run(GROUP, "/search/no-such-thing")).status).toBe(404);
    expect((await run(GROUP, "/search/toyota/no-such-model")).status).toBe(404);
  });

  it("tidies the no-JavaScript form's URL with a redirect, keeping sort and path", async () => {
    const response = await run(GROUP, "/search/toyota?query=&price_min=5000&price_max=&sortBy=price:asc");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search/toyota?price=5000:&sortBy=price:asc");
  });

  it("records a search page view (event 49) and allows a short public cache", async () => {
    const queries = vi.spyOn(db, "query");
    const response = await run(BRAND, "/search/gwm");
    expect(response.headers.get("Cache-Control")).toBe(PAGE_CACHE);
    // Page views are gathered for a moment and written together (server/analytics.server.ts).
    await analyticsWritten(db);
    const event = queries.mock.calls.find(([sql]) => sql.includes("analytics_events"));
    queries.mockRestore();
    // Events are stored in groups, one array per column (id, dealer, event, name, path...; server/analytics.server.ts).
    const [, dealers, events, , paths] = event![1] as unknown[][];
    const at = paths.indexOf("/search/gwm");
    expect(at).toBeGreaterThanOrEqual(0);
    expect([dealers[at], events[at]]).toEqual([BRAND, 49]);
  });

  it("files the page under each car it shows, for a CDN's purge (the pipeline adds the dealer)", async () => {
    const response = await run(GROUP, "/search");
    const data = response.data as SearchPageData;
    const shown = data.items.flatMap((item) => (item.kind === "car" ? [`car-${item.car.id}`] : []));
    expect(shown.length).toBeGreaterThan(1);
    expect(response.headers.get("Cache-Tag")).toBe(shown.join(","));
    expect(response.headers.get("Surrogate-Key")).toBe(shown.join(" "));
    // A failed search is not kept anywhere, and files nothing.
    const failing = vi.spyOn(platform.search, "search").mockRejectedValueOnce(new Error("down"));
    const failed = await run(GROUP, "/search?query=down");
    failing.mockRestore();
    expect(failed.status).toBe(503);
    expect(failed.headers.has("Cache-Tag")).toBe(false);
  });

  it("shows the last page for a page past the end", async () => {
    const data = await page(BRAND, "/search?page=400");
    expect(data.pages).toBeGreaterThan(1);
    expect(data.page).toBe(data.pages);
    expect(data.items.length).toBeGreaterThan(0);
  });

  it("names the search and points the canonical URL at it without sort and page", async () => {
    const data = await page(GROUP, "/search/used-cars?make=Toyota&sortBy=year:desc&page=2");
    expect(data.title).toBe("Used Toyota for sale | Harbour Auto Group");
    expect(data.canonical).toBe(`http://${GROUP}.localhost/search/used-cars/toyota`);
    expect(data.chips.find((c) => c.label === "Toyota")?.href).toBe("/search/used-cars?sortBy=year:desc");
  });

  it("says the search failed (503, no cache) instead of crashing when the search service is down", async () => {
    const realSearch = platform.search;
    platform.search = { ...realSearch, search: () => Promise.reject(new Error("down")) };
    try {
      const response = await run(GROUP, "/search?make=Toyota");
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const data = response.data as SearchPageData;
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
      const host = pick([GROUP, BRAND]);
      const response = await run(host, `/search?${query}`);
      expect([200, 302], query).toContain(response.status);
      if (response.status === 302) {
        const again = await run(host, response.headers.get("Location")!);
        expect(again.status, `${query} -> ${response.headers.get("Location")}`).toBe(200);
      }
    }
  });
});
