import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { alertCar, decideChanges } from "./detect";

const car = (id: string, overrides: Parameters<typeof testVehicle>[0] = {}) => testVehicle({ id, slug: `car-${id}`, ...overrides });
const state = (price: number, status = "in_stock") => ({ price, status });

describe("what a stock change means for alerts", () => {
  it("a car never seen is to be stored (an arrival when available); one seen is recorded as looked at", () => {
    const decision = decideChanges([car("a", { price: 30000 }), car("b", { price: 20000 })], new Map([["b", state(20000)]]));
    expect(decision.unseen).toEqual([{ car_id: "a", price: 30000, status: "in_stock" }]);
    expect(decision.seen).toEqual([{ car_id: "b", price: 20000, status: "in_stock" }]);
    expect(decision.priceDrops).toEqual([]);
    expect(decision.sold).toEqual([]);
  });

  it("a lower shown price on a car for sale is a drop, from the price last seen to the new one", () => {
    const drop = decideChanges([car("a", { price: 28000 })], new Map([["a", state(30000)]]));
    expect(drop.priceDrops.map((d) => [d.vehicle.id, d.oldPrice, d.newPrice])).toEqual([["a", 30000, 28000]]);
    // The offer price is the price the site shows.
    const offer = decideChanges([car("a", { price: 30000, offer_price: 27500 })], new Map([["a", state(30000)]]));
    expect(offer.priceDrops.map((d) => d.newPrice)).toEqual([27500]);
    // A rise, 'Enquire for price' (0) and a sold car's lower price are no drop.
    expect(decideChanges([car("a", { price: 31000 })], new Map([["a", state(30000)]])).priceDrops).toEqual([]);
    expect(decideChanges([car("a", { price: 0 })], new Map([["a", state(30000)]])).priceDrops).toEqual([]);
    expect(decideChanges([car("a", { price: 20000, status: "sold" })], new Map([["a", state(30000)]])).priceDrops).toEqual([]);
  });

  it("a car for sale before and sold now is a sale; sold again, or sold when first seen, is not", () => {
    const soldNow = car("a", { status: "sold" });
    expect(decideChanges([soldNow], new Map([["a", state(54990)]])).sold).toEqual([soldNow]);
    expect(decideChanges([soldNow], new Map([["a", state(54990, "coming_soon")]])).sold).toEqual([soldNow]);
    expect(decideChanges([soldNow], new Map([["a", state(54990, "sold")]])).sold).toEqual([]);
    expect(decideChanges([soldNow], new Map()).sold).toEqual([]);
  });
});

describe("a car as an alert names it", () => {
  it("its title, the price the site shows, its page and its card photo", () => {
    const named = alertCar(
      car("c1", {
        slug: "2022-toyota-hilux-sr5-c1",
        price: 54990,
        offer_price: 52990,
        photos_count: 3,
        primary_image_url: "https://img.example/c1.jpg",
      }),
    );
    expect(named).toEqual({
      id: "c1",
      name: "2022 Toyota HiLux SR5 GUN126R",
      price: 52990,
      path: "/cars/2022-toyota-hilux-sr5-c1",
      photo: "https://img.example/c1.jpg",
    });
    expect(alertCar(car("c2", { photos_count: 0, images: [], primary_image_url: "" })).photo).toBeUndefined();
  });
});
