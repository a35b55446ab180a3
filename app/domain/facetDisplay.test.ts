import { describe, expect, it } from "vitest";
import { bodyTiles, facetOptions, facetValueLabel, makeTiles, modelGroups, shownCount } from "./facetDisplay";

const items = (...pairs: [string, number][]) => pairs.map(([value, count]) => ({ value, label: value, count }));

describe("facet counts", () => {
  it("replaces counts above 1999 with the summed count, else the stock count", () => {
    expect(shownCount(1999, 5000)).toBe(1999);
    expect(shownCount(2000, 2400)).toBe(2400);
    expect(shownCount(2500, 3000, 2450)).toBe(2450);
    expect(shownCount(2500, 2100, 2450)).toBe(2100);
  });
});

describe("make tiles", () => {
  const makes = items(
    ["Toyota", 50],
    ["Ford", 40],
    ["Mazda", 30],
    ["Kia", 20],
    ["Hyundai", 15],
    ["Nissan", 10],
    ["Honda", 9],
    ["Audi", 5],
    ["BMW", 2],
  );

  it("shows 7 makes, the rest behind 'Show all makes', with logos", () => {
    const tiles = makeTiles(makes, [], 7, 181);
    expect(tiles.shown.map((t) => t.value)).toEqual(["Toyota", "Ford", "Mazda", "Kia", "Hyundai", "Nissan", "Honda"]);
    expect(tiles.more.map((t) => t.value)).toEqual(["Audi", "BMW"]);
    expect(tiles.shown[0].image).toBe("/logos/makes/toyota.svg");
  });

  it("uses the tenant's number and keeps chosen makes in front", () => {
    const tiles = makeTiles(makes, ["BMW", "Tesla"], 3, 181);
    expect(tiles.shown.map((t) => [t.value, t.selected, t.count])).toEqual([
      ["BMW", true, 2],
      ["Tesla", true, 0],
      ["Toyota", false, 50],
    ]);
    expect(tiles.more).toHaveLength(7);
  });
});

describe("model groups", () => {
  it("lists at most 30 models of each chosen make", () => {
    const models = items(...Array.from({ length: 40 }, (_, i): [string, number] => [`M${i}`, 40 - i]), ["Ranger", 3]);
    const pairs = [...Array.from({ length: 40 }, (_, i) => `Toyota|M${i}`), "Ford|Ranger"];
    const groups = modelGroups(models, ["Toyota", "Ford"], ["M39"], pairs, 30, 100);
    expect(groups.map((g) => [g.make, g.models.length])).toEqual([
      ["Toyota", 30],
      ["Ford", 1],
    ]);
    expect(groups[0].models[0]).toMatchObject({ value: "M39", selected: true });
  });
});

describe("body tiles", () => {
  const bodies = items(["Sedan", 5], ["SUV", 9], ["Ute", 9], ["Hatch", 5], ["Van", 1], ["Wagon", 3]);

  it("limits to 4, by count descending then name descending", () => {
    expect(bodyTiles(bodies, [], false, 32).map((b) => b.value)).toEqual(["Ute", "SUV", "Sedan", "Hatch"]);
  });

  it("allows 20 with custom bodies, keeps a chosen body beyond the limit, and has images", () => {
    expect(bodyTiles(bodies, [], true, 32)).toHaveLength(6);
    const tiles = bodyTiles(bodies, ["Van"], false, 32);
    expect(tiles.map((b) => b.value)).toEqual(["Ute", "SUV", "Sedan", "Hatch", "Van"]);
    expect(tiles[1]).toMatchObject({ label: "SUV", image: "/body-types/suv.svg" });
  });
});

describe("other facets", () => {
  it("hides 'false' of the certified facet under certified-only", () => {
    const certified = items(["true", 10], ["false", 30]);
    expect(facetOptions("certified", certified, [], 40).map((o) => o.label)).toEqual(["Certified", "Not certified"]);
    expect(facetOptions("certified", certified, [], 40, { certifiedOnly: true }).map((o) => o.value)).toEqual(["true"]);
  });

  it("orders price buckets by price and labels them as money", () => {
    const options = facetOptions("price_range", items(["100000+", 9], ["10000-20000", 30], ["0-10000", 2]), [], 41);
    expect(options.map((o) => o.label)).toEqual(["$0 to $10,000", "$10,000 to $20,000", "$100,000+"]);
  });

  it("labels values in the shopper's words", () => {
    expect(facetValueLabel("car_type", "demo")).toBe("Demo");
    expect(facetValueLabel("seats", "7")).toBe("7 seats");
    expect(facetValueLabel("weekly_price_range", "100-200")).toBe("$100 to $200 / week");
    expect(facetValueLabel("body", "cabChassis")).toBe("Cab Chassis");
    // A typed value that names a property every object has is shown as typed, never as that property.
    for (const attribute of ["car_type", "status", "item_type", "body"] as const) {
      for (const value of ["__proto__", "constructor", "toString"]) expect(facetValueLabel(attribute, value)).toEqual(expect.any(String));
    }
    expect(facetValueLabel("status", "__proto__")).toBe("__proto__");
  });
});
