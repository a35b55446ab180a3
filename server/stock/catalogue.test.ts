import { describe, expect, it } from "vitest";
import data from "./catalogue.json" with { type: "json" };
import { CATALOGUE, INTERIOR_TRIMS, paintsFor, parseCatalogue, seriesFor, transmissionOf } from "./catalogue";

describe("the model catalogue (catalogue.json)", () => {
  it("reads as models with their badges' powertrains and named generations", () => {
    const hilux = CATALOGUE.find((m) => m.make === "Toyota" && m.model === "HiLux")!;
    expect(hilux.badges.map((b) => b.name)).toEqual(["Workmate", "SR", "SR5", "Rogue"]);
    expect(hilux.badges[2].pt).toMatchObject({ fuel: "Diesel", cylinders: 4, cc: 2755, drive: "4WD", torque: 500 });
    expect(transmissionOf(hilux.badges[2].pt)).toBe("Automatic");
    expect(seriesFor(hilux, 2012)).toBe("KUN26R");
    expect(seriesFor(hilux, 2022)).toBe("GUN126R");
    expect(CATALOGUE.some((m) => m.item === "motorcycle")).toBe(true);
    expect(CATALOGUE.some((m) => m.item === "caravan" && m.caravan)).toBe(true);
  });

  it("has paints per make, the common ones for an unknown make, and trims by grade", () => {
    expect(paintsFor("Toyota")[0]).toEqual({ name: "Glacier White", hex: "#f2f3f1" });
    expect(paintsFor("Unknown Motors").map((p) => p.name)).toContain("Arctic White");
    expect(INTERIOR_TRIMS.car).toHaveLength(4);
  });

  it("refuses data with a badge naming no powertrain, or a colour that is not #rrggbb, naming where", () => {
    const copy = JSON.parse(JSON.stringify(data));
    copy.models[0].badges[0].pt = "no-such-engine";
    expect(() => parseCatalogue(copy)).toThrow('server/stock/catalogue.json: models.0.badges.0.pt: no powertrain "no-such-engine"');
    const badColour = JSON.parse(JSON.stringify(data));
    badColour.genericPaint["Arctic White"] = "white";
    expect(() => parseCatalogue(badColour)).toThrow(/genericPaint\.Arctic White/);
  });
});
