import { describe, expect, it } from "vitest";
import { warrantyTiles } from "./warrantyTiles";

describe("warrantyTiles", () => {
  it("shows nothing for a brand that configures no warranty", () => {
    expect(warrantyTiles("Ford", undefined)).toEqual([]);
  });
  it("calls 3 years the standard warranty", () => {
    expect(warrantyTiles("Isuzu", { newCarYears: 3, newCarKm: 200000 })).toEqual([
      { years: 3, title: "3-Year Standard Warranty", text: "Every new Isuzu is covered for 3 years or 200,000 km, whichever comes first." },
    ]);
  });
  it("names a 5 or 7 year new car warranty, unlimited kilometres unless limited", () => {
    expect(warrantyTiles("Kia", { newCarYears: 7 })[0]).toEqual({
      years: 7,
      title: "7-Year New Car Warranty",
      text: "Every new Kia is covered for 7 years with unlimited kilometres.",
    });
    expect(warrantyTiles("Hyundai", { newCarYears: 5 })[0].title).toBe("5-Year New Car Warranty");
  });
  it("adds the mechanical protection plan, 3 or 5 years, with its kilometre limit", () => {
    const tiles = warrantyTiles("Mitsubishi", { newCarYears: 5, protectionYears: 5, protectionKm: 175000 });
    expect(tiles.map((t) => t.title)).toEqual(["5-Year New Car Warranty", "5-Year Mechanical Protection"]);
    expect(tiles[1].text).toBe("Engine, transmission and driveline cover for 5 years or 175,000 km, whichever comes first.");
    expect(warrantyTiles("GWM", { newCarYears: 7, protectionYears: 3 })[1].title).toBe("3-Year Mechanical Protection");
  });
});
