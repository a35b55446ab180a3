/**
 * The trade-in ports (DESIGN.md section 4, "rego lookup and trade-in valuation"): `VehicleLookup` turns
 * a rego and its state into the car (spec 000 section 7, 'Rego lookup': rego, regoState), `Valuation`
 * turns the car and the shopper's answers (spec 000 section 3, Trade-in: adjustmentAnswers) into an offer
 * price. Each has an HTTP adapter for a provider (VEHICLE_LOOKUP_URL/KEY, VALUATION_URL/KEY) and an
 * embedded default that works from the dealer's own stock and the bundled catalogue.
 */
import type { TenantConfig } from "../tenants/schema";

/** The state or territory a car is registered in. */
export const REGO_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;
export type RegoState = (typeof REGO_STATES)[number];

/** The question of a rego lookup, word for word as the spec's call names it. */
export interface RegoLookupRequest {
  /** Letters and digits only, upper case ('ABC123'): spaces and dashes are not part of a plate. */
  rego: string;
  regoState: RegoState;
}

/** The car being traded in, as found or as the shopper described it. */
export interface TradeInVehicle {
  year: number;
  make: string;
  model: string;
  badge: string;
  /** The odometer as last known; null when the source does not say (the shopper is asked). */
  km: number | null;
  vin?: string;
  nvic?: string;
  body?: string;
  colour?: string;
  /** Where the description came from: the dealer's stock records, a provider, or the shopper. */
  source: "stock" | "provider" | "shopper";
}

export interface VehicleLookup {
  readonly name: "embedded" | "http";
  /** The car registered under that plate in that state, or null when none is known. Failures reject. */
  lookup(dealer: TenantConfig, request: RegoLookupRequest): Promise<TradeInVehicle | null>;
}

// --- The adjustment answers (spec 000 section 3: adjustmentAnswers) ---------------------------------------------

/** Each question of the condition step, its answers in order (best first) and their labels. */
export const ADJUSTMENT_CHOICES = {
  accident: [
    { value: "none", label: "No accident damage" },
    { value: "repaired", label: "Accident damage, professionally repaired" },
    { value: "unrepaired", label: "Accident damage, not yet repaired" },
  ],
  service: [
    { value: "full", label: "Full service history" },
    { value: "partial", label: "Some service history" },
    { value: "none", label: "No service history" },
  ],
  keys: [
    { value: "two", label: "2 or more keys" },
    { value: "one", label: "1 key" },
  ],
  financeOwing: [
    { value: "no", label: "No finance owing" },
    { value: "yes", label: "Finance still owing" },
  ],
  condition: [
    { value: "excellent", label: "Excellent: like new, no marks" },
    { value: "good", label: "Good: minor wear for its age" },
    { value: "fair", label: "Fair: visible dents, scratches or worn tyres" },
    { value: "poor", label: "Poor: needs mechanical or body work" },
  ],
} as const;

export type AdjustmentQuestion = keyof typeof ADJUSTMENT_CHOICES;
type ValueOf<Q extends AdjustmentQuestion> = (typeof ADJUSTMENT_CHOICES)[Q][number]["value"];

export interface AdjustmentAnswers {
  /** The odometer now, in km. */
  km: number;
  accident: ValueOf<"accident">;
  service: ValueOf<"service">;
  keys: ValueOf<"keys">;
  financeOwing: ValueOf<"financeOwing">;
  condition: ValueOf<"condition">;
}

/** The questions in the order the page asks them. */
export const ADJUSTMENT_QUESTIONS: readonly AdjustmentQuestion[] = ["accident", "service", "keys", "financeOwing", "condition"];

/** The label of an answer, for the dealer's lead and the shopper's summary. */
export function answerLabel<Q extends AdjustmentQuestion>(question: Q, value: string): string {
  const choice = (ADJUSTMENT_CHOICES[question] as readonly { value: string; label: string }[]).find((c) => c.value === value);
  return choice?.label ?? value;
}

// --- Valuation -------------------------------------------------------------------------------------------------

export interface ValuationRequest {
  vehicle: TradeInVehicle;
  rego: string;
  regoState: RegoState | "";
  adjustmentAnswers: AdjustmentAnswers;
}

/** One line of an offer's workings: what it is and what it does to the price (dollars, signed; null for a note). */
export interface OfferLine {
  label: string;
  amount: number | null;
}

export interface Offer {
  /** Whole dollars. */
  offerPrice: number;
  /** What such a car sells for, before the dealer's costs and the answers; null when the provider does not say. */
  marketValue: number | null;
  /** Where the figure comes from: comparable stock and market prices, the catalogue's new price, or a provider. */
  basis: "comparables" | "catalogue" | "provider";
  /** How the figure was reached, line by line, in the shopper's words. */
  lines: OfferLine[];
}

export interface Valuation {
  readonly name: "embedded" | "http";
  /** The offer for this car, or null when there is no figure to give online. Failures reject. */
  value(dealer: TenantConfig, request: ValuationRequest, now: Date): Promise<Offer | null>;
}

/** A provider could not answer (refused, failed, timed out, or answered something unbelievable). */
export class TradeInProviderError extends Error {}
