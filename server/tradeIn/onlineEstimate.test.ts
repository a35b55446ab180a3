import { describe, expect, it } from "vitest";
import { noOnlineEstimateReason, noOnlineEstimateText } from "./onlineEstimate";

const now = new Date("2026-11-22T10:00:00+11:00");

describe("the 7-year / 100,000 km rule for online trade-in estimates", () => {
  it("gives a figure for a car up to 7 years old with up to 100,000 km", () => {
    expect(noOnlineEstimateReason({ year: 2026, km: 0 }, now)).toBeNull();
    expect(noOnlineEstimateReason({ year: 2019, km: 100_000 }, now)).toBeNull();
  });

  it("gives none for a car over 7 years old, whatever its kilometres", () => {
    expect(noOnlineEstimateReason({ year: 2018, km: 20_000 }, now)).toBe("over-age");
    expect(noOnlineEstimateReason({ year: 2005, km: 400_000 }, now)).toBe("over-age");
  });

  it("gives none for a car over 100,000 km, however new", () => {
    expect(noOnlineEstimateReason({ year: 2024, km: 100_001 }, now)).toBe("over-km");
    expect(noOnlineEstimateReason({ year: 2019, km: 250_000 }, now)).toBe("over-km");
  });

  it("counts age in calendar years: a 2019 car is 7 in 2026 and over 7 from New Year's Day 2027", () => {
    expect(noOnlineEstimateReason({ year: 2019, km: 50_000 }, new Date(2026, 11, 31))).toBeNull();
    expect(noOnlineEstimateReason({ year: 2019, km: 50_000 }, new Date(2027, 0, 1))).toBe("over-age");
  });

  it("tells the shopper our team will call, and why", () => {
    expect(noOnlineEstimateText("over-age")).toBe(
      "We don't give online estimates for cars over 7 years old, so our team will call you to arrange a price.",
    );
    expect(noOnlineEstimateText("over-km")).toContain("over 100,000 km");
    for (const reason of ["over-age", "over-km", "no-data", "unavailable"] as const) {
      expect(noOnlineEstimateText(reason)).toContain("our team will call you");
    }
  });
});
