/**
 * The online purchase journey's step names, titles and kept answers, without the schemas (journeySteps.ts,
 * server only), so the page's own code stays small.
 */
import { formatMoney } from "~/domain/money";
export const JOURNEY_STEPS = ["details", "trade-in", "payment", "delivery", "review"] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

export const STEP_TITLES: Record<JourneyStep, string> = {
  details: "Your details",
  "trade-in": "Trade-in",
  payment: "Payment",
  delivery: "Delivery or pick-up",
  review: "Review and submit",
};

/** The details step's answers (the mobile as local digits). */
export interface DetailsAnswers {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

/** What the trade-in step keeps: nothing, a valuation from /cars/trade-in, or the car as described. */
export type TradeInAnswers =
  | { has: "no" }
  | {
      has: "yes";
      valuation: { id: string; status: string; vehicle: string; offerPrice: number | null; offerAccepted: boolean } | null;
      car: string;
      rego: string;
    };

export type PaymentAnswers = { method: "cash" | "finance" };

export type DeliveryAnswers =
  { method: "pickup"; location: string } | { method: "delivery"; postcode: string; estimate: { price: number; name: string } | null };

export interface OrderAnswers {
  details?: DetailsAnswers;
  tradeIn?: TradeInAnswers;
  payment?: PaymentAnswers;
  delivery?: DeliveryAnswers;
}

/** The order's reference as the shopper reads it out on the phone ("ORD-0ILZ-JSLM"); the lead also carries the full id. */
export function orderReference(id: string): string {
  const letters = id.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  return `ORD-${letters.slice(0, 4)}-${letters.slice(4, 8)}`;
}

/** A delivery estimate as the shopper reads it: "$350", or "Free" where the region costs nothing. */
export function deliveryPriceText(price: number): string {
  return price > 0 ? formatMoney(price) : "Free";
}
