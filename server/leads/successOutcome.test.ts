import { describe, expect, it } from "vitest";
import { successOutcome } from "./successOutcome";

const tradeIn = (subcategory: string, payload: Record<string, unknown>, source_path = "/cars/trade-in?car_id=car-1") => ({
  category: "Trade-In",
  subcategory,
  car_id: "car-1",
  source_path,
  payload,
});
const vehicle = { year: 2016, make: "Toyota", model: "Corolla", badge: "Ascent" };

describe("what /success says after a multi-step form", () => {
  it("an accepted trade-in offer: the figure, the car and the way back to the valuation on the page it came from", () => {
    expect(successOutcome(tradeIn("3. Offer Accepted", { valuation_id: "v-1", offer_price: 9500, vehicle }))).toEqual({
      kind: "trade-in",
      accepted: true,
      offer: 9500,
      vehicle: "2016 Toyota Corolla Ascent",
      valuationHref: "/cars/trade-in?car_id=car-1&valuation=v-1",
      valuationId: "v-1",
    });
  });

  it("a declined one, and a page it did not come from goes back to /trade-in", () => {
    expect(successOutcome(tradeIn("3. Offer Declined", { valuation_id: "v-2", vehicle }, "https://elsewhere.example/x"))).toMatchObject({
      accepted: false,
      offer: null,
      valuationHref: "/trade-in?car_id=car-1&valuation=v-2",
    });
  });

  it("an online order: its reference", () => {
    expect(
      successOutcome({
        category: "Online Purchase",
        subcategory: "Order",
        car_id: "car-1",
        source_path: "/checkout-journey",
        payload: { order_id: "q5GlAu53-Qyd7Ic_gmA7", order_reference: "ORD-Q5GL-AU53" },
      }),
    ).toEqual({ kind: "order", reference: "ORD-Q5GL-AU53", orderId: "q5GlAu53-Qyd7Ic_gmA7" });
  });

  it("nothing more for other leads, the trade-in's earlier steps, or a payload that does not hold together", () => {
    expect(successOutcome(tradeIn("1. Valuation Started", { valuation_id: "v-1" }))).toBeNull();
    expect(successOutcome(tradeIn("3. Offer Accepted", { valuation_id: "../../x?y" }))).toBeNull();
    expect(successOutcome({ category: "General Enquiry", subcategory: "", car_id: null, source_path: "/contact", payload: {} })).toBeNull();
    expect(
      successOutcome({ category: "Online Purchase", subcategory: "Order", car_id: null, source_path: "", payload: { order_id: "a b" } }),
    ).toBeNull();
  });
});
