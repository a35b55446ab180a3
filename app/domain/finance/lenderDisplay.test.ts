import { describe, expect, it } from "vitest";
import { testVehicle } from "../../../tests/support/testVehicle";
import type { FinanceLender } from "../vehicle";
import {
  disclaimerPreview,
  displayableLenders,
  financeDisclaimer,
  shownLender,
  showsLender,
  type LenderDisplayConfig,
} from "./lenderDisplay";

const now = new Date("2026-11-22T10:00:00Z");
const lender = (over: Partial<FinanceLender> = {}): FinanceLender => ({
  interestRate: 8.99,
  comparisonRate: 9.49,
  paymentWeek: 150,
  disclaimer: "Indicative repayment over 5 years, subject to credit approval.",
  ...over,
});
const config = (over: Partial<LenderDisplayConfig> = {}): LenderDisplayConfig => ({
  excludedManufacturers: [],
  excludedDealerships: [],
  lenders: { "Recent Car Finance": { displayRule: "recentCar" } },
  ...over,
});
const car = (over: Parameters<typeof testVehicle>[0] = {}) =>
  testVehicle({ year: 2020, make: "Toyota", dealership_slug: "summit-north", ...over });

describe("showing a lender's figures", () => {
  it("needs an interest rate and a comparison rate, whatever the lender", () => {
    expect(showsLender(car(), 30000, "Any Bank", lender(), config(), now)).toBe(true);
    expect(showsLender(car(), 30000, "Any Bank", lender({ interestRate: null }), config(), now)).toBe(false);
    expect(showsLender(car(), 30000, "Any Bank", lender({ comparisonRate: null }), config(), now)).toBe(false);
    expect(showsLender(car(), 30000, "Recent Car Finance", lender({ comparisonRate: null }), config(), now)).toBe(false);
  });

  it("is never done for the dealer's excluded manufacturers or dealerships (by slug or name, any case)", () => {
    expect(showsLender(car({ make: "Haval" }), 30000, "Any Bank", lender(), config({ excludedManufacturers: ["HAVAL"] }), now)).toBe(false);
    expect(showsLender(car(), 30000, "Any Bank", lender(), config({ excludedDealerships: ["summit-north"] }), now)).toBe(false);
    expect(
      showsLender(
        car({ dealership_name: "Summit North" }),
        30000,
        "Any Bank",
        lender(),
        config({ excludedDealerships: ["summit north"] }),
        now,
      ),
    ).toBe(false);
    expect(showsLender(car(), 30000, "Recent Car Finance", lender(), config({ excludedManufacturers: ["Toyota"] }), now)).toBe(false);
  });

  it("other lenders: price over 500, a saleable car and a weekly payment", () => {
    expect(showsLender(car(), 500, "Any Bank", lender(), config(), now)).toBe(false);
    expect(showsLender(car(), 501, "Any Bank", lender(), config(), now)).toBe(true);
    expect(showsLender(car({ status: "sold" }), 30000, "Any Bank", lender(), config(), now)).toBe(false);
    expect(showsLender(car({ status: "coming_soon" }), 30000, "Any Bank", lender(), config(), now)).toBe(true);
    expect(showsLender(car(), 30000, "Any Bank", lender({ paymentWeek: null }), config(), now)).toBe(false);
    expect(showsLender(car(), 30000, "Any Bank", lender({ paymentWeek: 0 }), config(), now)).toBe(false);
    // An old car is fine for them.
    expect(showsLender(car({ year: 1998 }), 30000, "Any Bank", lender(), config(), now)).toBe(true);
  });

  it("the lender the dealer names as 'recentCar': built within the last 12 years, price over 500 and a comparison rate", () => {
    const recent = "Recent Car Finance";
    expect(showsLender(car({ year: 2014 }), 30000, recent, lender(), config(), now)).toBe(true);
    expect(showsLender(car({ year: 2013 }), 30000, recent, lender(), config(), now)).toBe(false);
    expect(showsLender(car({ year: 2020 }), 500, recent, lender(), config(), now)).toBe(false);
    // It needs neither a weekly payment nor a saleable car.
    expect(showsLender(car(), 30000, recent, lender({ paymentWeek: null }), config(), now)).toBe(true);
    expect(showsLender(car({ status: "sold" }), 30000, recent, lender(), config(), now)).toBe(true);
  });

  it("takes the dealer's own age limit for a 'recentCar' lender", () => {
    const strict = config({ lenders: { "Recent Car Finance": { displayRule: "recentCar", maxVehicleAgeYears: 5 } } });
    expect(showsLender(car({ year: 2021 }), 30000, "Recent Car Finance", lender(), strict, now)).toBe(true);
    expect(showsLender(car({ year: 2020 }), 30000, "Recent Car Finance", lender(), strict, now)).toBe(false);
  });
});

describe("the lender the page shows", () => {
  it("is the lowest weekly payment among the lenders that may be shown", () => {
    const v = car({
      finance_lenders: {
        "Cheap But Unrated": lender({ paymentWeek: 90, comparisonRate: null }),
        "Any Bank": lender({ paymentWeek: 160 }),
        "Other Bank": lender({ paymentWeek: 140 }),
      },
    });
    expect(displayableLenders(v, 30000, config(), now).map((l) => l.name)).toEqual(["Any Bank", "Other Bank"]);
    expect(shownLender(v, 30000, config(), now)?.name).toBe("Other Bank");
  });

  it("settles a tie on the weekly payment by the lower rate, then the name, whatever order the lenders come in", () => {
    const tied = {
      "Macquarie Leasing": lender({ paymentWeek: 117, interestRate: 7.74 }),
      "Angle Auto Finance": lender({ paymentWeek: 117, interestRate: 7.46 }),
    };
    expect(shownLender(car({ finance_lenders: tied }), 30000, config(), now)?.name).toBe("Angle Auto Finance");
    const reversed = Object.fromEntries(Object.entries(tied).reverse());
    expect(shownLender(car({ finance_lenders: reversed }), 30000, config(), now)?.name).toBe("Angle Auto Finance");
    const same = { "B Bank": lender({ paymentWeek: 117 }), "A Bank": lender({ paymentWeek: 117 }) };
    expect(shownLender(car({ finance_lenders: same }), 30000, config(), now)?.name).toBe("A Bank");
  });

  it("is a 'recentCar' lender without a weekly payment when it is the only one", () => {
    const v = car({ finance_lenders: { "Recent Car Finance": lender({ paymentWeek: null }) } });
    expect(shownLender(v, 30000, config(), now)?.name).toBe("Recent Car Finance");
  });

  it("is none without lender data", () => {
    expect(shownLender(car({ finance_lenders: null }), 30000, config(), now)).toBeNull();
    expect(shownLender(car({ finance_lenders: {} }), 30000, config(), now)).toBeNull();
  });
});

describe("the finance disclaimer", () => {
  const normal = "Repayments shown are an estimate only.";

  it("is the lender's own text when its figures are shown, else the dealer's normal text", () => {
    expect(financeDisclaimer(lender(), normal)).toEqual({
      text: "Indicative repayment over 5 years, subject to credit approval.",
      provider: true,
    });
    expect(financeDisclaimer(lender({ disclaimer: "  " }), normal)).toEqual({ text: normal, provider: false });
    expect(financeDisclaimer(null, normal)).toEqual({ text: normal, provider: false });
  });

  it("shows its first 197 characters collapsed, or all of a shorter one", () => {
    const long = "A".repeat(150) + " " + "B".repeat(100);
    const { preview, truncated } = disclaimerPreview(long);
    expect(truncated).toBe(true);
    expect(preview).toBe(`${long.slice(0, 197)}...`);
    expect(disclaimerPreview("x".repeat(197))).toEqual({ preview: "x".repeat(197), truncated: false });
    expect(disclaimerPreview("x".repeat(198)).truncated).toBe(true);
  });
});
