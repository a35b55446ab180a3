import { describe, expect, it } from "vitest";
import {
  deliverySchema,
  detailsSchema,
  fieldErrors,
  nextStep,
  orderLines,
  stepToShow,
  tradeInSchema,
  type OrderAnswers,
} from "./journeySteps";

const details = { first_name: "Jo", last_name: "Citizen", email: "jo@example.com", phone: "0412345678", postcode: "6000" };
const complete: OrderAnswers = {
  details,
  tradeIn: { has: "no" },
  payment: { method: "cash" },
  delivery: { method: "delivery", postcode: "6050", estimate: { price: 350, name: "Perth Metro" } },
};

describe("journey steps", () => {
  it("goes through the steps in order and opens only answered ones and the next", () => {
    expect(nextStep({})).toBe("details");
    expect(nextStep({ details })).toBe("trade-in");
    expect(nextStep(complete)).toBe("review");
    expect(stepToShow({ details }, "delivery")).toBe("trade-in");
    expect(stepToShow(complete, "payment")).toBe("payment");
    expect(stepToShow(complete, "nonsense")).toBe("review");
    expect(stepToShow({}, null)).toBe("details");
  });

  it("judges each step with the spec's messages", () => {
    const bad = detailsSchema.safeParse({ ...details, phone: "12", postcode: "60", email: "x" });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({
      email: "Please enter a valid email address.",
      phone: "Please enter a valid Australian mobile number.",
      postcode: "Invalid postcode. Please enter a 4-digit number.",
    });
    expect(detailsSchema.parse({ ...details, phone: "+61 412 345 678" }).phone).toBe("0412345678");
    expect(fieldErrors(deliverySchema.safeParse({ delivery_method: "delivery", delivery_postcode: "" }).error!)).toEqual({
      delivery_postcode: "Please enter a postcode.",
    });
    expect(deliverySchema.safeParse({ delivery_method: "pickup", delivery_postcode: "" }).success).toBe(true);
    expect(fieldErrors(tradeInSchema.safeParse({ has_trade_in: "yes" }).error!)).toEqual({
      trade_car: "Please tell us about your car, or give your valuation reference.",
    });
    expect(tradeInSchema.safeParse({ has_trade_in: "yes", valuation: "../../etc" }).success).toBe(false);
    expect(tradeInSchema.safeParse({ has_trade_in: "maybe" }).success).toBe(false);
  });

  it("writes every step's answers for the salesperson", () => {
    const withValuation: OrderAnswers = {
      ...complete,
      tradeIn: {
        has: "yes",
        car: "",
        rego: "1ABC234",
        valuation: { id: "val-12345678", status: "accepted", vehicle: "2016 Toyota Corolla", offerPrice: 9500, offerAccepted: true },
      },
      payment: { method: "finance" },
    };
    expect(orderLines(withValuation)).toEqual([
      "Trade-in: 2016 Toyota Corolla (valuation val-12345678, online offer $9,500, accepted)",
      "Trade-in: rego 1ABC234",
      "Payment: Finance (finance journey offered)",
      "Delivery to 6050: Perth Metro, estimate $350",
    ]);
    expect(
      orderLines({ ...complete, delivery: { method: "pickup", location: "Osborne Park" } }, { pickupName: "Westside Osborne Park" }),
    ).toEqual(["Trade-in: none", "Payment: Cash / own funds", "Pick-up from Westside Osborne Park"]);
  });
});
