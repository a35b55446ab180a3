import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { canFavourite, canFinance, canReserve, isTestDriveOnly, qualifiesForOnlineEstimate } from "./eligibility";

const car = (o: Parameters<typeof testVehicle>[0]) =>
  testVehicle({ status: "in_stock", reserved: false, price: 30000, offer_price: 0, tag: "", photos_count: 5, ...o });

describe("eligibility", () => {
  it("finance: in stock, not reserved, above 200, dealer has it, not test-drive-only", () => {
    const on = { financeWidgets: true };
    expect(canFinance(car({}), on)).toBe(true);
    expect(canFinance(car({ status: "coming_soon" }), on)).toBe(false);
    expect(canFinance(car({ reserved: true }), on)).toBe(false);
    expect(canFinance(car({ price: 200 }), on)).toBe(false);
    expect(canFinance(car({ price: 201 }), on)).toBe(true);
    expect(canFinance(car({ tag: "Test Drive Only" }), on)).toBe(false);
    expect(canFinance(car({}), { financeWidgets: false })).toBe(false);
  });
  it("reserve: available cars with a price only", () => {
    expect(canReserve(car({}), { reserve: true })).toBe(true);
    expect(canReserve(car({ status: "sold" }), { reserve: true })).toBe(false);
    expect(canReserve(car({ price: 0 }), { reserve: true })).toBe(false);
    expect(canReserve(car({}), { reserve: false })).toBe(false);
  });
  it("test drive only tag", () => {
    expect(isTestDriveOnly(car({ tag: " test drive only " }))).toBe(true);
  });
  it("online estimates: not over 7 years or 100,000 km", () => {
    const now = new Date("2026-11-21");
    expect(qualifiesForOnlineEstimate({ year: 2019, km: 100000 }, now)).toBe(true);
    expect(qualifiesForOnlineEstimate({ year: 2018, km: 50000 }, now)).toBe(false);
    expect(qualifiesForOnlineEstimate({ year: 2022, km: 100001 }, now)).toBe(false);
  });
  it("favourites hidden when off, not saleable, no price, or no images where required", () => {
    const flags = { favourites: true, favouritesNeedImages: false };
    expect(canFavourite(car({}), flags)).toBe(true);
    expect(canFavourite(car({}), { ...flags, favourites: false })).toBe(false);
    expect(canFavourite(car({ status: "sold" }), flags)).toBe(false);
    expect(canFavourite(car({ price: 0 }), flags)).toBe(false);
    expect(canFavourite(car({ photos_count: 0 }), flags)).toBe(true);
    expect(canFavourite(car({ photos_count: 0 }), { ...flags, favouritesNeedImages: true })).toBe(false);
  });
});
