import { describe, expect, it } from "vitest";
import { searchVehicle } from "../../tests/fixtures/searchVehicles";
import {
  attributeValues,
  makeModelOf,
  priceRangeOf,
  searchableText,
  searchWords,
  toSearchDocument,
  weeklyPriceOf,
  weeklyPriceRangeOf,
} from "./document";

describe("search document", () => {
  it("buckets prices by 10,000 up to 100,000+, and gives no bucket to a car without a price", () => {
    expect(priceRangeOf(0)).toBe("");
    expect(priceRangeOf(9999)).toBe("0-10000");
    expect(priceRangeOf(10000)).toBe("10000-20000");
    expect(priceRangeOf(54990)).toBe("50000-60000");
    expect(priceRangeOf(99999.5)).toBe("90000-100000");
    expect(priceRangeOf(100000)).toBe("100000+");
  });

  it("buckets weekly repayments from the YouX quote, else the cheapest lender", () => {
    expect(weeklyPriceRangeOf(0)).toBe("");
    expect(weeklyPriceRangeOf(99)).toBe("0-100");
    expect(weeklyPriceRangeOf(250)).toBe("200-300");
    expect(weeklyPriceRangeOf(500)).toBe("500+");
    const lenders = {
      a: { interestRate: 9, comparisonRate: 9.5, paymentWeek: 180 },
      b: { interestRate: 8, comparisonRate: 8.5, paymentWeek: 150 },
    };
    expect(weeklyPriceOf({ youxQuote: null, finance_lenders: lenders })).toBe(150);
    expect(
      weeklyPriceOf({ youxQuote: { weeklyRepaymentAmount: 210, advertisedRate: 1, comparisonRate: 1 }, finance_lenders: lenders }),
    ).toBe(210);
  });

  it("derives the filter attributes from the vehicle", () => {
    const doc = toSearchDocument(
      "alpha",
      searchVehicle({
        id: "v1",
        make: "Toyota",
        model: "HiLux",
        price: 54990,
        certified: true,
        seats: 5,
        simple_body: "ute",
        simple_transmission: "Manual",
        simple_fuel: "Diesel",
        simple_drive: "4WD",
        body: "Utility - Double Cab",
        standardEquipment: ["Reversing Camera", "Reversing Camera", ""],
        created_at: "2026-01-01T00:00:10.900Z",
        location: { id: "l1", name: "Alpha Parramatta", slug: "l1", phone: "", city: "Parramatta", state: "NSW", address: "" },
        city: "",
        state: "",
      }),
    );
    expect(doc).toMatchObject({
      tenant: "alpha",
      vehicle_id: "v1",
      make_model: "Toyota|HiLux",
      price_range: "50000-60000",
      certified: "true",
      seats: "5",
      body: "ute",
      transmission: "Manual",
      fuel: "Diesel",
      drive: "4WD",
      location_name: "Alpha Parramatta",
      city: "Parramatta",
      state: "NSW",
      created_at_timestamp: Date.UTC(2026, 0, 1, 0, 0, 10) / 1000,
      sold_at_ms: 0,
    });
    expect(doc.filtered_features).toEqual(["Reversing Camera"]);
    expect(attributeValues(doc, "certified")).toEqual(["true"]);
    expect(attributeValues(doc, "tag")).toEqual([]);
    expect(makeModelOf("Toyota", "")).toBe("");
  });

  it("records when a sold car was sold, and only for sold cars", () => {
    const soldAt = "2026-03-09T12:00:00.000Z";
    expect(toSearchDocument("a", searchVehicle({ id: "s", status: "sold", sold_at: soldAt })).sold_at_ms).toBe(Date.parse(soldAt));
    expect(toSearchDocument("a", searchVehicle({ id: "s", status: "in_stock", sold_at: soldAt })).sold_at_ms).toBe(0);
    expect(toSearchDocument("a", searchVehicle({ id: "s", status: "sold", sold_at: "" })).sold_at_ms).toBe(0);
  });

  it("reduces free text to words: accents dropped, lower case, split on punctuation", () => {
    expect(searchWords("  Citroën C5-Aircross, 2.0L ")).toEqual(["citroen", "c5", "aircross", "2", "0l"]);
    const doc = toSearchDocument(
      "a",
      searchVehicle({ id: "v", make: "Mazda", model: "CX-5", badge: "Maxx", stocknum: "AB12", colour: "Soul Red" }),
    );
    expect(searchableText(doc).split(" ")).toEqual(expect.arrayContaining(["mazda", "cx", "5", "maxx", "ab12", "soul", "red", "ute"]));
  });
});
