import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, distanceLabel, haversineKm, nearestTo } from "./distance";

const sydney = { lat: -33.8688, long: 151.2093 };
const melbourne = { lat: -37.8136, long: 144.9631 };
const perth = { lat: -31.9523, long: 115.8613 };

describe("haversineKm", () => {
  it("uses the spec's Earth radius of 6371 km", () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // A quarter of a meridian, pole to equator, is a quarter of the circumference at that radius.
    expect(haversineKm({ lat: 0, long: 0 }, { lat: 90, long: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });

  it("measures Sydney to Melbourne (about 714 km) and Sydney to Perth (about 3,290 km)", () => {
    expect(haversineKm(sydney, melbourne)).toBeCloseTo(713.4, 0);
    expect(haversineKm(sydney, perth)).toBeGreaterThan(3280);
    expect(haversineKm(sydney, perth)).toBeLessThan(3300);
  });

  it("is zero for the same point and the same either way", () => {
    expect(haversineKm(sydney, sydney)).toBe(0);
    expect(haversineKm(sydney, melbourne)).toBeCloseTo(haversineKm(melbourne, sydney), 9);
  });
});

describe("nearestTo", () => {
  const places = [
    { id: "perth", address: perth },
    { id: "melbourne", address: melbourne },
    { id: "sydney", address: sydney },
  ];
  it("orders places nearest first with their distance, limited", () => {
    const nearest = nearestTo(places, { lat: -33.9, long: 151.1 }, 2);
    expect(nearest.map((n) => n.place.id)).toEqual(["sydney", "melbourne"]);
    expect(nearest[0].km).toBeLessThan(15);
  });
  it("keeps the configured order for places at the same spot", () => {
    const twins = [
      { id: "a", address: sydney },
      { id: "b", address: sydney },
    ];
    expect(nearestTo(twins, melbourne).map((n) => n.place.id)).toEqual(["a", "b"]);
  });
});

describe("distanceLabel", () => {
  it("shows one decimal under 100 km and whole kilometres with separators above", () => {
    expect(distanceLabel(3.14159)).toBe("3.1 km");
    expect(distanceLabel(3290.4)).toBe("3,290 km");
  });
});
