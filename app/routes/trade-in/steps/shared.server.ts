/**
 * What the trade-in valuation's steps share (tradeIn.server.ts dispatches to them): the page's data, the
 * address and its valuation, who may carry a valuation on, and what every step does once its form is
 * judged (the abuse limit, a lead stored without stopping the valuation, the redirect to the next step).
 */
import type { ChangeOverLine } from "~/domain/changeOver";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { gatedSignInType } from "~/domain/gating";
import type { ReportedLead } from "~/domain/analyticsPayloads";
import { hasDealerTags } from "~/domain/dealerTags";
import { isFrameworkParam } from "~/domain/frameworkParams";
import { requireShopper, shopperFromRequest, type Shopper } from "@server/auth/session";
import type { FallbackQuestion } from "@server/captcha";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { submitLead } from "@server/leads";
import { carPageFor, type EnquiryCar } from "@server/leads/enquiryPages";
import { leadAllowanceSpent, refuseForm, successWithLead, TOO_MANY_LEADS_MESSAGE } from "@server/leads/formAction";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import type { ModelSuggestion } from "@server/tradeIn/catalogueLists";
import { ADJUSTMENT_CHOICES, type Offer, type OfferLine, type TradeInVehicle } from "@server/tradeIn/port";
import { getValuation, type ValuationRow, type ValuationStatus } from "@server/tradeIn/store";
import { VALUATION_FIELD, type AdjustmentChoices } from "../tradeInSteps";

/** Shown when the address or a form names a valuation this shopper cannot carry on (unknown, another dealer's, another shopper's). */
export const VALUATION_NOT_FOUND = "We couldn't find that valuation. Please start again with your car's rego.";

export const noStore = { "Cache-Control": PRIVATE_NO_STORE };

const CAR_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]{1,100}$/);
export const VALUATION_ID = z.string().trim().uuid();

/** The condition step's questions and answers, as the page offers them and the action judges them. */
export const CHOICES: AdjustmentChoices = ADJUSTMENT_CHOICES;

/** A stored value as a form field's starting value. */
export const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

// --- The page's data -----------------------------------------------------------------------------------------

/** The page's step, from the row's status (a page without a valuation is step 1, the rego). */
export type TradeInStep = "rego" | ValuationStatus;

export interface TradeInOffer {
  price: number;
  marketValue: number | null;
  basis: Offer["basis"];
  lines: OfferLine[];
  validDays: number;
  /** Changing over to the dealer's car: its price, less the offer. */
  /** The car's price and the change-over line ('We pay you' when the trade-in is worth more than the car). */
  changeOver: { carPrice: number; line: ChangeOverLine } | null;
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

export function readQuery(url: URL): TradeInQuery {
  const car = CAR_ID.safeParse(url.searchParams.get("car_id") ?? "");
  const given = url.searchParams.get(VALUATION_FIELD);
  const valuation = given === null ? undefined : VALUATION_ID.safeParse(given);
  return {
    car_id: car.success ? car.data : undefined,
    valuation: valuation === undefined ? undefined : valuation.success ? valuation.data.toLowerCase() : "invalid",
  };
}

/** This page (its path and car) at a valuation, or at the start. */
export function pagePath(url: URL, carId: string | null | undefined, valuationId?: string): string {
  const query = new URLSearchParams();
  if (carId) query.set("car_id", carId);
  if (valuationId) query.set(VALUATION_FIELD, valuationId);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** The query of the link that brought the shopper, without the page's own parameters. */
export function linkedQuery(url: URL): string {
  const linked = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (key !== VALUATION_FIELD && !isFrameworkParam(key)) linked.append(key, value);
  return linked.toString().slice(0, 2000);
}

// --- Who may carry a valuation on ---------------------------------------------------------------------------

/** A valuation started by a signed-in shopper is theirs alone; one started signed out, whoever holds its id. */
function mayContinue(row: ValuationRow, shopper: Shopper | null): boolean {
  return row.user_id === null || row.user_id === shopper?.userId;
}

export async function findValuation(
  platform: Platform,
  tenant: TenantConfig,
  id: string,
  shopper: Shopper | null,
): Promise<ValuationRow | null> {
  try {
    const row = await getValuation(platform.db, tenant.slug, id);
    return row && mayContinue(row, shopper) ? row : null;
  } catch (error) {
    log.warn("trade-in valuation not read", { tenant: tenant.slug, error: String(error) });
    return null;
  }
}

export async function shopperFor(args: { request: Request; context: LoaderFunctionArgs["context"] }) {
  const { platform, tenant } = dealerFrom(args.context);
  const url = new URL(args.request.url);
  // /cars/trade-in?car_id= and /sell-my-car ask a signed-out shopper to sign in first where the dealer gates trade-in.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  // From a direct link, the sign-in's 'back' is the car (not the home page).
  const shopper = gate
    ? await requireShopper(args, gate, await carPageFor(platform, tenant, url.searchParams.get("car_id")))
    : await shopperFromRequest(platform, tenant, args.request);
  return { platform, tenant, url, shopper };
}

// --- What every step does -----------------------------------------------------------------------------------

/** One post of the valuation: the dealer, the shopper, the form and what they typed. */
export type StepContext = Awaited<ReturnType<typeof shopperFor>> & {
  data: FormData;
  typed: Record<string, string>;
  request: Request;
  loadContext: ActionFunctionArgs["context"];
};

/**
 * The valuation's page at its next step: where every step goes next, and where a stale post lands. Where
 * the dealer has its own analytics tags, with the reference of the lead this step stored (as /success
 * has it), so the page reports that lead to them.
 */
export function toValuation(step: StepContext, row: ValuationRow, leadId?: string | null) {
  const path = pagePath(step.url, row.car_id, row.id);
  const reported = leadId && hasDealerTags(step.tenant.analytics) ? successWithLead(path, leadId) : path;
  return redirect(`${reported}#trade-in-form`, { headers: noStore });
}

export async function spendLeadAllowance(step: StepContext, contact: { email: string; phone: string }, formId: string) {
  const retryAfter = await leadAllowanceSpent({ limits: step.platform, tenant: step.tenant.slug, context: step.loadContext, contact });
  return retryAfter === null
    ? null
    : refuseForm(formId, TOO_MANY_LEADS_MESSAGE, step.typed, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

/** Stores a lead; a failure is logged and the valuation carries on (its row keeps everything the next lead sends). */
export async function sendStepLead(step: StepContext, lead: Parameters<typeof submitLead>[2], what: string) {
  try {
    return await submitLead(step.platform, step.tenant, lead);
  } catch (error) {
    log.error("trade-in lead not stored", { tenant: step.tenant.slug, lead: what, error: String(error) });
    return null;
  }
}
