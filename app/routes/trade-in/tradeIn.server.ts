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
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import { z } from "zod";
import { EVENT } from "~/domain/analyticsEvents";
import { gatedSignInType } from "~/domain/gating";
import { formatPhone, toLocalDigits } from "~/domain/phone";
import { sellingPrice } from "~/domain/priceDisplay";
import { isAvailable, type Vehicle } from "~/domain/vehicle";
import type { ReportedLead } from "~/domain/analyticsPayloads";
import { hasDealerTags } from "~/domain/dealerTags";
import { refererPath } from "@server/http/sameSite";
import { reportedLeadFor, trackEvent } from "@server/analytics.server";
import { requireShopper, shopperFromRequest, type Shopper } from "@server/auth/session";
import { fallbackQuestionFor, type FallbackQuestion } from "@server/captcha";
import { PRIVATE_NO_CACHE, PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { submitLead } from "@server/leads";
import { enquiryCar, enquirySite, findDealerCar, type EnquiryCar } from "@server/leads/enquiryPages";
import {
  HONEYPOT_FIELD,
  judgeLeadForm,
  LEAD_NOT_STORED_MESSAGE,
  leadAllowanceSpent,
  leadAttributesOf,
  readFormBody,
  refuseForm,
  successWithLead,
  TOO_MANY_LEADS_MESSAGE,
  typedValues,
  UNREADABLE_FORM_MESSAGE,
} from "@server/leads/formAction";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { modelSuggestions, TRADE_IN_MAKES, type ModelSuggestion } from "@server/tradeIn/catalogueLists";
import { adjustmentsLead, decisionLead, startLead, vehicleLine } from "@server/tradeIn/leads";
import { noOnlineEstimateReason, noOnlineEstimateText } from "@server/tradeIn/onlineEstimate";
import { plateKey } from "@server/tradeIn/plates";
import { ADJUSTMENT_CHOICES, type AdjustmentAnswers, type Offer, type OfferLine, type TradeInVehicle } from "@server/tradeIn/port";
import {
  createValuation,
  getMiscellaneousValuation,
  getValuation,
  saveValuationData,
  updateValuation,
  type ValuationRow,
  type ValuationStatus,
  type Workings,
} from "@server/tradeIn/store";
import { addressLine, carLocation, primaryLocation } from "@server/vehicles/pageData";
import { adjustmentsSchema, decisionSchema, regoSchema, vehicleSchema } from "./tradeInSchemas";
import { ENHANCED_FIELD, TRADE_IN_FORM_IDS, VALUATION_FIELD, type AdjustmentChoices, type TradeInIntent } from "./tradeInSteps";
import { isFrameworkParam, withoutFrameworkParams } from "~/domain/frameworkParams";

/** Shown when the address or a form names a valuation this shopper cannot carry on (unknown, another dealer's, another shopper's). */
export const VALUATION_NOT_FOUND = "We couldn't find that valuation. Please start again with your car's rego.";

/** How long an online offer stands, subject to the inspection. */
export const OFFER_VALID_DAYS = 7;

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

const CAR_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]{1,100}$/);
const VALUATION_ID = z.string().trim().uuid();

/** The page's step, from the row's status (a page without a valuation is step 1, the rego). */
export type TradeInStep = "rego" | ValuationStatus;

export interface TradeInOffer {
  price: number;
  marketValue: number | null;
  basis: Offer["basis"];
  lines: OfferLine[];
  validDays: number;
  /** Changing over to the dealer's car: its price, less the offer. */
  changeOver: { carPrice: number; difference: number } | null;
}

export interface TradeInPageData {
  siteName: string;
  optInShown: boolean;
  car: EnquiryCar | null;
  step: TradeInStep;
  valuationId: string | null;
  /** The lead the last step stored, for the dealer's own analytics tags; null where it has none. */
  dealerLead: ReportedLead | null;
  /** A message above step 1 (the named valuation could not be carried on). */
  notice: string | null;
  rego: { rego: string; state: string } | null;
  /** The car being valued, as the page names it. */
  vehicle: { line: string; source: TradeInVehicle["source"]; km: number | null } | null;
  choices: AdjustmentChoices;
  /** Starting values of the step's form. */
  defaults: Record<string, string>;
  /** The lists for describing the car by hand (the 'vehicle' step only). */
  lists: { makes: readonly string[]; models: ModelSuggestion[]; years: number[] } | null;
  offer: TradeInOffer | null;
  /** What the shopper is told instead of a figure. */
  callText: string | null;
  /** The shopper's first name, once given. */
  firstName: string;
  /** Where the inspection happens (the change-over car's yard, else the dealer's main one). */
  inspection: { name: string; address: string };
  /** Carried by step 1's form into the start lead's lead_attributes: the page before (by the Referer) and the link's query. */
  from: string;
  linked: string;
  /** Step 1's captcha question, rendered up front for a shopper without JavaScript (null when the dealer's captcha is off). */
  captchaQuestion: FallbackQuestion | null;
  /** The page's script saves the accepted valuation's data (POST /api/miscellaneous) for this dealer. */
  saveValuation: boolean;
  /** A new valuation, for the same car if there is one. */
  startHref: string;
  /** Back to buying the car online with this valuation, where the dealer sells online (features.checkoutJourney). */
  checkoutHref: string | null;
}

// --- Addresses ---------------------------------------------------------------------------------------------

interface TradeInQuery {
  car_id: string | undefined;
  /** The valuation the address names: an id, "invalid" for anything that is not one, or undefined. */
  valuation: string | undefined | "invalid";
}

function readQuery(url: URL): TradeInQuery {
  const car = CAR_ID.safeParse(url.searchParams.get("car_id") ?? "");
  const given = url.searchParams.get(VALUATION_FIELD);
  const valuation = given === null ? undefined : VALUATION_ID.safeParse(given);
  return {
    car_id: car.success ? car.data : undefined,
    valuation: valuation === undefined ? undefined : valuation.success ? valuation.data.toLowerCase() : "invalid",
  };
}

/** This page (its path and car) at a valuation, or at the start. */
function pagePath(url: URL, carId: string | null | undefined, valuationId?: string): string {
  const query = new URLSearchParams();
  if (carId) query.set("car_id", carId);
  if (valuationId) query.set(VALUATION_FIELD, valuationId);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** The query of the link that brought the shopper, without the page's own parameters. */
function linkedQuery(url: URL): string {
  const linked = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (key !== VALUATION_FIELD && !isFrameworkParam(key)) linked.append(key, value);
  return linked.toString().slice(0, 2000);
}

// --- Who may carry a valuation on ---------------------------------------------------------------------------

/** A valuation started by a signed-in shopper is theirs alone; one started signed out, whoever holds its id. */
function mayContinue(row: ValuationRow, shopper: Shopper | null): boolean {
  return row.user_id === null || row.user_id === shopper?.userId;
}

async function findValuation(platform: Platform, tenant: TenantConfig, id: string, shopper: Shopper | null): Promise<ValuationRow | null> {
  try {
    const row = await getValuation(platform.db, tenant.slug, id);
    return row && mayContinue(row, shopper) ? row : null;
  } catch (error) {
    log.warn("trade-in valuation not read", { tenant: tenant.slug, error: String(error) });
    return null;
  }
}

async function shopperFor(args: { request: Request; context: LoaderFunctionArgs["context"] }) {
  const { platform, tenant } = dealerFrom(args.context);
  const url = new URL(args.request.url);
  // /cars/trade-in?car_id= and /sell-my-car ask a signed-out shopper to sign in first where the dealer gates trade-in.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  const shopper = gate ? await requireShopper(args, gate) : await shopperFromRequest(platform, tenant, args.request);
  return { platform, tenant, url, shopper };
}

// --- The page ------------------------------------------------------------------------------------------------

const CHOICES: AdjustmentChoices = ADJUSTMENT_CHOICES;

function yearsOffered(now: Date): number[] {
  const newest = now.getFullYear() + 1;
  return Array.from({ length: 41 }, (_, i) => newest - i);
}

function offerOf(row: ValuationRow, car: Vehicle | null): TradeInOffer | null {
  const workings = row.valuation;
  if (row.offer_price == null || workings?.kind !== "offer") return null;
  const carPrice = car ? sellingPrice(car) : 0;
  return {
    price: row.offer_price,
    marketValue: workings.marketValue,
    basis: workings.basis,
    lines: workings.lines,
    validDays: OFFER_VALID_DAYS,
    changeOver: carPrice > 10 ? { carPrice, difference: carPrice - row.offer_price } : null,
  };
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function stepDefaults(row: ValuationRow | null, shopper: Shopper | null): Record<string, string> {
  if (!row) return {};
  const v = row.vehicle;
  if (row.status === "vehicle") {
    return v ? { year: text(v.year), make: v.make, model: v.model, badge: v.badge, km: text(v.km) } : {};
  }
  if (row.status !== "adjustments") return {};
  const answers = row.adjustment_answers;
  const contact = row.contact;
  return {
    km: text(answers.km ?? v?.km),
    ...Object.fromEntries(Object.entries(answers).map(([k, value]) => [k, text(value)])),
    first_name: contact?.name ?? shopper?.first_name ?? "",
    last_name: contact?.last_name ?? shopper?.last_name ?? "",
    email: contact?.email ?? shopper?.email ?? "",
    phone: contact ? formatPhone(contact.phone) : shopper ? formatPhone(shopper.phone) : "",
    opt_in: contact && !contact.opt_in ? "" : "on",
  };
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
  const saveValuation =
    tenant.features.saveValuation &&
    row?.status === "accepted" &&
    !(await getMiscellaneousValuation(platform.db, tenant.slug, row.id).catch(() => null));

  // The lead the last step stored (its reference in the address, as /success has it), for the dealer's own tags.
  const dealerLead = row ? await reportedLeadFor(platform.db, tenant, url.searchParams.get("lead")) : null;
  const data: TradeInPageData = {
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
    lists:
      step === "vehicle"
        ? { makes: TRADE_IN_MAKES, models: await modelSuggestions(platform.db, tenant.slug), years: yearsOffered(new Date()) }
        : null,
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
  return json(data, { status: notice ? 404 : 200, headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

// --- The action ----------------------------------------------------------------------------------------------

const INTENTS = Object.keys(TRADE_IN_FORM_IDS) as TradeInIntent[];
const isIntent = (v: string): v is TradeInIntent => (INTENTS as string[]).includes(v);

type StepContext = Awaited<ReturnType<typeof shopperFor>> & {
  data: FormData;
  typed: Record<string, string>;
  request: Request;
  loadContext: ActionFunctionArgs["context"];
};

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

/** The page at this valuation's step: where every step goes next, and where a stale post lands. */
/**
 * The valuation's page at its next step. Where the dealer has its own analytics tags, with the reference
 * of the lead this step stored (as /success has it), so the page reports that lead to them.
 */
function toValuation(step: StepContext, row: ValuationRow, leadId?: string | null) {
  const path = pagePath(step.url, row.car_id, row.id);
  const reported = leadId && hasDealerTags(step.tenant.analytics) ? successWithLead(path, leadId) : path;
  return redirect(`${reported}#trade-in-form`, { headers: noStore });
}

async function spendLeadAllowance(step: StepContext, contact: { email: string; phone: string }, formId: string) {
  const retryAfter = await leadAllowanceSpent({ limits: step.platform, tenant: step.tenant.slug, context: step.loadContext, contact });
  return retryAfter === null
    ? null
    : refuseForm(formId, TOO_MANY_LEADS_MESSAGE, step.typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

/** Stores a lead; a failure is logged and the valuation carries on (its row keeps everything the next lead sends). */
async function sendStepLead(step: StepContext, lead: Parameters<typeof submitLead>[2], what: string) {
  try {
    return await submitLead(step.platform, step.tenant, lead);
  } catch (error) {
    log.error("trade-in lead not stored", { tenant: step.tenant.slug, lead: what, error: String(error) });
    return null;
  }
}

/** Step 1: the rego and state; the car looked up; the row and the start lead. */
async function startValuation(step: StepContext) {
  const { platform, tenant, url, shopper, data, typed, request } = step;
  const formId = TRADE_IN_FORM_IDS.rego;
  // The rego and the captcha judged together; a refusal keeps what was typed (and asks the question).
  const judged = await judgeLeadForm({
    platform,
    tenant,
    context: step.loadContext,
    data,
    validator: withZod(regoSchema(new Date())),
    formId,
    typed,
  });
  if (!judged.ok) return judged.response;
  const refused = await spendLeadAllowance(step, { email: "", phone: "" }, formId);
  if (refused) return refused;

  const rego = plateKey(judged.values.rego);
  const regoState = judged.values.state;
  let found: TradeInVehicle | null = null;
  try {
    found = await platform.tradeIn.lookup.lookup(tenant, { rego, regoState });
    if (found && !(found.year > 1900 && found.make && found.model)) found = null;
  } catch (error) {
    // The shopper describes the car by hand instead.
    log.warn("rego lookup failed", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
  }
  const car = await findDealerCar(platform, tenant, readQuery(url).car_id);
  let row: ValuationRow;
  try {
    row = await createValuation(platform.db, tenant.slug, {
      car_id: car?.id ?? null,
      rego,
      rego_state: regoState,
      status: found ? "adjustments" : "vehicle",
      vehicle: found,
      user_id: shopper?.userId ?? null,
      source_path: url.pathname,
    });
  } catch (error) {
    log.error("trade-in valuation not stored", { tenant: tenant.slug, error: String(error) });
    return refuseForm(formId, LEAD_NOT_STORED_MESSAGE, typed, { status: 503 });
  }

  const here = withoutFrameworkParams(new URL(request.url));
  const sent = await sendStepLead(
    step,
    startLead({
      tenant,
      row,
      car,
      url: here.toString(),
      userAgent: request.headers.get("User-Agent") ?? "",
      attributes: leadAttributesOf(request, data),
      contact: shopper
        ? { name: shopper.first_name, last_name: shopper.last_name, email: shopper.email, phone: toLocalDigits(shopper.phone) }
        : null,
    }),
    "start",
  );
  if (sent)
    row = (await updateValuation(platform.db, tenant.slug, row.id, [row.status], { lead_id: sent.lead.id }).catch(() => null)) ?? row;
  return toValuation(step, row, sent?.lead.id);
}

/** The car by hand (the rego was not found, or the shopper said it was not their car). */
async function describeVehicle(step: StepContext, row: ValuationRow) {
  if (row.status !== "vehicle") return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.vehicle;
  const result = await withZod(vehicleSchema(new Date())).validate(step.data);
  if (result.error) return validationError({ ...result.error, formId }, step.typed, { headers: noStore });
  const { year, make, model, badge, km } = result.data;
  const vehicle: TradeInVehicle = { year, make, model, badge, km, source: "shopper" };
  const changed = await updateValuation(step.platform.db, step.tenant.slug, row.id, ["vehicle"], {
    status: "adjustments",
    vehicle,
    adjustment_answers: { ...row.adjustment_answers, km },
  });
  return toValuation(step, changed ?? row);
}

/** 'Not your car?': back to describing it by hand, the found details kept as a start. */
async function enterByHand(step: StepContext, row: ValuationRow) {
  const changed = await updateValuation(step.platform.db, step.tenant.slug, row.id, ["adjustments"], { status: "vehicle" });
  return toValuation(step, changed ?? row);
}

/** Step 2: the answers and contact details; then the offer, or our team's call. */
async function valueCar(step: StepContext, row: ValuationRow) {
  const { platform, tenant } = step;
  if (row.status !== "adjustments" || !row.vehicle) return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.adjustments;
  const result = await withZod(adjustmentsSchema(new Date(), CHOICES)).validate(step.data);
  if (result.error) return validationError({ ...result.error, formId }, step.typed, { headers: noStore });
  const values = result.data;
  const refused = await spendLeadAllowance(step, values, formId);
  if (refused) return refused;

  const answers: AdjustmentAnswers = {
    km: values.km,
    accident: values.accident as AdjustmentAnswers["accident"],
    service: values.service as AdjustmentAnswers["service"],
    keys: values.keys as AdjustmentAnswers["keys"],
    financeOwing: values.financeOwing as AdjustmentAnswers["financeOwing"],
    condition: values.condition as AdjustmentAnswers["condition"],
  };
  const contact = {
    name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: toLocalDigits(values.phone),
    // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
    opt_in: tenant.features.enquiryOptInShown ? values.opt_in : true,
  };
  const now = new Date();
  const valuedAt = now.toISOString();
  let workings: Workings;
  let offerPrice: number | null = null;
  const reason = noOnlineEstimateReason({ year: row.vehicle.year, km: answers.km }, now);
  if (reason) {
    workings = { kind: "call", reason, valuedAt };
  } else {
    const valuation = platform.tradeIn.valuation;
    try {
      const offer = await valuation.value(
        tenant,
        { vehicle: row.vehicle, rego: row.rego, regoState: row.rego_state, adjustmentAnswers: answers },
        now,
      );
      if (offer) {
        offerPrice = offer.offerPrice;
        workings = {
          kind: "offer",
          basis: offer.basis,
          marketValue: offer.marketValue,
          lines: offer.lines,
          adapter: valuation.name,
          valuedAt,
        };
      } else {
        workings = { kind: "call", reason: "no-data", valuedAt };
      }
    } catch (error) {
      log.warn("trade-in valuation failed", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
      workings = { kind: "call", reason: "unavailable", valuedAt };
    }
  }
  const changed = await updateValuation(platform.db, tenant.slug, row.id, ["adjustments"], {
    status: workings.kind === "offer" ? "offer" : "call",
    adjustment_answers: answers,
    contact,
    offer_price: offerPrice,
    valuation: workings,
    // Without an online figure the shopper's part is done: the adjustments lead asks the dealer to call.
    form_completed: workings.kind === "call",
  });
  if (!changed) return toValuation(step, row);
  const car = await findDealerCar(platform, tenant, changed.car_id ?? undefined);
  const sent = await sendStepLead(step, adjustmentsLead({ tenant, row: changed, car }), "adjustments");
  return toValuation(step, changed, sent?.lead.id);
}

/** Step 3: accept or decline; the decision lead, event 18 on acceptance and, where the dealer keeps it, the valuation data. */
async function decide(step: StepContext, row: ValuationRow) {
  const { platform, tenant } = step;
  if (row.status !== "offer") return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.decision;
  const parsed = decisionSchema.safeParse({ decision: step.data.get("decision") ?? undefined });
  if (!parsed.success) return refuseForm(formId, "Please accept or decline the offer.", step.typed, { status: 422 });
  const accepted = parsed.data.decision === "accept";
  const decided = await updateValuation(platform.db, tenant.slug, row.id, ["offer"], {
    status: accepted ? "accepted" : "declined",
    offer_accepted: accepted,
    form_completed: true,
  });
  // Sent twice at once: the first decision stands.
  if (!decided) return toValuation(step, (await findValuation(platform, tenant, row.id, step.shopper)) ?? row);

  const car = await findDealerCar(platform, tenant, decided.car_id ?? undefined);
  let stored: Awaited<ReturnType<typeof submitLead>>;
  try {
    stored = await submitLead(platform, tenant, decisionLead({ tenant, row: decided, car }));
  } catch (error) {
    log.error("trade-in decision lead not stored", { tenant: tenant.slug, error: String(error) });
    // The offer stands for another try; nothing the dealer has not heard of is marked done.
    await updateValuation(platform.db, tenant.slug, row.id, [decided.status], {
      status: "offer",
      offer_accepted: false,
      form_completed: false,
    }).catch(() => null);
    return refuseForm(formId, LEAD_NOT_STORED_MESSAGE, step.typed, { status: 500 });
  }
  if (accepted && !stored.duplicate) {
    await trackEvent(platform.db, tenant.slug, EVENT.offerAccepted, {
      path: step.url.pathname,
      payload: { form: "trade-in", valuation_id: decided.id, ...(car ? { car_id: car.id } : {}) },
    });
  }
  // With script the page makes the spec's call itself (POST /api/miscellaneous); without, it is saved here.
  if (accepted && tenant.features.saveValuation && step.data.get(ENHANCED_FIELD) !== "1") {
    await saveValuationData(platform.db, tenant.slug, decided, log);
  }
  return toValuation(step, decided, stored.lead.id);
}
