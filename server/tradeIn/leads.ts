/**
 * The leads a trade-in valuation sends the dealer (spec 000 section 7), all in the 'Trade-In' category:
 * - the start lead, when the shopper gives the rego: url, source 'Website', user_agent, car_id,
 *   car_dealership_id and lead_attributes (visited_pages, linked_query_params);
 * - the adjustments lead, with the valuation's id and the adjustmentAnswers (and the offer, or why there
 *   is none: then it is the dealer's call-back);
 * - on the shopper's decision, subcategory '3. Offer Accepted' (or '3. Offer Declined') with the start
 *   lead's lead_id, form_completed and offer_accepted.
 * Pure: the caller stores them with submitLead.
 */
import { formatMoney, formatNumber } from "~/domain/money";
import type { Vehicle } from "~/domain/vehicle";
import type { LeadInput } from "../db/leads";
import { ENQUIRY_CATEGORY } from "../leads/formLeads";
import type { TenantConfig } from "../tenants/schema";
import { noOnlineEstimateText } from "./onlineEstimate";
import { ADJUSTMENT_QUESTIONS, answerLabel, type AdjustmentAnswers, type TradeInVehicle } from "./port";
import type { TradeInContact, ValuationRow } from "./store";

export const TRADE_IN_CATEGORY = ENQUIRY_CATEGORY["trade-in"];

export const TRADE_IN_SUBCATEGORY = {
  started: "1. Valuation Started",
  adjustments: "2. Condition Adjustments",
  accepted: "3. Offer Accepted",
  declined: "3. Offer Declined",
} as const;

/** The lead's extras (spec 001 section 3). */
export interface LeadAttributes {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

/** The car as the salesperson reads it. */
export function vehicleLine(v: Pick<TradeInVehicle, "year" | "make" | "model" | "badge">): string {
  return [v.year || "", v.make, v.model, v.badge].filter(Boolean).join(" ");
}

function changeOverLines(car: Vehicle | null): string[] {
  return car ? [`Changing over to: ${vehicleLine(car)}${car.stocknum ? ` (stock #${car.stocknum})` : ""}`] : [];
}

/** The enquiry form defaults of spec 000 section 3 that describe the dealer's car. */
function carDefaults(car: Vehicle | null) {
  return car
    ? {
        stock_number: car.stocknum,
        "Vehicle Make": car.make,
        "Vehicle Model": car.model,
        car_type: car.car_type,
        vehicle_status: car.status,
      }
    : {};
}

function contactFields(contact: Partial<TradeInContact> | null) {
  return {
    name: contact?.name ?? "",
    last_name: contact?.last_name ?? "",
    email: contact?.email ?? "",
    phone: contact?.phone ?? "",
  };
}

function base(tenant: TenantConfig, row: ValuationRow, car: Vehicle | null) {
  return {
    dealership_slug: car?.dealership_slug || tenant.dealerships[0]?.slug || tenant.slug,
    car_id: car?.id ?? null,
    car_dealership_id: car?.dealership_id || tenant.dealerships[0]?.id || "",
    valuation_id: row.id,
    rego: row.rego,
    regoState: row.rego_state,
    ...carDefaults(car),
  };
}

/** The start lead: who came from where to value which rego (contact only when the shopper is signed in). */
export function startLead(input: {
  tenant: TenantConfig;
  row: ValuationRow;
  car: Vehicle | null;
  url: string;
  userAgent: string;
  attributes: LeadAttributes;
  contact: Partial<TradeInContact> | null;
}): LeadInput {
  const { tenant, row, car } = input;
  const found = row.vehicle;
  return {
    category: TRADE_IN_CATEGORY,
    subcategory: TRADE_IN_SUBCATEGORY.started,
    car_id: car?.id ?? null,
    ...contactFields(input.contact),
    message: [
      "Trade-in valuation started.",
      `Rego: ${row.rego} (${row.rego_state})`,
      found
        ? `Found in ${found.source === "stock" ? "our records" : "the rego lookup"}: ${vehicleLine(found)}`
        : "Rego not found: the shopper is describing the car.",
      ...changeOverLines(car),
    ].join("\n"),
    source_path: row.source_path,
    payload: {
      ...base(tenant, row, car),
      url: input.url.slice(0, 500),
      source: "Website",
      user_agent: input.userAgent.slice(0, 400),
      lead_attributes: input.attributes,
      subcategory: TRADE_IN_SUBCATEGORY.started,
    },
  };
}

/** What the answers say, a line each. */
function answerLines(vehicle: TradeInVehicle | null, answers: AdjustmentAnswers): string[] {
  return [
    ...(vehicle ? [`Trade-in car: ${vehicleLine(vehicle)}`] : []),
    `Odometer: ${formatNumber(answers.km)} km`,
    ...ADJUSTMENT_QUESTIONS.map((q) => answerLabel(q, answers[q])),
  ];
}

/** The adjustments lead: the answers, and the offer shown or the call-back the shopper is waiting for. */
export function adjustmentsLead(input: { tenant: TenantConfig; row: ValuationRow; car: Vehicle | null }): LeadInput {
  const { tenant, row, car } = input;
  const answers = row.adjustment_answers as AdjustmentAnswers;
  const workings = row.valuation;
  const outcome =
    workings?.kind === "call"
      ? `No online figure: ${noOnlineEstimateText(workings.reason)} Please call the shopper.`
      : row.offer_price != null
        ? `Online offer shown: ${formatMoney(row.offer_price)}`
        : "";
  return {
    category: TRADE_IN_CATEGORY,
    subcategory: TRADE_IN_SUBCATEGORY.adjustments,
    car_id: car?.id ?? null,
    ...contactFields(row.contact),
    message: [...answerLines(row.vehicle, answers), outcome, ...changeOverLines(car)].filter(Boolean).join("\n"),
    source_path: row.source_path,
    payload: {
      ...base(tenant, row, car),
      id: row.id,
      lead_id: row.lead_id,
      vehicle: row.vehicle,
      adjustmentAnswers: answers,
      offer_price: row.offer_price,
      online_estimate: workings?.kind === "offer",
      ...(workings?.kind === "call" ? { no_online_estimate: workings.reason } : {}),
      opt_in: row.contact?.opt_in ?? false,
      subcategory: TRADE_IN_SUBCATEGORY.adjustments,
    },
  };
}

/** The decision lead: '3. Offer Accepted' (event 18) or '3. Offer Declined'. */
export function decisionLead(input: { tenant: TenantConfig; row: ValuationRow; car: Vehicle | null }): LeadInput {
  const { tenant, row, car } = input;
  const accepted = row.offer_accepted;
  const subcategory = accepted ? TRADE_IN_SUBCATEGORY.accepted : TRADE_IN_SUBCATEGORY.declined;
  const price = row.offer_price ?? 0;
  return {
    category: TRADE_IN_CATEGORY,
    subcategory,
    car_id: car?.id ?? null,
    ...contactFields(row.contact),
    message: [
      `${accepted ? "Offer accepted" : "Offer declined"}: ${formatMoney(price)} for the ${row.vehicle ? vehicleLine(row.vehicle) : "trade-in"} (rego ${row.rego}, ${row.rego_state}).`,
      accepted ? "Please call the shopper to book the inspection." : "",
      ...changeOverLines(car),
    ]
      .filter(Boolean)
      .join("\n"),
    source_path: row.source_path,
    payload: {
      ...base(tenant, row, car),
      category: TRADE_IN_CATEGORY,
      subcategory,
      lead_id: row.lead_id,
      form_completed: true,
      offer_accepted: accepted,
      offer_price: row.offer_price,
      adjustmentAnswers: row.adjustment_answers,
      vehicle: row.vehicle,
      opt_in: row.contact?.opt_in ?? false,
    },
  };
}
