/**
 * The offers, brands and models pages as Remix calls their loaders: unknown, excluded and out-of-date
 * offers are 404 at both address forms, an offer at the wrong form moves to its own, the brands page
 * only where the dealer has one, and /models never fails on whatever body it is given. Dealers are
 * built here; search answers from a small fake stock.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SearchRequest, SearchResult } from "~/domain/search";
import type { TenantConfig } from "@server/tenants/schema";
import { loader as brandOverviewLoader } from "~/routes/$brand.overview/route";
import { loader as brandsLoader } from "~/routes/brands/route";
import { loader as modelsLoader } from "~/routes/models/route";
import { loader as offerLoader } from "~/routes/offers.$id/route";
import { loader as offersLoader } from "~/routes/special-offers/route";
import { testPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult, type LoaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";

const offers = [
  {
    id: "o1",
    name: "Jolion drive away",
    description: "x".repeat(250),
    disclaimer: "y".repeat(250),
    manufacturer: "Haval",
    model: { name: "Jolion", slug: "jolion" },
  },
  { id: "o2", name: "First service free", description: "On us.", manufacturer: "" },
  { id: "o3", name: "Not here", description: "Elsewhere.", manufacturer: "Haval", excluded_website_ids: ["group-motors"] },
  { id: "o4", name: "Finished", description: "Gone.", manufacturer: "Haval", expiry: "2020-01-31" },
];
const group = testTenant("group-motors", {
  offers,
  features: { brandsPage: true },
  statsBanner: { show: true, items: [{ value: "50+", label: "Locations" }] },
  brands: [
    { title: "Haval", slug: "haval", kind: "car" },
    { title: "Yamaha", slug: "yamaha", kind: "motorcycle" },
    { title: "Group Motors", slug: "group-motors", kind: "group", skipPage: true },
  ],
});
const single = testTenant("single-motors", { brands: [{ title: "Haval", slug: "haval", kind: "car" }] });

const CARS = [
  { make: "Haval", model: "Jolion", simple_body: "SUV", primary_image_url: "/media/jolion.jpg" },
  { make: "Haval", model: "H6", simple_body: "SUV", primary_image_url: "" },
  { make: "GWM", model: "Ute Cannon", simple_body: "Ute", primary_image_url: "/media/cannon.jpg" },
];

/** Counts and hits over CARS, as the search port answers them. */
async function search(_tenant: TenantConfig, request: SearchRequest): Promise<SearchResult> {
  const cars = CARS.filter((c) => !request.filters.body?.length || request.filters.body.includes(c.simple_body));
  const count = (values: string[]) =>
    [...new Set(values)].map((value) => ({ label: value, value, count: values.filter((v) => v === value).length }));
  return {
    hits: cars.slice(0, request.perPage) as unknown as SearchResult["hits"],
    found: cars.length,
    facets: { body: count(cars.map((c) => c.simple_body)), make_model: count(cars.map((c) => `${c.make}|${c.model}`)) },
    stats: {},
    page: 1,
    pages: 1,
    ms: 0,
  };
}

const platform = await testPlatform({ tenants: [group, single] });
// The offers and brands pages read their counts and cars from the search port: here, CARS.
vi.spyOn(platform.search, "search").mockImplementation(search);
afterAll(() => platform.close());

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

async function call(load: Loader, dealer: TenantConfig, path: string, params: Record<string, string> = {}): Promise<LoaderResult<unknown>> {
  const request = new Request(`http://${dealer.slug}.localhost${path}`);
  try {
    return await loaderResult(load({ request, context: contextFor(platform, request), params }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

describe("/special-offers", () => {
  it("lists the offers this website shows, cut for cards, and lets the page cache keep it", async () => {
    const response = await call(offersLoader, group, "/special-offers");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    const body = response.data as { offers: { id: string; description: string; disclaimer: string; href: string }[] };
    expect(body.offers.map((o) => o.id)).toEqual(["o1", "o2"]);
    expect(body.offers[0].description).toHaveLength(161);
    expect(body.offers[0].disclaimer).toHaveLength(201);
    expect(body.offers.map((o) => o.href)).toEqual(["/offers/haval/o1", "/offers/o2"]);
  });
});

describe("/offers/{manufacturer}/{id} and /offers/{id}", () => {
  it("shows a known offer whole at its own address", async () => {
    const response = await call(offerLoader, group, "/offers/haval/o1", { manufacturer: "haval", id: "o1" });
    expect(response.status).toBe(200);
    const body = response.data as { offer: { description: string }; others: { id: string }[] };
    expect(body.offer.description).toHaveLength(250);
    expect(body.others.map((o) => o.id)).toEqual(["o2"]);
    expect((await call(offerLoader, group, "/offers/o2", { id: "o2" })).status).toBe(200);
  });

  it("moves a known offer at the other form of its address to its own", async () => {
    const moved = await call(offerLoader, group, "/offers/o1", { id: "o1" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/offers/haval/o1");
    const wrongMaker = await call(offerLoader, group, "/offers/kia/o1", { manufacturer: "kia", id: "o1" });
    expect(wrongMaker.headers.get("Location")).toBe("/offers/haval/o1");
  });

  it("answers 404 for unknown, excluded, finished and malformed offers", async () => {
    for (const [path, params] of [
      ["/offers/nope", { id: "nope" }],
      ["/offers/haval/o3", { manufacturer: "haval", id: "o3" }],
      ["/offers/haval/o4", { manufacturer: "haval", id: "o4" }],
      ["/offers/%3Cscript%3E", { id: "<script>" }],
      ["/offers/HAVAL/o1", { manufacturer: "HAVAL", id: "o1" }],
    ] as const) {
      expect((await call(offerLoader, group, path, params)).status, path).toBe(404);
    }
  });
});

describe("/brands and /{brand}/overview", () => {
  it("shows the stats banner and the brands by kind where the dealer has a brands page", async () => {
    const response = await call(brandsLoader, group, "/brands");
    expect(response.status).toBe(200);
    const body = response.data as { stats: unknown[]; sections: { title: string; brands: { href: string | null }[] }[] };
    expect(body.stats).toEqual([{ value: "50+", label: "Locations" }]);
    expect(body.sections.map((s) => s.title)).toEqual(["Car Brands", "Motorcycle Brands", "Group Brands"]);
    expect(body.sections[2].brands[0].href).toBeNull();
  });

  it("is a 404 where the dealer has no brands page", async () => {
    expect((await call(brandsLoader, single, "/brands")).status).toBe(404);
  });

  it("shows a brand's overview with its models and offers, and 404 for skipped, unknown or malformed brands", async () => {
    const response = await call(brandOverviewLoader, group, "/haval/overview", { brand: "haval" });
    expect(response.status).toBe(200);
    const body = response.data as { models: { name: string }[]; offers: { id: string }[]; stockHref: string };
    expect(body.models.map((m) => m.name)).toEqual(["H6", "Jolion"]);
    expect(body.offers.map((o) => o.id)).toEqual(["o1"]);
    expect(body.stockHref).toBe("/search?make=Haval");
    for (const brand of ["group-motors", "kia", "search", "Haval", "a/b"]) {
      expect((await call(brandOverviewLoader, group, `/${brand}/overview`, { brand })).status, brand).toBe(404);
    }
  });
});

describe("/models?body={body-slug}", () => {
  it("lists every model, or one body's", async () => {
    const all = (await call(modelsLoader, group, "/models")).data as {
      models: { name: string }[];
      bodies: { slug: string }[];
    };
    expect(all.models).toHaveLength(3);
    expect(all.bodies.map((b) => b.slug)).toEqual(["suv", "ute"]);
    const utes = (await call(modelsLoader, group, "/models?body=ute")).data as { models: { name: string }[] };
    expect(utes.models.map((m) => m.name)).toEqual(["Ute Cannon"]);
  });

  it("never fails on a body it does not know or cannot read", async () => {
    for (const query of [
      "?body=",
      "?body=%00",
      "?body=<script>",
      `?body=${"a".repeat(5000)}`,
      "?body=spaceship",
      "?body=SUV",
      "?body=suv&body=ute",
      "?body[]=x",
    ]) {
      const response = await call(modelsLoader, group, `/models${query}`);
      expect(response.status, query).toBe(200);
    }
    const unknown = (await call(modelsLoader, group, "/models?body=spaceship")).data as { models: unknown[] };
    expect(unknown.models).toEqual([]);
    const malformed = (await call(modelsLoader, group, "/models?body=<script>")).data as {
      models: unknown[];
      body: unknown;
    };
    expect(malformed.body).toBeNull();
    expect(malformed.models).toHaveLength(3);
  });
});
