/**
 * What /success says beyond its thanks when the lead ended a multi-step form (spec 000: "Success stores
 * the category ... and goes to /success"): the trade-in's decision (the offer accepted or declined, for
 * which car, and the way back to the valuation) and the online order's reference (and the way back to the
 * order). Read from the stored lead only, never from the address, so a reference of another lead kind, or
 * a lead of no such journey, gives nothing more than the thanks.
 */
import type { StoredLead } from "../db/leads";
import { TRADE_IN_CATEGORY, TRADE_IN_SUBCATEGORY, vehicleLine } from "../tradeIn/leads";

/** The category an online order's lead is filed under (app/routes/checkout-journey). */
export const ORDER_CATEGORY = "Online Purchase";
/** The trade-in page's addresses (one page, three names); a lead from elsewhere goes back to the first. */
const TRADE_IN_PATHS = ["/trade-in", "/cars/trade-in", "/sell-my-car"];
/** A valuation or order id as the stores make them (UUIDs, nanoid-style ids with - and _). */
const ID = /^[\w-]{1,64}$/;

export type SuccessOutcome =
  | { kind: "trade-in"; accepted: boolean; offer: number | null; vehicle: string; valuationHref: string; valuationId: string }
  | { kind: "order"; reference: string; orderId: string };

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function successOutcome(
  lead: Pick<StoredLead, "category" | "subcategory" | "payload" | "source_path" | "car_id">,
): SuccessOutcome | null {
  const payload = (lead.payload ?? {}) as Record<string, unknown>;
  if (
    lead.category === TRADE_IN_CATEGORY &&
    (lead.subcategory === TRADE_IN_SUBCATEGORY.accepted || lead.subcategory === TRADE_IN_SUBCATEGORY.declined)
  ) {
    const valuationId = text(payload.valuation_id);
    if (!ID.test(valuationId)) return null;
    const vehicle = (payload.vehicle ?? {}) as { year?: number | string; make?: string; model?: string; badge?: string };
    const from = lead.source_path.split(/[?#]/)[0];
    const query = new URLSearchParams();
    if (lead.car_id) query.set("car_id", lead.car_id);
    query.set("valuation", valuationId);
    return {
      kind: "trade-in",
      accepted: lead.subcategory === TRADE_IN_SUBCATEGORY.accepted,
      offer: typeof payload.offer_price === "number" ? payload.offer_price : null,
      vehicle: vehicleLine({
        year: Number(vehicle.year) || 0,
        make: text(vehicle.make),
        model: text(vehicle.model),
        badge: text(vehicle.badge),
      }),
      valuationHref: `${TRADE_IN_PATHS.includes(from) ? from : TRADE_IN_PATHS[0]}?${query}`,
      valuationId,
    };
  }
  if (lead.category === ORDER_CATEGORY) {
    const orderId = text(payload.order_id);
    const reference = text(payload.order_reference);
    if (!ID.test(orderId) || !reference) return null;
    return { kind: "order", reference, orderId };
  }
  return null;
}
