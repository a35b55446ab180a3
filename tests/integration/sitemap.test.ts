/**
 * /sitemap.xml and /robots.txt over the embedded search engine: every car the public can see and no
 * other, landing pages for makes, models and bodies, the dealer's content pages, offers shown on this
 * site, locations and brands; a car imported appears at once in what the sitemap is built from.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";
import { createOramaSearchEngine } from "@server/search/orama";
import { createSearchService } from "@server/search/service";
import { collectSitemapPaths, SITEMAP_CACHE } from "@server/content/sitemap";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml/route";
import { loader as robotsLoader } from "~/routes/robots[.]txt/route";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-pages-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.mkdirSync(path.join(dir, "_defaults", "pages"), { recursive: true });
fs.writeFileSync(path.join(dir, "_defaults", "pages", "about-us.md"), "---\ntitle: About Us\n---\nHi.\n");
fs.writeFileSync(path.join(dir, "_defaults", "pages", "not-an-address.md"), "---\ntitle: Draft\n---\nHi.\n");

const now = new Date("2026-11-20T00:00:00Z");
const tenant = testTenant("alpha-motors", {
  features: { brandsPage: true },
  brands: [
    { title: "Toyota", slug: "toyota", kind: "car" },
    { title: "Group", slug: "our-group", kind: "group", skipPage: true },
  ],
  offers: [
    { id: "o1", name: "Hilux deal", description: "Cheap", manufacturer: "Toyota" },
    { id: "o2", name: "Not here", description: "x", excluded_website_ids: ["alpha-motors"] },
    { id: "o3", name: "Over", description: "x", expiry: "2026-01-01" },
  ],
});
const search = createSearchService(createOramaSearchEngine(), { clock: () => now });
const platform = await testPlatform({ tenants: [tenant], settings: { TENANTS_DIR: dir } });
// The sitemap's clock is the search's: `now` above.
platform.search = search;
afterAll(() => platform.close());

const hilux = testVehicle({ id: "c1", slug: "2022-toyota-hilux-c1", make: "Toyota", model: "HiLux", body: "Ute" });
const corolla = testVehicle({
  id: "c2",
  slug: "2021-toyota-corolla-c2",
  make: "Toyota",
  model: "Corolla",
  body: "Hatch",
  simple_body: "hatch",
});
const hidden = testVehicle({ id: "c3", slug: "hidden-c3", show_on_dealer_website: false });
const longSold = testVehicle({ id: "c4", slug: "sold-long-ago-c4", status: "sold", sold_at: "2026-10-01T00:00:00Z" });
const justSold = testVehicle({ id: "c6", slug: "sold-yesterday-c6", status: "sold", sold_at: "2026-11-19T00:00:00Z" });
await search.applyChanges(tenant, [hilux, corolla, hidden, longSold, justSold]);

describe("what the sitemap lists", () => {
  it("every visible car and no other, the landing pages, pages, offers, locations and brands", async () => {
    const paths = (await collectSitemapPaths(platform, tenant, now)).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/search",
        "/search/toyota",
        "/search/toyota/hilux",
        "/search/toyota/corolla",
        "/search/ute",
        "/search/hatch",
        "/about-us",
        "/special-offers",
        "/offers/toyota/o1",
        "/locations",
        "/locations/test-motors",
        "/dealer-locator",
        "/reviews",
        "/brands",
        "/toyota/overview",
        "/cars/2022-toyota-hilux-c1",
        "/cars/2021-toyota-corolla-c2",
        // Sold within the dealer's window: still found by search, so still listed.
        "/cars/sold-yesterday-c6",
      ]),
    );
    expect(paths).not.toContain("/cars/hidden-c3");
    expect(paths).not.toContain("/cars/sold-long-ago-c4");
    expect(paths).not.toContain("/not-an-address");
    expect(paths).not.toContain("/offers/o2");
    expect(paths).not.toContain("/offers/o3");
    expect(paths).not.toContain("/our-group/overview");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("has a car as soon as it is imported", async () => {
    const fresh = testVehicle({ id: "c5", slug: "2024-toyota-rav4-c5", make: "Toyota", model: "RAV4", body: "SUV", simple_body: "suv" });
    await search.applyChanges(tenant, [fresh]);
    const paths = (await collectSitemapPaths(platform, tenant, now)).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["/cars/2024-toyota-rav4-c5", "/search/toyota/rav4", "/search/suv"]));
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  const context = { platform, tenant, clientAddress: "203.0.113.5" };
  const get = (loader: typeof sitemapLoader, url: string) =>
    loader({ request: new Request(url), params: {}, context }) as Promise<Response>;

  it("answers the sitemap as XML with absolute addresses, kept at most half a minute", async () => {
    const response = await get(sitemapLoader, "https://alpha.example.com/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(SITEMAP_CACHE);
    const xml = await response.text();
    expect(xml).toContain("<loc>https://alpha.example.com/cars/2022-toyota-hilux-c1</loc>");
    expect(xml).toContain("<loc>https://alpha.example.com/about-us</loc>");
  });

  it("answers a page that is not there, or nonsense, with a 404", async () => {
    expect((await get(sitemapLoader, "https://alpha.example.com/sitemap.xml?page=2")).status).toBe(404);
    expect((await get(sitemapLoader, "https://alpha.example.com/sitemap.xml?page=abc")).status).toBe(404);
    expect((await get(sitemapLoader, "https://alpha.example.com/sitemap.xml?page=1")).status).toBe(200);
  });

  it("names the sitemap in robots.txt", async () => {
    const response = await get(robotsLoader, "https://alpha.example.com/robots.txt");
    const text = await response.text();
    expect(text).toContain("Sitemap: https://alpha.example.com/sitemap.xml");
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /my-garage");
  });
});
