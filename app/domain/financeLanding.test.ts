import { describe, expect, it } from "vitest";
import { isFeaturable, mayHaveUsed, ownStock, pickFeatured, usedStock } from "./financeLanding";

const car = (over: Partial<{ id: string; status: string; car_type: string; photos_count: number }> = {}) => ({
  id: "c",
  status: "in_stock",
  car_type: "used",
  photos_count: 5,
  ...over,
});

describe("the finance landing's featured stock", () => {
  it("features in-stock cars of the wanted type with more than one photo", () => {
    expect(isFeaturable(car(), ["used"])).toBe(true);
    expect(isFeaturable(car({ photos_count: 1 }), ["used"])).toBe(false);
    expect(isFeaturable(car({ status: "coming_soon" }), ["used"])).toBe(false);
    expect(isFeaturable(car({ car_type: "new" }), ["used"])).toBe(false);
    expect(isFeaturable(car({ car_type: "new" }), [])).toBe(true);
    expect(isFeaturable({ ...car({ photos_count: 0 }), images: [1, 2] }, ["used"])).toBe(true);
  });

  it("takes the first six that qualify, skipping the rest", () => {
    const hits = [car({ id: "a", photos_count: 1 }), ...Array.from({ length: 8 }, (_, i) => car({ id: `u${i}` }))];
    expect(pickFeatured(hits, ["used"]).map((c) => c.id)).toEqual(["u0", "u1", "u2", "u3", "u4", "u5"]);
  });

  it("links a dealer with used cars to them, and a new-and-demo dealer to its own stock", () => {
    expect(usedStock("/used-car")).toEqual({
      carTypes: ["used"],
      heading: "Featured used cars",
      linkLabel: "View All Used Cars",
      href: "/used-car/used-cars",
    });
    expect(ownStock("/search", ["new", "demo"])).toMatchObject({
      carTypes: ["new", "demo"],
      href: "/search/new-and-demo-cars",
      linkLabel: "View All Our Cars",
    });
    expect(ownStock("/search", []).href).toBe("/search");
    expect(mayHaveUsed(["new", "demo"])).toBe(false);
    expect(mayHaveUsed([])).toBe(true);
    expect(mayHaveUsed(["used"])).toBe(true);
  });
});
