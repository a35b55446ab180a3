/**
 * /success's server half: the thanks for the lead's category, read on the server by the reference its
 * form's redirect carries (`?lead=`, an unguessable id of this dealer's lead), never from text in the
 * address; a reference that names no lead (or none of this dealer's) gets the plain thanks. Where the lead
 * ended a multi-step form, what it decided (server/leads/successOutcome.ts): the trade-in offer accepted or
 * declined, with the way to buy the car online; the online order's reference and the way back to it.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { thankedCategory } from "~/domain/enquiryRules";
import { SLUG_PATTERN } from "~/domain/slug";
import { isAvailable } from "~/domain/vehicle";
import { LEAD_REFERENCE, reportedLeadFor } from "@server/analytics.server";
import { getCheckoutOrder } from "@server/db/checkoutOrders";
import { getLead, type StoredLead } from "@server/db/leads";
import { getVehicleById } from "@server/db/vehicles";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { successOutcome } from "@server/leads/successOutcome";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { getValuation } from "@server/tradeIn/store";
import { orderReference } from "../checkout-journey/journeyNames";
import type { AcceptedValuation } from "../trade-in/useSaveValuation";
import { pageSavesValuation } from "../trade-in/steps/decision.server";

export type SuccessDetails =
  | {
      kind: "trade-in";
      accepted: boolean;
      offer: number | null;
      vehicle: string;
      valuationHref: string;
      /** Buying the car the trade-in was for online, where the dealer sells online and the car is available. */
      checkoutHref: string | null;
      /** The accepted valuation the page's script saves (features.saveValuation), once. */
      saveValuation: AcceptedValuation | null;
    }
  | { kind: "order"; reference: string; orderHref: string | null };

/**
 * The order the address names (`?order=`), when it was filed as this lead: an order sent again with the
 * same details is filed as the first one's lead (server/leads/dedupe.ts), and its page still shows its own.
 */
async function namedOrder(platform: Platform, tenant: TenantConfig, lead: StoredLead, id: string | null) {
  if (!id || !/^[\w-]{1,64}$/.test(id)) return null;
  const order = await getCheckoutOrder(platform.db, tenant.slug, id);
  return order && order.leadId === lead.id ? { orderId: order.id, reference: orderReference(order.id) } : null;
}

async function detailsOf(
  platform: Platform,
  tenant: TenantConfig,
  lead: StoredLead,
  params: URLSearchParams,
): Promise<SuccessDetails | null> {
  const outcome = successOutcome(lead);
  if (!outcome) return null;
  const car = lead.car_id ? await getVehicleById(platform.db, tenant.slug, lead.car_id) : null;
  if (outcome.kind === "order") {
    const { orderId, reference } = (await namedOrder(platform, tenant, lead, params.get("order"))) ?? outcome;
    const query = car ? new URLSearchParams({ car_id: car.slug, order: orderId, step: "done" }) : null;
    return { kind: "order", reference, orderHref: query ? `/checkout-journey?${query}` : null };
  }
  const row = await getValuation(platform.db, tenant.slug, outcome.valuationId);
  const saves = outcome.accepted && (await pageSavesValuation(platform, tenant, row));
  return {
    kind: "trade-in",
    accepted: outcome.accepted,
    offer: outcome.offer,
    vehicle: outcome.vehicle,
    valuationHref: outcome.valuationHref,
    checkoutHref:
      outcome.accepted && car && tenant.features.checkoutJourney && isAvailable(car)
        ? `/checkout-journey?${new URLSearchParams({ car_id: car.slug, valuation: outcome.valuationId })}`
        : null,
    saveValuation:
      saves && row ? { valuationId: row.id, rego: row.rego, regoState: row.rego_state, offerPrice: row.offer_price ?? null } : null,
  };
}

export async function successLoader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const params = new URL(request.url).searchParams;
  const car = params.get("car") ?? "";
  const reference = params.get("lead") ?? "";
  let category: string | null = null;
  let details: SuccessDetails | null = null;
  let dealerLead: Awaited<ReturnType<typeof reportedLeadFor>> = null;
  if (LEAD_REFERENCE.test(reference)) {
    try {
      const lead = await getLead(platform.db, tenant.slug, reference);
      category = lead ? thankedCategory(lead) : null;
      details = lead ? await detailsOf(platform, tenant, lead, params) : null;
      dealerLead = await reportedLeadFor(platform.db, tenant, lead);
    } catch (error) {
      log.warn("success page could not read the lead", { tenant: tenant.slug, error: String(error) });
    }
  }
  return data(
    {
      siteName: tenant.name,
      category,
      details,
      carHref: SLUG_PATTERN.test(car) ? `/cars/${encodeURIComponent(car)}` : null,
      searchPath: tenant.paths.searchPrefix,
      dealerLead,
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
