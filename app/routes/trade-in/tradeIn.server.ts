/**
 * The trade-in valuation's server half, for /trade-in, /cars/trade-in?car_id= (a change-over price for
 * that car) and /sell-my-car (remix.config.js). One step per post, each kept in the shopper's row of
 * trade_in_valuations, which the address names by its unguessable id (?valuation=):
 *   rego and state -> the car from the VehicleLookup port (or the shopper's own description)
 *   -> condition answers, kilometres and contact details -> an offer from the Valuation port (none online
 *   for cars over 7 years old or 100,000 km: our team calls) -> accept or decline.
 * Leads go out at the start, after the answers and on the decision (server/tradeIn/leads.ts). Where the
 * dealer has the captcha on, step 1 (the one that starts a valuation and its first lead) passes it as
 * every lead form does (judgeLeadForm); each later step needs that valuation's unguessable id and moves it
 * on once, so one check covers the valuation's every lead. Prices
 * are only ever read from the row: the forms carry the valuation's id and the shopper's answers, never a
 * figure. Gated where the dealer gates trade-in (app/domain/gating.ts).
 *
 * This module builds the page for the valuation's step and hands each post to its step's module in
 * steps/ (rego, vehicle, adjustments, decision); what the steps share is in steps/shared.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isAvailable } from "~/domain/vehicle";
import { refererPath } from "@server/http/sameSite";
import { reportedLeadFor } from "@server/analytics.server";
import type { Shopper } from "@server/auth/session";
import { fallbackQuestionFor } from "@server/captcha";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { enquiryCar, enquirySite, findDealerCar } from "@server/leads/enquiryPages";
import { HONEYPOT_FIELD, readFormBody, refuseForm, typedValues, UNREADABLE_FORM_MESSAGE } from "@server/leads/formAction";
import { vehicleLine } from "@server/tradeIn/leads";
import { noOnlineEstimateText } from "@server/tradeIn/onlineEstimate";
import type { ValuationRow, Workings } from "@server/tradeIn/store";
import { addressLine, carLocation, primaryLocation } from "@server/vehicles/pageData";
import { TRADE_IN_FORM_IDS, VALUATION_FIELD, type TradeInIntent } from "./tradeInSteps";
import { adjustmentsDefaults, valueCar } from "./steps/adjustments.server";
import { decide, offerOf, pageSavesValuation } from "./steps/decision.server";
import { startValuation } from "./steps/rego.server";
import {
  CHOICES,
  findValuation,
  linkedQuery,
  noStore,
  pagePath,
  readQuery,
  shopperFor,
  VALUATION_ID,
  VALUATION_NOT_FOUND,
  type StepContext,
  type TradeInPageData,
  type TradeInStep,
} from "./steps/shared.server";
import { describeVehicle, enterByHand, vehicleDefaults, vehicleLists } from "./steps/vehicle.server";

export { OFFER_VALID_DAYS } from "./steps/decision.server";
export { VALUATION_NOT_FOUND, type TradeInOffer, type TradeInPageData, type TradeInStep } from "./steps/shared.server";

// --- The page ------------------------------------------------------------------------------------------------

/** Starting values of the step's form (none for the rego, whose page starts empty, nor after the answers). */
function stepDefaults(row: ValuationRow | null, shopper: Shopper | null): Record<string, string> {
  if (row?.status === "vehicle") return vehicleDefaults(row);
  if (row?.status === "adjustments") return adjustmentsDefaults(row, shopper);
  return {};
}

export async function tradeInLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, url, shopper } = await shopperFor(args);
  const query = readQuery(url);
  let row: ValuationRow | null = null;
  let notice: string | null = null;
  if (query.valuation !== undefined) {
    row = query.valuation === "invalid" ? null : await findValuation(platform, tenant, query.valuation, shopper);
    if (!row) notice = VALUATION_NOT_FOUND;
  }
  const car = await findDealerCar(platform, tenant, row ? (row.car_id ?? undefined) : query.car_id);
  const step: TradeInStep = row?.status ?? "rego";
  const workings: Workings | null = row?.valuation ?? null;
  const yard = car ? carLocation(tenant, car) : primaryLocation(tenant);
  const saveValuation = await pageSavesValuation(platform, tenant, row);

  // The lead the last step stored (its reference in the address, as /success has it), for the dealer's own tags.
  const dealerLead = row ? await reportedLeadFor(platform.db, tenant, url.searchParams.get("lead")) : null;
  const page: TradeInPageData = {
    ...enquirySite(tenant),
    dealerLead,
    car: car ? enquiryCar(tenant, car) : null,
    step,
    valuationId: row?.id ?? null,
    notice,
    rego: row ? { rego: row.rego, state: row.rego_state } : null,
    vehicle: row?.vehicle ? { line: vehicleLine(row.vehicle), source: row.vehicle.source, km: row.vehicle.km } : null,
    choices: CHOICES,
    defaults: stepDefaults(row, shopper),
    lists: step === "vehicle" ? await vehicleLists(platform, tenant) : null,
    offer: row ? offerOf(row, car) : null,
    callText: workings?.kind === "call" ? noOnlineEstimateText(workings.reason) : null,
    firstName: row?.contact?.name ?? shopper?.first_name ?? "",
    inspection: { name: yard.name, address: addressLine(yard) },
    from: row ? "" : (refererPath(args.request) ?? ""),
    linked: row ? "" : linkedQuery(url),
    saveValuation,
    captchaQuestion: step === "rego" ? fallbackQuestionFor(platform, tenant) : null,
    startHref: pagePath(url, car?.id ?? query.car_id),
    checkoutHref:
      row && car && tenant.features.checkoutJourney && isAvailable(car) && (row.status === "accepted" || row.status === "call")
        ? `/checkout-journey?${new URLSearchParams({ car_id: car.slug, valuation: row.id })}`
        : null,
  };
  return data(page, { status: notice ? 404 : 200, headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

// --- The action: each post to its step -----------------------------------------------------------------------

const INTENTS = Object.keys(TRADE_IN_FORM_IDS) as TradeInIntent[];
const isIntent = (v: string): v is TradeInIntent => (INTENTS as string[]).includes(v);

export async function tradeInAction(args: ActionFunctionArgs) {
  const context = await shopperFor(args);
  const data = await readFormBody(args.request);
  if (!data) return refuseForm(TRADE_IN_FORM_IDS.rego, UNREADABLE_FORM_MESSAGE, {}, { status: 400 });
  const intent = String(data.get("intent") ?? "");
  if (!isIntent(intent)) return refuseForm(TRADE_IN_FORM_IDS.rego, "Please use the form on this page.", {}, { status: 400 });
  const typed = typedValues(data);
  // Bots get the same answer as people, so they learn nothing; nothing is stored.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "")
    return redirect(pagePath(context.url, readQuery(context.url).car_id), { headers: noStore });
  const step: StepContext = { ...context, data, typed, request: args.request, loadContext: args.context };
  if (intent === "rego") return startValuation(step);

  // Every later step names the shopper's valuation; anything else is refused with what they typed kept.
  const id = VALUATION_ID.safeParse(data.get(VALUATION_FIELD) ?? "");
  const row = id.success ? await findValuation(context.platform, context.tenant, id.data.toLowerCase(), context.shopper) : null;
  if (!row) return refuseForm(TRADE_IN_FORM_IDS[intent], VALUATION_NOT_FOUND, typed, { status: 404 });
  switch (intent) {
    case "vehicle":
      return describeVehicle(step, row);
    case "manual":
      return enterByHand(step, row);
    case "adjustments":
      return valueCar(step, row);
    case "decision":
      return decide(step, row);
  }
}
