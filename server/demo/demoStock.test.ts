import { beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/domain/vehicle";
import { locationInput, testGroupTenant, testTenant } from "../../tests/support/testTenant";
import { parseMediaPath } from "../images/mediaPaths";
import type { TenantConfig } from "../tenants/schema";
import { itemTypesOfMake } from "../stock/catalogue";
import { apportion, generateDemoStock, weeklyRepayment } from "./demoStock";
import { vehicleSchema } from "../stock/vehicleSchema";

const NOW = new Date("2026-03-15T10:00:00Z");
const DAY = 86_400_000;

/*
 * The test's own three dealers, one per template (the template sets the stock size), with the settings
 * the generator reads: the car types the site shows (search.baseFilter), each sales location's makes
 * (manufacturers; none for a used yard), subscriptions and the certified pre-owned make.
 */
const GROUP = "harbour-auto-group";
const USED = "ridge-used-cars";
const BRAND = "bay-gwm-haval";
const GROUP_PRIMARY_CITY = "Parramatta";
/** A group of franchises: cars, trucks, motorcycles, caravans and a used yard, 7 sales locations among service and parts ones. */
const groupDealer = testGroupTenant(
  GROUP,
  [
    {
      id: "hg-hyu",
      slug: "harbour-hyundai",
      locations: [
        { id: "hg-l1", city: GROUP_PRIMARY_CITY, primary: true, manufacturers: ["Hyundai"] },
        { id: "hg-l2", city: GROUP_PRIMARY_CITY, location_type: "service", manufacturers: ["Hyundai"] },
      ],
    },
    {
      id: "hg-toy",
      slug: "harbour-toyota",
      locations: [
        { id: "hg-l3", city: "Penrith", manufacturers: ["Toyota"] },
        { id: "hg-l4", city: "Penrith", location_type: "parts", manufacturers: ["Toyota"] },
      ],
    },
    { id: "hg-maz", slug: "harbour-mazda", locations: [{ id: "hg-l5", city: "Liverpool", manufacturers: ["Mazda"] }] },
    {
      id: "hg-trk",
      slug: "harbour-trucks",
      locations: [
        { id: "hg-l6", city: "Wetherill Park", manufacturers: ["Isuzu", "Hino", "Fuso"] },
        { id: "hg-l7", city: "Wetherill Park", location_type: "service", manufacturers: ["Isuzu", "Hino", "Fuso"] },
      ],
    },
    {
      id: "hg-mot",
      slug: "harbour-motorcycles",
      locations: [{ id: "hg-l8", city: "Blacktown", manufacturers: ["Yamaha", "Kawasaki", "Honda"] }],
    },
    { id: "hg-rv", slug: "harbour-caravans", locations: [{ id: "hg-l9", city: "Penrith", manufacturers: ["Jayco", "Coromal"] }] },
    { id: "hg-used", slug: "harbour-used", locations: [{ id: "hg-l10", city: "Castle Hill" }] },
  ],
  { template: "group", features: { subscriptions: false } },
);
const GROUP_SALES_LOCATIONS = 7;
/** A used-car yard on two sites: used cars only, any common make, weekly subscriptions, certified Toyotas. */
const usedYard = testTenant(USED, {
  template: "standard",
  search: { baseFilter: { carTypes: ["used"] } },
  features: { subscriptions: true, certifiedPreOwnedMake: "Toyota" },
  locations: [locationInput(USED, "ru-1", { city: "Osborne Park", primary: true }), locationInput(USED, "ru-2", { city: "Cannington" })],
});
/** A GWM and Haval franchise selling new and demo cars, with a service centre. */
const brandDealer = testTenant(BRAND, {
  template: "brand",
  search: { baseFilter: { carTypes: ["new", "demo"] } },
  locations: [
    locationInput(BRAND, "bg-sales", { city: "Southport", primary: true, manufacturers: ["GWM", "Haval"] }),
    locationInput(BRAND, "bg-service", { city: "Southport", location_type: "service", manufacturers: ["GWM", "Haval"] }),
  ],
});
const tenants: TenantConfig[] = [groupDealer, usedYard, brandDealer];
const tenant = (slug: string): TenantConfig => {
  const found = tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(`tenant ${slug} is not one of this test's dealers`);
  return found;
};

let stock: Record<string, Vehicle[]>;
beforeAll(() => {
  stock = Object.fromEntries(tenants.map((t) => [t.slug, generateDemoStock(t, { now: NOW })]));
});

const each = (fn: (slug: string, vehicles: Vehicle[]) => void) => {
  for (const [slug, vehicles] of Object.entries(stock)) fn(slug, vehicles);
};
const age = (v: Vehicle) => NOW.getTime() - Date.parse(v.created_at);

describe("generateDemoStock", () => {
  it("is reproducible: the same seed and moment give the same stock, another seed different stock", () => {
    const t = tenant(BRAND);
    expect(generateDemoStock(t, { seed: 7, now: NOW })).toEqual(generateDemoStock(t, { seed: 7, now: NOW }));
    const other = generateDemoStock(t, { seed: 8, now: NOW });
    expect(other.slice(0, 30).map((v) => v.slug)).not.toEqual(
      generateDemoStock(t, { seed: 7, now: NOW })
        .slice(0, 30)
        .map((v) => v.slug),
    );
  });

  it("carries about 2,000 vehicles: 1,200 for the group, 500 for the used yard, 300 for the brand dealer", () => {
    expect(stock[GROUP]).toHaveLength(1200);
    expect(stock[USED]).toHaveLength(500);
    expect(stock[BRAND]).toHaveLength(300);
    expect(generateDemoStock(tenant(USED), { count: 37, now: NOW })).toHaveLength(37);
  });

  it("fills every field of the Vehicle type with valid values", () => {
    each((slug, vehicles) => {
      for (const v of vehicles) {
        const checked = vehicleSchema.safeParse(v);
        if (!checked.success)
          throw new Error(`${slug} ${v.id}: ${checked.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      }
    });
  });

  it("gives unique ids across sites and unique, URL-safe slugs and stock numbers within a site", () => {
    const all = Object.values(stock).flat();
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    each((slug, vehicles) => {
      expect(new Set(vehicles.map((v) => v.slug)).size).toBe(vehicles.length);
      expect(new Set(vehicles.map((v) => v.stocknum)).size).toBe(vehicles.length);
      for (const v of vehicles) {
        expect(v.id.startsWith(`${slug}-`)).toBe(true);
        expect(v.slug).toMatch(new RegExp(`^${v.year}-[a-z0-9-]+-${v.stocknum.toLowerCase()}$`));
      }
    });
  });

  it("has every status, with sold dates inside and outside the 3-day window", () => {
    each((slug, vehicles) => {
      const statuses = new Set(vehicles.map((v) => v.status));
      expect([...statuses].sort(), slug).toEqual(["coming_soon", "in_stock", "sold"]);
      const soldAges = vehicles.filter((v) => v.status === "sold").map((v) => NOW.getTime() - Date.parse(v.sold_at));
      expect(
        soldAges.some((a) => a > 0 && a < 3 * DAY),
        `${slug} recently sold`,
      ).toBe(true);
      expect(
        soldAges.some((a) => a >= 5 * DAY && a <= 30 * DAY),
        `${slug} sold long ago`,
      ).toBe(true);
      expect(soldAges.every((a) => (a > 0 && a < 3 * DAY) || (a >= 5 * DAY && a <= 30 * DAY))).toBe(true);
      expect(vehicles.filter((v) => v.status !== "sold").every((v) => v.sold_at === "")).toBe(true);
      expect(vehicles.filter((v) => v.status === "in_stock").length / vehicles.length).toBeGreaterThan(0.7);
    });
  });

  it("keeps stock within each site's car types, and has every type the site allows", () => {
    expect(new Set(stock[BRAND].map((v) => v.car_type))).toEqual(new Set(["new", "demo"]));
    expect(new Set(stock[USED].map((v) => v.car_type))).toEqual(new Set(["used"]));
    expect(new Set(stock[GROUP].map((v) => v.car_type))).toEqual(new Set(["new", "demo", "used"]));
  });

  it("draws each location's stock from the makes it sells, and a used yard's from any common make", () => {
    each((slug, vehicles) => {
      const t = tenant(slug);
      for (const v of vehicles) {
        const location = t.locations.find((l) => l.id === v.location_id)!;
        expect(location.location_type === "sales" || location.location_type === "").toBe(true);
        if (location.manufacturers.length) expect(location.manufacturers, `${v.make} at ${location.name}`).toContain(v.make);
        else expect(v.item_type).toBe("car");
        expect(v.dealership_id).toBe(location.dealership_id);
      }
    });
    const groupStock = stock[GROUP];
    expect(groupStock.filter((v) => v.dealership_slug === "harbour-motorcycles").every((v) => v.item_type === "motorcycle")).toBe(true);
    expect(groupStock.filter((v) => v.dealership_slug === "harbour-trucks").every((v) => v.item_type === "truck")).toBe(true);
    expect(groupStock.filter((v) => v.dealership_slug === "harbour-caravans").every((v) => v.item_type === "caravan")).toBe(true);
    const usedMakes = new Set(groupStock.filter((v) => v.dealership_slug === "harbour-used").map((v) => v.make));
    expect(usedMakes.size).toBeGreaterThan(8);
    for (const v of groupStock) expect(itemTypesOfMake(v.make).has(v.item_type)).toBe(true);
  });

  it("uses real model names with matching series codes", () => {
    const all = Object.values(stock).flat();
    const names = new Set(all.map((v) => `${v.make} ${v.model}`));
    for (const expected of [
      "Toyota HiLux",
      "Hyundai i30",
      "Mazda CX-5",
      "Haval Jolion",
      "GWM Ute Cannon",
      "GWM Tank 300",
      "Isuzu N Series",
      "Yamaha MT-07",
      "Jayco Journey Outback",
    ]) {
      expect(names, expected).toContain(expected);
    }
    const hilux = all.filter((v) => v.model === "HiLux" && v.year >= 2016);
    expect(hilux.length).toBeGreaterThan(0);
    expect(hilux.every((v) => v.series === "GUN126R")).toBe(true);
    expect(all.filter((v) => v.model === "CX-5" && v.year >= 2018).every((v) => v.series === "KF")).toBe(true);
  });

  it("writes plausible specifications, and caravan specifications for caravans", () => {
    const all = Object.values(stock).flat();
    for (const v of all) {
      if (v.item_type === "caravan" && v.simple_body === "caravan") {
        expect(v.caravan?.sleeps).toBeGreaterThan(0);
        expect(v.caravan?.aggregate_trailer_mass).toBeGreaterThan(v.caravan?.tare_weight ?? 0);
        expect(v.variant.cylinders).toBeNull();
        expect(v.variant.geartype).toBeNull();
        continue;
      }
      expect(v.caravan === null || v.simple_body === "motorhome").toBe(true);
      expect(v.variant.vehiclelength).toBeGreaterThan(1500);
      expect(["Automatic", "Manual"]).toContain(v.simple_transmission);
      expect(["Petrol", "Diesel", "Hybrid", "Electric", "Plug-in Hybrid"]).toContain(v.simple_fuel);
      expect(["FWD", "RWD", "AWD", "4WD"]).toContain(v.simple_drive);
      if (v.simple_fuel === "Electric") expect(v.variant.cylinders).toBeNull();
      else {
        expect(v.variant.cylinders).toBeGreaterThan(0);
        expect(v.variant.fuelconsumptioncombined).toBeGreaterThan(1);
        expect(v.engine_size_litres).toBeCloseTo((v.variant.enginesize ?? 0) / 1000, 0);
      }
    }
    const bodies = new Set(all.map((v) => v.simple_body));
    for (const body of [
      "suv",
      "sedan",
      "hatch",
      "ute",
      "wagon",
      "van",
      "coupe",
      "convertible",
      "cabChassis",
      "lightTruck",
      "peopleMover",
      "motorhome",
      "caravan",
      "motorcycle",
    ]) {
      expect(bodies, body).toContain(body);
    }
  });

  it("sets kilometres and years by condition, with used kilometres rising with age", () => {
    each((_, vehicles) => {
      for (const v of vehicles) {
        if (v.car_type === "new") expect(v.km).toBeLessThanOrEqual(30);
        if (v.car_type === "demo" && v.simple_body !== "caravan") expect(v.km >= 100 && v.km <= 9000).toBe(true);
        if (v.car_type === "used" && v.simple_body !== "caravan") expect(v.km >= 5000 && v.km <= 250000).toBe(true);
        if (v.car_type !== "used") expect([2025, 2026]).toContain(v.year);
        else expect(v.year >= 2008 && v.year <= 2025).toBe(true);
      }
    });
    const used = stock[USED];
    const mean = (list: Vehicle[]) => list.reduce((s, v) => s + v.km, 0) / list.length;
    expect(mean(used.filter((v) => v.year >= 2022))).toBeLessThan(mean(used.filter((v) => v.year <= 2016)));
    const price = (list: Vehicle[]) => list.reduce((s, v) => s + v.price, 0) / list.length;
    expect(price(used.filter((v) => v.year >= 2022 && v.price > 0))).toBeGreaterThan(
      price(used.filter((v) => v.year <= 2016 && v.price > 0)),
    );
  });

  it("has every price case: preorder, enquire for price, offer, was-price and (only where offered) subscriptions", () => {
    each((slug, vehicles) => {
      const t = tenant(slug);
      const hasNew = vehicles.some((v) => v.car_type === "new");
      if (hasNew)
        expect(
          vehicles.some((v) => v.preorder && v.price === 0 && v.status === "coming_soon" && v.car_type === "new"),
          slug,
        ).toBe(true);
      expect(vehicles.filter((v) => v.preorder).every((v) => v.price === 0)).toBe(true);
      expect(
        vehicles.some((v) => v.price === 0 && !v.preorder),
        `${slug} enquire for price`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.offer_price > 0 && v.offer_price < v.price),
        `${slug} offer`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.before_price > v.price && v.price > 0),
        `${slug} was-price`,
      ).toBe(true);
      const subscribed = vehicles.filter((v) => v.subscription_price > 0);
      if (t.features.subscriptions) {
        expect(subscribed.length, slug).toBeGreaterThan(0);
        expect(subscribed.every((v) => v.car_type === "used")).toBe(true);
      } else expect(subscribed).toHaveLength(0);
      for (const v of vehicles) if (v.price > 0) expect(v.price % 500).toBe(490);
    });
  });

  it("has every tag: electric and hybrid, reserved, certified, custom tags and new arrivals", () => {
    const all = Object.values(stock).flat();
    for (const tag of ["runout sale", "Test Drive Only", "Clearance"])
      expect(
        all.some((v) => v.tag === tag),
        tag,
      ).toBe(true);
    each((slug, vehicles) => {
      expect(
        vehicles.some((v) => v.simple_fuel === "Electric"),
        `${slug} electric`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.simple_fuel === "Hybrid"),
        `${slug} hybrid`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.reserved && v.status !== "sold"),
        `${slug} reserved`,
      ).toBe(true);
      expect(vehicles.filter((v) => v.reserved).every((v) => v.status !== "sold" && v.payment_processors.length === 0)).toBe(true);
      const fresh = vehicles.filter((v) => age(v) >= 0 && age(v) <= 8 * DAY && v.status !== "sold");
      expect(fresh.length, `${slug} new arrivals`).toBeGreaterThan(0);
      expect(vehicles.filter((v) => age(v) > 8 * DAY).length).toBeGreaterThan(vehicles.length / 2);
      expect(vehicles.every((v) => age(v) >= 0)).toBe(true);
      expect(vehicles.filter((v) => v.certified).every((v) => v.car_type === "used")).toBe(true);
      if (vehicles.some((v) => v.car_type === "used"))
        expect(
          vehicles.some((v) => v.certified),
          `${slug} certified`,
        ).toBe(true);
    });
    const usedStock = stock[USED];
    expect(usedStock.some((v) => v.certified && v.make === tenant(USED).features.certifiedPreOwnedMake && v.status !== "sold")).toBe(true);
  });

  it("has photos, spins with hotspots, videos and history reports, and links only to media the site can draw", () => {
    each((slug, vehicles) => {
      for (const v of vehicles) {
        expect(v.photos_count).toBe(v.images.length);
        expect(v.primary_image_url).toBe(v.images[0]?.url ?? "");
        expect(v.spin_images.length === 0 || v.spin_images.length === 24).toBe(true);
        for (const url of [...v.images.flatMap((i) => [i.url, i.thumb.url]), ...v.spin_images, v.spin_interior_image, v.video_url].filter(
          Boolean,
        )) {
          expect(parseMediaPath(url.replace(/^\/media\//, "")), url).not.toBeNull();
        }
        for (const spot of [...v.hotspots.exterior, ...v.hotspots.interior]) {
          expect(spot.x >= 0 && spot.x <= 100 && spot.y >= 0 && spot.y <= 100).toBe(true);
        }
      }
      expect(
        vehicles.some((v) => v.photos_count === 0),
        `${slug} no photos`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.photos_count === 1),
        `${slug} one photo`,
      ).toBe(true);
      const gallery = vehicles.filter((v) => v.photos_count > 1);
      expect(gallery.every((v) => v.photos_count >= 4 && v.photos_count <= 14)).toBe(true);
      expect(gallery.length / vehicles.length).toBeGreaterThan(0.85);
      const spins = vehicles.filter((v) => v.spin_images.length === 24).length / vehicles.length;
      expect(spins).toBeGreaterThan(0.08);
      expect(spins).toBeLessThan(0.25);
      expect(
        vehicles.some((v) => v.spin_interior_image && v.hotspots.exterior.length && v.hotspots.interior.length),
        `${slug} hotspots`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.video_url),
        `${slug} video`,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.file === `/media/reports/${v.id}.pdf`),
        `${slug} history report`,
      ).toBe(true);
      const hidden = vehicles.filter((v) => !v.show_on_dealer_website).length;
      expect(hidden).toBeGreaterThan(0);
      expect(hidden / vehicles.length).toBeLessThan(0.05);
      expect(new Set(vehicles.map((v) => v.custom_rank)).size).toBeGreaterThan(vehicles.length / 3);
    });
  });

  it("writes dealer comments (some empty, some over 400 characters) and 5-25 features", () => {
    each((slug, vehicles) => {
      expect(
        vehicles.some((v) => v.dealercomments === ""),
        slug,
      ).toBe(true);
      expect(
        vehicles.some((v) => v.dealercomments.length > 400),
        slug,
      ).toBe(true);
      for (const v of vehicles) expect(v.standardEquipment.length >= 5 && v.standardEquipment.length <= 25).toBe(true);
    });
  });

  it("registers demonstrators and used cars (some expired) but not new cars, with VINs and most NVICs", () => {
    each((slug, vehicles) => {
      for (const v of vehicles) {
        expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        if (v.car_type === "new") expect(v.rego_expiry + v.regplate).toBe("");
        else expect(v.regplate).not.toBe("");
      }
      const used = vehicles.filter((v) => v.car_type === "used");
      if (used.length) {
        expect(
          used.some((v) => Date.parse(v.rego_expiry) < NOW.getTime()),
          `${slug} expired rego`,
        ).toBe(true);
        expect(
          used.some((v) => Date.parse(v.rego_expiry) > NOW.getTime()),
          `${slug} current rego`,
        ).toBe(true);
      }
      const withNvic = vehicles.filter((v) => v.nvic).length;
      expect(withNvic).toBeLessThan(vehicles.length);
      expect(withNvic / vehicles.length).toBeGreaterThan(0.75);
    });
  });

  it("places each car at a sales location, some of a group's away from the primary location's city", () => {
    each((slug, vehicles) => {
      for (const v of vehicles) {
        expect(v.location?.id).toBe(v.location_id);
        expect(v.location?.city).toBe(v.city);
        expect(v.location?.phone).toMatch(/^[0-9+ ()]{8,20}$/);
      }
    });
    const away = stock[GROUP].filter((v) => v.city !== GROUP_PRIMARY_CITY);
    expect(away.length).toBeGreaterThan(100);
    expect(new Set(stock[GROUP].map((v) => v.location_id)).size).toBe(GROUP_SALES_LOCATIONS);
  });

  it("adds finance quotes, lenders and market prices (some well under market), and a payment processor on reservable cars", () => {
    each((slug, vehicles) => {
      const news = vehicles.filter((v) => v.car_type === "new");
      if (news.length)
        expect(
          news.some((v) => v.youxQuote && v.youxQuote.weeklyRepaymentAmount > 0 && v.youxQuote.comparisonRate > v.youxQuote.advertisedRate),
          slug,
        ).toBe(true);
      expect(vehicles.filter((v) => v.youxQuote).every((v) => v.car_type === "new")).toBe(true);
      expect(
        vehicles.some((v) => v.finance_lenders && Object.keys(v.finance_lenders).length > 0),
        slug,
      ).toBe(true);
      const used = vehicles.filter((v) => v.car_type === "used");
      if (used.length) {
        const graded = used.filter((v) => v.autograb_data);
        expect(graded.length / used.length).toBeGreaterThan(0.5);
        expect(
          graded.some(
            (v) =>
              (v.autograb_data!.state_average_market_price ?? v.autograb_data!.average_market_price ?? 0) - (v.offer_price || v.price) >=
              500,
          ),
          slug,
        ).toBe(true);
      }
      for (const v of vehicles) {
        const reservable = v.status !== "sold" && !v.reserved && (v.offer_price || v.price) > 10 && v.tag !== "Test Drive Only";
        expect(v.payment_processors).toEqual(reservable ? ["stripe"] : []);
      }
    });
  });
});

describe("apportion", () => {
  it("splits a total by weight into whole numbers that add up", () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(1200, [1, 1, 1, 0.35, 0.5, 0.35, 1.2]).reduce((a, b) => a + b, 0)).toBe(1200);
    expect(apportion(5, [0, 0])).toEqual([0, 0]);
  });
});

describe("weeklyRepayment", () => {
  it("amortises a loan weekly", () => {
    // $27,000 over 5 years at 9% a year: about $129 a week.
    expect(weeklyRepayment(27000, 9, 5)).toBeCloseTo(129.0, 0);
    expect(weeklyRepayment(5200, 0, 1)).toBe(100);
  });
});
