import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { compareRows, MISSING, parseCompareIds } from "./compareCars";

describe("comparison rows", () => {
  const ute = testVehicle({ id: "a", km: 42000, simple_transmission: "Automatic", trans: "6 Speed Automatic" });
  const hatch = testVehicle({ id: "b", km: 12000, seats: 5, variant: { ancaprating: 5 }, trans: "6 Speed Automatic" });

  it("has a row for every fact either car has, with a dash where one lacks it", () => {
    const rows = compareRows([ute, { ...hatch, variant: {} }]);
    const ancap = rows.find((r) => r.label === "ANCAP Rating");
    expect(ancap?.values).toEqual(["5 stars", MISSING]);
    expect(rows.find((r) => r.label === "Odometer")?.values).toEqual(["42,000 km", "12,000 km"]);
  });
  it("marks rows where the cars differ", () => {
    const rows = compareRows([ute, hatch]);
    expect(rows.find((r) => r.label === "Odometer")?.differs).toBe(true);
    expect(rows.find((r) => r.label === "Transmission")?.differs).toBe(false);
  });
  it("leaves out identifiers", () => {
    expect(compareRows([ute]).map((r) => r.label)).not.toContain("Stock No.");
  });
});

describe("compare ids from the URL", () => {
  it("takes up to three distinct, well-formed ids, repeated or comma-separated", () => {
    expect(parseCompareIds(new URLSearchParams("id=a&id=b,c&id=d"))).toEqual(["a", "b", "c"]);
    expect(parseCompareIds(new URLSearchParams("id=a&id=a"))).toEqual(["a"]);
    expect(parseCompareIds(new URLSearchParams("id=<script>&id=%00&id=" + "x".repeat(81)))).toEqual([]);
    expect(parseCompareIds(new URLSearchParams(""))).toEqual([]);
  });
});
