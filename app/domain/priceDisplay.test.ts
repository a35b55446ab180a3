import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import { advertisedPrice, priceDisplay, salePriceText, sellingPrice } from "./priceDisplay";

const flags = { subscriptions: false, noPriceText: "Enquire for price." };
const car = (o: Parameters<typeof testVehicle>[0]) =>
  testVehicle({ price: 30000, offer_price: 0, before_price: 0, subscription_price: 0, preorder: false, price_type: "Drive Away", ...o });

describe("price display order", () => {
  it("shows the subscription price per week when the dealer offers subscriptions", () => {
    expect(priceDisplay(car({ subscription_price: 189 }), { ...flags, subscriptions: true })).toMatchObject({
      kind: "subscription",
      text: "$189 / week",
    });
  });
  it("shows a subscription car's sale price too, the price finance and the market comparisons use", () => {
    const shown = priceDisplay(car({ subscription_price: 99, price: 35990, offer_price: 34990 }), { ...flags, subscriptions: true });
    expect(shown).toMatchObject({ kind: "subscription", text: "$99 / week", priceType: "Subscription" });
    expect(shown.salePrice).toEqual({ amount: 34990, text: "$34,990", priceType: "Drive Away" });
    expect(shown.salePrice?.amount).toBe(sellingPrice(car({ price: 35990, offer_price: 34990 })));
    expect(salePriceText(shown.salePrice!)).toBe("or $34,990 Drive Away to buy");
    expect(salePriceText({ amount: 5000, text: "$5,000", priceType: "" })).toBe("or $5,000 to buy");
    // An unpriced subscription car has no sale price to show; a car for sale only needs none beside its price.
    expect(priceDisplay(car({ subscription_price: 99, price: 0 }), { ...flags, subscriptions: true }).salePrice).toBeNull();
    expect(priceDisplay(car({}), flags).salePrice).toBeNull();
  });
  it("ignores a subscription price when the dealer does not offer subscriptions", () => {
    expect(priceDisplay(car({ subscription_price: 189 }), flags).kind).toBe("price");
  });
  it("ignores a zero subscription price", () => {
    expect(priceDisplay(car({ subscription_price: 0 }), { ...flags, subscriptions: true }).kind).toBe("price");
  });
  it("shows an offer price above 10 that differs from the price", () => {
    expect(priceDisplay(car({ offer_price: 27990 }), flags)).toMatchObject({ kind: "offer", amount: 27990, text: "$27,990" });
  });
  it("an offer price equal to the price or of 10 or less is not an offer", () => {
    expect(priceDisplay(car({ offer_price: 30000 }), flags).kind).toBe("price");
    expect(priceDisplay(car({ offer_price: 10 }), flags).kind).toBe("price");
  });
  it("shows the price above 10 with its price type", () => {
    expect(priceDisplay(car({}), flags)).toMatchObject({ kind: "price", text: "$30,000", priceType: "Drive Away" });
  });
  it("a price of 10 or less is PREORDER for a preorder, else the dealer's text", () => {
    expect(priceDisplay(car({ price: 10, preorder: true }), flags).text).toBe("PREORDER");
    expect(priceDisplay(car({ price: 0 }), flags).text).toBe("Enquire for price.");
    expect(priceDisplay(car({ price: 0 }), { ...flags, noPriceText: "Call us" }).text).toBe("Call us");
  });
  it("shows a was-price only when before_price exceeds the price shown", () => {
    expect(priceDisplay(car({ before_price: 32000 }), flags).wasPrice).toBe(32000);
    expect(priceDisplay(car({ before_price: 30000 }), flags).wasPrice).toBeNull();
    expect(priceDisplay(car({ before_price: 29000, offer_price: 28000 }), flags).wasPrice).toBe(29000);
    expect(priceDisplay(car({ before_price: 50000, price: 0 }), flags).wasPrice).toBeNull();
  });
  it("the selling price is the offer price when there is one", () => {
    expect(sellingPrice(car({ offer_price: 27990 }))).toBe(27990);
    expect(sellingPrice(car({}))).toBe(30000);
  });
  it("advertises the sale price above 10, a subscription car's too, and nothing for an unpriced car", () => {
    expect(advertisedPrice(car({ offer_price: 27990 }))).toBe(27990);
    expect(advertisedPrice(car({ subscription_price: 189 }))).toBe(30000);
    expect(advertisedPrice(car({ price: 10 }))).toBeNull();
    expect(advertisedPrice(car({ price: 0, offer_price: 5 }))).toBeNull();
  });
});
