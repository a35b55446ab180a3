import { describe, expect, it } from "vitest";
import { locationInput, testTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import type { TenantConfig } from "@server/tenants/schema";
import { vehiclePageData, vehicleSummary } from "./pageData";

/**
 * A group on its own domain with a number per car type, the spinner first, a buy-online checkout and
 * delivery around Sydney; its primary yard is in Parramatta.
 */
const summit = testTenant("summit-auto-group", {
  domains: ["summitautogroup.example.com.au"],
  paths: { checkout: "buy-online" },
  delivery: { regions: [{ name: "Sydney Metro", postcodes: [[2000, 2234]], price: 0 }] },
  phones: { new: "1300 786 601", used: "1300 786 602" },
  gallery: { defaultView: "spinner" },
  locations: [
    locationInput("summit-auto-group", "l1", { city: "Parramatta", phone: "02 9630 1100", primary: true }),
    locationInput("summit-auto-group", "l2", { city: "Penrith", phone: "02 4721 3344", location_type: "parts" }),
    locationInput("summit-auto-group", "l3", { city: "Penrith", phone: "02 4721 3300" }),
  ],
});
/** A used yard with one number for used cars only, two yards, the photo gallery first, and 'Unregistered' shown. */
const westside = testTenant("westside-used", {
  features: { showUnregistered: true },
  phones: { used: "08 9444 2200" },
  gallery: { defaultView: "gallery" },
  locations: [
    locationInput("westside-used", "w1", { city: "Osborne Park", phone: "08 9444 2200", primary: true }),
    locationInput("westside-used", "w2", { city: "Cannington", phone: "08 9356 7700" }),
  ],
});
const now = new Date("2026-11-21T02:00:00Z");

const penrith = summit.locations.find((l) => l.address.city === "Penrith" && l.location_type === "sales")!;
const parramatta = summit.locations.find((l) => l.primary)!;
const at = (l: TenantConfig["locations"][number]) => ({
  location_id: l.id,
  city: l.address.city,
  state: l.address.state,
  location: {
    id: l.id,
    name: l.name,
    slug: l.slug,
    phone: l.contact_detail.phone,
    city: l.address.city,
    state: l.address.state,
    address: `${l.address.street}, ${l.address.city}`,
  },
});

function page(tenant: TenantConfig, overrides: Parameters<typeof testVehicle>[0] = {}) {
  return vehiclePageData({
    tenant,
    vehicle: testVehicle({ ...at(parramatta), ...overrides }),
    now,
    requestUrl: "http://summit-auto-group.localhost:3000/cars/x",
    views: 3,
    priceComparison: "later",
    delivery: null,
  });
}

describe("vehicle page data", () => {
  it("calls the dealer's number for the car type, masked where the dealer masks numbers", () => {
    expect(page(summit, { car_type: "used" }).phone).toEqual({
      display: "1300 786 602",
      label: "Used car sales",
      tel: "tel:1300786602",
      masked: true,
    });
    expect(page(summit, { car_type: "new" }).phone.display).toBe("1300 786 601");
  });

  it("falls back to the location's phone when the dealer has none for the car type", () => {
    expect(page(westside, { car_type: "demo", ...at(westside.locations[1]) }).phone).toMatchObject({
      display: "08 9356 7700",
      label: "Sales",
    });
  });

  it("announces the city only when the car is away from the primary location", () => {
    expect(page(summit, at(penrith)).announcement?.city).toBe("Penrith");
    expect(page(summit, at(parramatta)).announcement).toBeNull();
  });

  it("offers reserve, finance and trade-in for an available car, and none of them once sold", () => {
    const available = page(summit, { status: "in_stock", price: 30000, nvic: "" });
    expect(available.actions.reserve).toEqual({
      href: "/cars/2022-toyota-hilux-sr5-v1/buy-online",
      label: "Reserve Car Now",
      deposit: "$200",
    });
    expect(available.actions.finance?.href).toMatch(/^\/finance\?car_id=v-1&/);
    expect(available.actions.tradeIn?.href).toBe("/cars/trade-in?car_id=v-1");
    const sold = page(summit, { status: "sold", sold_at: "2026-11-20T00:00:00Z" });
    expect(sold.actions.reserve).toBeNull();
    expect(sold.actions.finance).toBeNull();
    expect(sold.actions.tradeIn).toBeNull();
    expect(sold.car.available).toBe(false);
    expect(sold.marketIndicator).toBeNull();
  });

  it("sends Get Finance to personalised finance when the car has an NVIC", () => {
    expect(page(summit, { nvic: "0B6X22" }).actions.finance?.href).toBe("/personalised/finance?car_id=v-1");
  });

  it("opens on the tenant's default view when the car has spin frames", () => {
    const spin = { spin_images: Array.from({ length: 24 }, (_, i) => `/f/${i}.svg`) };
    expect(page(summit, spin).gallery.initialView).toBe("spinner");
    expect(page(westside, spin).gallery.initialView).toBe("gallery");
    expect(page(summit).gallery.initialView).toBe("gallery");
  });

  it("gives no fuel calculator to electric cars, and the car's consumption to others", () => {
    expect(page(summit, { simple_fuel: "Electric", fuel: "Electric" }).car.fuel).toBeNull();
    expect(page(summit).car.fuel).toEqual({ kmPerWeek: 250, consumption: 8.4, pricePerLitre: 1.7 });
  });

  it("names the canonical URL on the dealer's own domain and escapes the JSON-LD", () => {
    const data = page(summit, { dealercomments: "Great </script><script>alert(1)</script> car" });
    expect(data.canonical).toBe("https://summitautogroup.example.com.au/cars/2022-toyota-hilux-sr5-v1");
    expect(data.jsonLd).not.toContain("</script>");
  });

  it("shows 'Unregistered' for a past rego only on the dealer that says so", () => {
    expect(vehicleSummary(westside, testVehicle({ rego_expiry: "2026-01-01" }), now).regoExpiry).toBe("Unregistered");
    expect(vehicleSummary(summit, testVehicle({ rego_expiry: "2026-01-01" }), now).regoExpiry).toBeNull();
  });

  it("offers delivery only where the dealer has delivery regions", () => {
    expect(page(summit).delivery.offered).toBe(true);
    expect(page({ ...summit, delivery: { regions: [] } }).delivery.offered).toBe(false);
  });
});

describe("vehicle page: Save to the watchlist", () => {
  it("points the toast's 'View List' at the dealer's garage path, and offers no Save without a garage", () => {
    expect(page(summit).watchlistPath).toBe("/my-garage");
    const elsewhere = testTenant("harbour-gwm", { paths: { watchlist: "/mymotorama" } });
    expect(page(elsewhere).watchlistPath).toBe("/mymotorama");
    const noGarage = testTenant("harbour-gwm", { features: { garage: false } });
    expect(page(noGarage).watchlistPath).toBeNull();
  });
});
