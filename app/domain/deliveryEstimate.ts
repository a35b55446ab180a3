/**
 * Delivery calculator wording and input rule (spec 000 section 8, spec 001 sections 5 and 8): the
 * postcode is required and nothing else is checked (calculatorSchemas.ts); no region means the fixed
 * 'Sorry' message.
 */

export const POSTCODE_REQUIRED = "Please enter a postcode.";
export const NO_DELIVERY_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** What the delivery port answers: the price and the region's name. */
export interface DeliveryEstimate {
  price: number;
  name: string;
}

export type DeliveryOutcome =
  { kind: "estimate"; postcode: string; estimate: DeliveryEstimate } | { kind: "error"; postcode: string; message: string };
