import { describe, expect, it } from "vitest";
import { monthlySalesCount } from "./salesCounter";

describe("monthly sales counter", () => {
  it("starts at 0 at midnight on the 1st in Brisbane", () => {
    // 1 December 00:00 in Brisbane is 30 November 14:00 UTC.
    expect(monthlySalesCount(new Date("2026-11-30T14:00:00Z"))).toBe(0);
  });

  it("adds one for every 450 seconds of the Brisbane day", () => {
    expect(monthlySalesCount(new Date("2026-11-30T14:07:29Z"))).toBe(0);
    expect(monthlySalesCount(new Date("2026-11-30T14:07:30Z"))).toBe(1);
    expect(monthlySalesCount(new Date("2026-11-30T15:00:00Z"))).toBe(8);
  });

  it("adds 192 for every whole day of the month gone by", () => {
    // 23 November 11:00 in Brisbane: 22 days gone and 88 spells of 450 s today.
    expect(monthlySalesCount(new Date("2026-11-23T01:00:00Z"))).toBe(22 * 192 + 88);
  });

  it("climbs without a jump at midnight and starts again with the month", () => {
    const beforeMidnight = monthlySalesCount(new Date("2026-11-23T13:59:59Z"));
    const midnight = monthlySalesCount(new Date("2026-11-23T14:00:00Z"));
    expect(midnight - beforeMidnight).toBe(1);
    expect(monthlySalesCount(new Date("2026-11-30T13:59:59Z"))).toBe(29 * 192 + 191);
  });

  it("knows no daylight saving (Brisbane keeps UTC+10 all year)", () => {
    expect(monthlySalesCount(new Date("2026-01-14T14:00:00Z"))).toBe(14 * 192);
    expect(monthlySalesCount(new Date("2026-07-14T14:00:00Z"))).toBe(14 * 192);
  });
});
