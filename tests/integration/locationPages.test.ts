/**
 * The locations grid, a location's page, the dealer locator and the reviews page through their real
 * route modules on an embedded database: filters, the department switch, the spec's addresses, review
 * settings, AutoDealer JSON-LD; unknown slugs answer 404 and nonsense postcodes never 500. Dealers are
 * built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as gridLoader } from "~/routes/locations/route";
import { loader as locationLoader } from "~/routes/locations_.$slug/route";
import { loader as locatorLoader, POSTCODE_FORMAT_MESSAGE, UNKNOWN_POSTCODE_MESSAGE } from "~/routes/dealer-locator/route";
import { loader as reviewsLoader } from "~/routes/reviews/route";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult, type LoaderResult } from "../support/loaderResult";
import { locationInput, testTenant } from "../support/testTenant";

const WEEK = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open", open: "08:30", close: "17:30" })),
  { weekday: 6, status: "open", open: "08:00", close: "12:00" },
  { weekday: 0, status: "closed" },
];
const at = (street: string, city: string, postcode: string, lat: number, long: number) => ({
  address: { street, city, state: "NSW", postcode, lat, long },
});

const group = testTenant("group-motors", {
  paths: { locations: "/dealerships" },
  features: { dedupeLocationPhones: true },
  reviews: { minimumRating: 4 },
  locations: [
    locationInput("group-motors", "parts", {
      location_type: "parts",
      name: "Group Parts Parramatta",
      slug: "group-parts-parramatta",
      ...at("124 Church Street", "Parramatta", "2150", -33.8155, 151.0036),
      contact_detail: { phone: "02 9630 1100", opening_hours: WEEK },
    }),
    locationInput("group-motors", "yard", {
      name: "Group Motors Parramatta",
      slug: "parramatta",
      primary: true,
      ...at("120 Church Street", "Parramatta", "2150", -33.815, 151.0034),
      contact_detail: { phone: "02 9630 1100", landline_phone: "02 9630 1199", opening_hours: WEEK },
      special_hours: [{ date: "2099-12-25", status: "closed", name: "Christmas Day" }],
      reviews: { average_rating: "4.6", count: 1516 },
    }),
    locationInput("group-motors", "workshop", {
      location_type: "service",
      name: "Group Service Penrith",
      slug: "penrith-service",
      ...at("77 Mulgoa Road", "Penrith", "2750", -33.757, 150.6878),
      contact_detail: { phone: "02 4721 3300", opening_hours: WEEK },
      reviews: { average_rating: "3.9", count: 40 },
    }),
    locationInput("group-motors", "hidden", { visible: false, slug: "hidden-yard", contact_detail: { phone: "02 9000 9999" } }),
  ],
});
const SOLO_PLACE = "ChIJN1t_tDeuEmsRUsoyG83frY4";
/** Its data as the dealer's feed spells it (spec 001 section 3): formated_hours, place_id, holiday hours as hours.begin/end with location.id. */
const single = testTenant("solo-motors", {
  reviews: { hidden: true },
  locations: [
    locationInput("solo-motors", "l1", {
      reviews: { average_rating: "4.9", count: 12 },
      address: { street: "1 Main Road", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.8, long: 151.2, place_id: SOLO_PLACE },
      contact_detail: {
        phone: "02 9000 0000",
        opening_hours: [
          ...[1, 2, 3, 4, 5].map((weekday) => ({
            weekday,
            status: "open",
            open: "08:30",
            close: "17:30",
            formated_hours: "8.30am – 5.30pm",
          })),
          { weekday: 6, status: "open", open: "09:00", close: "13:00", formated_hours: "9am – 1pm (sales only)" },
          { weekday: 0, status: "closed", formated_hours: "9am – 5pm" },
        ],
      },
    }),
  ],
  special_hours: [
    { date: "2099-12-24", status: "open", hours: { begin: "09:00", end: "13:00" }, location: { id: "l1" }, name: "Christmas Eve" },
    { date: "2099-12-25", status: "closed", location_id: "l1", name: "Christmas Day" },
  ],
});

const tabbed = testTenant("tab-motors", {
  features: { locationCardTabs: true },
  locations: [
    locationInput("tab-motors", "s", {
      ...at("88 Ferry Road", "Southport", "4215", -27.97, 153.4),
      contact_detail: { phone: "07 5591 4400", opening_hours: WEEK },
    }),
    locationInput("tab-motors", "w", {
      location_type: "service",
      name: "Tab Motors Service",
      ...at("92 Ferry Road", "Southport", "4215", -27.97, 153.4),
      contact_detail: { phone: "07 5591 4422", opening_hours: WEEK },
    }),
  ],
});

let db: Database;
let platform: TestPlatform;

type Loader = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof contextFor> }) => Promise<unknown>;
async function call(
  loader: unknown,
  dealer: string,
  pathAndQuery: string,
  params: Record<string, string> = {},
): Promise<LoaderResult<unknown>> {
  const request = new Request(`http://${dealer}.localhost${pathAndQuery}`);
  try {
    return await loaderResult((loader as Loader)({ request, params, context: contextFor(platform, request) }));
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loaders answer JSON whose shape each test reads
const body = async (response: LoaderResult<unknown>): Promise<any> => response.data;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  // No GOOGLE_MAPS_EMBED_KEY: each location shows its address card rather than a map.
  platform = await testPlatform({ db, tenants: [group, single, tabbed], settings: { DEMO_STOCK: "on" } });
});
afterAll(async () => {
  await platform?.close();
  await db?.close();
});
beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

describe("the locations grid", () => {
  it("lists visible locations sales first, each with its phones (duplicates removed where configured) and hours, page-cacheable", async () => {
    const response = await call(gridLoader, "group-motors", "/locations");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    const data = await body(response);
    expect(data.cards.map((c: { slug: string }) => c.slug)).toEqual(["parramatta", "penrith-service", "group-parts-parramatta"]);
    expect(data.cards[0].phones.map((p: { label: string }) => p.label)).toEqual(["02 9630 1100", "02 9630 1199"]);
    expect(data.cards[2].phones).toEqual([]);
    expect(data.cards[0].hours[0]).toEqual({ days: "Monday - Friday", hours: "8:30 am - 5:30 pm" });
    expect(data.cards[0].rating).toEqual({ average_rating: "4.6", count: 1516 });
    const ld = JSON.parse(data.jsonLd);
    expect(ld.map((d: { "@type": string; name: string }) => [d["@type"], d.name])).toEqual([
      ["AutoDealer", "Group Motors Parramatta"],
      ["AutoDealer", "Group Service Penrith"],
      ["AutoDealer", "Group Parts Parramatta"],
    ]);
    // Six open days and the Christmas closure.
    expect(ld[0].openingHoursSpecification).toHaveLength(7);
    // A rating not above the dealer's minimum (4) is not shown.
    expect(data.cards[1].rating).toBeNull();
    expect(data.filters.map((f: { label: string; href: string }) => [f.label, f.href])).toEqual([
      ["All", "/locations"],
      ["Sales", "/locations?type=sales"],
      ["Service only", "/locations?type=service"],
      ["Parts", "/locations?type=parts"],
    ]);
  });

  it("filters by sales, service only and parts, and shows all for anything else", async () => {
    const slugs = async (query: string) =>
      (await body(await call(gridLoader, "group-motors", `/locations${query}`))).cards.map((c: { slug: string }) => c.slug);
    expect(await slugs("?type=service")).toEqual(["penrith-service"]);
    expect(await slugs("?type=parts")).toEqual(["group-parts-parramatta"]);
    expect(await slugs("?type=sales")).toEqual(["parramatta"]);
    expect(await slugs("?type=%3Cscript%3E&type=1")).toHaveLength(3);
  });

  it("answers /dealerships only where the dealer's locations page is there", async () => {
    expect((await call(gridLoader, "group-motors", "/dealerships")).status).toBe(200);
    expect((await call(gridLoader, "solo-motors", "/dealerships")).status).toBe(404);
    expect((await call(gridLoader, "solo-motors", "/locations")).status).toBe(200);
  });
});

describe("the Sales/Service tabs variant", () => {
  it("puts the service department at a yard's address on the yard's card", async () => {
    const data = await body(await call(gridLoader, "tab-motors", "/locations"));
    expect(data.cards).toHaveLength(1);
    expect(data.cards[0].service.name).toBe("Tab Motors Service");
    expect(data.cards[0].service.phones.map((p: { label: string }) => p.label)).toEqual(["07 5591 4422"]);
    // Filtered to service, the department has its own card again.
    const service = await body(await call(gridLoader, "tab-motors", "/locations?type=service"));
    expect(service.cards.map((c: { name: string }) => c.name)).toEqual(["Tab Motors Service"]);
  });
});

describe("a location's page", () => {
  it("shows address, hours, the map, departments at the same address and AutoDealer JSON-LD", async () => {
    const response = await call(locationLoader, "group-motors", "/locations/parramatta", { slug: "parramatta" });
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data.card.address).toBe("120 Church Street, Parramatta NSW 2150");
    // No maps key: no made-up map, the page shows the address card.
    expect(data.map).toEqual({ kind: "address" });
    expect(data.place).toEqual({ street: "120 Church Street", locality: "Parramatta NSW 2150" });
    expect(data.departments.map((d: { slug: string }) => d.slug)).toEqual(["parramatta", "group-parts-parramatta"]);
    expect(data.special).toEqual([{ date: "2099-12-25", text: "Christmas Day, 25 Dec: Closed" }]);
    const ld = JSON.parse(data.jsonLd);
    expect(ld["@type"]).toBe("AutoDealer");
    expect(ld.openingHoursSpecification[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "08:30",
      closes: "17:30",
    });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.6", reviewCount: 1516, bestRating: 5 });
    expect(data.reviews.length).toBeGreaterThan(0);
    expect(data.reviews.length).toBeLessThanOrEqual(3);
    // 'View Our Stock' is the dealership's own results ('see more from this dealer'); a workshop has none.
    expect(data.stockHref).toBe("/search/group-motors");
    const workshop = await body(await call(locationLoader, "group-motors", "/locations/penrith-service", { slug: "penrith-service" }));
    expect(workshop.stockHref).toBeNull();
  });

  it("shows the dealer's own wording of its hours, holiday hours given as hours.begin/end for location.id, and directions to its Google place", async () => {
    const data = await body(
      await call(locationLoader, "solo-motors", "/locations/test-motors-sydney-l1", { slug: "test-motors-sydney-l1" }),
    );
    expect(data.special).toEqual([
      { date: "2099-12-24", text: "Christmas Eve, 24 Dec: 9:00 am - 1:00 pm" },
      { date: "2099-12-25", text: "Christmas Day, 25 Dec: Closed" },
    ]);
    expect(data.card.hours).toEqual([
      { days: "Monday - Friday", hours: "8.30am – 5.30pm" },
      { days: "Saturday", hours: "9am – 1pm (sales only)" },
      { days: "Sunday", hours: "Closed" },
    ]);
    expect(data.card.directionsUrl).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("1 Main Road, Sydney NSW 2000")}&destination_place_id=${SOLO_PLACE}`,
    );
    const ld = JSON.parse(data.jsonLd);
    expect(ld.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      validFrom: "2099-12-24",
      validThrough: "2099-12-24",
      opens: "09:00",
      closes: "13:00",
    });
  });

  it("answers at /contact-us/{slug}, /our-location/{slug} and /contact-us/{location-name-slug}", async () => {
    for (const [pathname, slug] of [
      ["/contact-us/parramatta", "parramatta"],
      ["/our-location/parramatta", "parramatta"],
      ["/contact-us/group-motors-parramatta", "group-motors-parramatta"],
    ]) {
      const response = await call(locationLoader, "group-motors", pathname, { slug });
      expect(response.status, pathname).toBe(200);
      expect((await body(response)).card.slug).toBe("parramatta");
    }
  });

  it("switches department without JavaScript by redirecting to the chosen one at the same address", async () => {
    const response = await call(locationLoader, "group-motors", "/our-location/parramatta?department=group-parts-parramatta", {
      slug: "parramatta",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/our-location/group-parts-parramatta");
    // A department elsewhere, or nonsense, is ignored.
    expect(
      (await call(locationLoader, "group-motors", "/locations/parramatta?department=penrith-service", { slug: "parramatta" })).status,
    ).toBe(200);
  });

  it("is a 404 for an unknown, hidden or malformed slug", async () => {
    for (const slug of ["nowhere", "hidden-yard", "PARRAMATTA", "../etc/passwd", "a".repeat(300), ""]) {
      expect((await call(locationLoader, "group-motors", `/locations/${encodeURIComponent(slug)}`, { slug })).status, slug).toBe(404);
    }
  });
});

describe("the dealer locator", () => {
  it("lists the nearest locations to a postcode with their distance", async () => {
    const data = await body(await call(locatorLoader, "group-motors", "/dealer-locator?postcode=2750"));
    expect(data.error).toBeNull();
    expect(data.results.map((r: { card: { slug: string } }) => r.card.slug)).toEqual([
      "penrith-service",
      "parramatta",
      "group-parts-parramatta",
    ]);
    expect(data.results[0].distance).toMatch(/^\d+\.\d km away$/);
  });

  it("says 'Invalid postcode. Please enter a 4-digit number.' for a malformed one and 'Invalid postcode' for an unknown one", async () => {
    for (const postcode of ["", "215", "21500", "abcd", "%00", "2150%27--"]) {
      const response = await call(locatorLoader, "group-motors", `/dealer-locator?postcode=${postcode}`);
      expect(response.status, postcode).toBe(200);
      expect((await body(response)).error, postcode).toBe(POSTCODE_FORMAT_MESSAGE);
    }
    const unknown = await body(await call(locatorLoader, "group-motors", "/dealer-locator?postcode=0000"));
    expect(unknown.error).toBe(UNKNOWN_POSTCODE_MESSAGE);
    expect(unknown.results).toEqual([]);
    const first = await body(await call(locatorLoader, "group-motors", "/dealer-locator"));
    expect([first.error, first.results]).toEqual([null, []]);
  });
});

describe("the reviews page", () => {
  it("lists reviews above the minimum with the dealer's summary, its full quantity (12) at a time, by location too", async () => {
    const data = await body(await call(reviewsLoader, "group-motors", "/reviews"));
    expect(data.summary).toEqual({ average_rating: "4.6", count: 1516 });
    expect(data.reviews.length).toBe(12);
    // 'Show more reviews' adds as many again, landing on the first it adds.
    expect(data.moreHref).toBe("/reviews?page=2#review-13");
    const more = await body(await call(reviewsLoader, "group-motors", "/reviews?page=2"));
    expect(more.reviews.length).toBeGreaterThan(12);
    expect((await call(reviewsLoader, "group-motors", "/reviews?page=0")).status).toBe(404);
    expect(data.reviews.some((r: { text: string | null }) => (r.text ?? "").includes("Translated"))).toBe(false);
    expect(JSON.parse(data.jsonLd).aggregateRating.ratingValue).toBe("4.6");
    const one = await body(await call(reviewsLoader, "group-motors", "/reviews?location=parramatta"));
    expect(one.subject).toBe("Group Motors Parramatta");
    expect((await call(reviewsLoader, "group-motors", "/reviews?location=nowhere")).status).toBe(404);
    expect((await call(reviewsLoader, "group-motors", "/reviews?location=")).status).toBe(200);
  });

  it("shows none where the dealer hides reviews", async () => {
    const data = await body(await call(reviewsLoader, "solo-motors", "/reviews"));
    expect([data.summary, data.reviews, data.jsonLd]).toEqual([null, [], null]);
  });
});
