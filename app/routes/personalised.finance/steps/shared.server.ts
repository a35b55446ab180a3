/**
 * What the finance journey's steps share (personalisedFinance.server.ts dispatches to them): the page's
 * data, the journey's address and step 1's values as it gives them, the dealer (one with a finance
 * broker), and for the action's posts step 2's details, the answers the browser reads, the postcode
 * check and the two calls of the mobile's verification (send a code, check it and sign the shopper in).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { anotherMobileError, codeError, phoneError, refusalErrors, detailErrors, type VehicleCodes } from "~/components/finance/journey";
import type { DetailErrors, DetailValues, JourneyAnswer, JourneyData, QuoteValues } from "~/components/finance/journeyCopy";
import { JOURNEY_PATH } from "~/components/finance/journeyAddress";
import { INVALID_POSTCODE, offeredQuickPicks, readFinanceParams } from "~/domain/finance/financeForm";
import { withoutFrameworkParams } from "~/domain/frameworkParams";
import type { VehicleCardData } from "~/domain/vehicleCard";
import { startSession, type Shopper } from "@server/auth/session";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryCar, findDealerCar } from "@server/leads/enquiryPages";
import type { Platform } from "@server/platform.server";
import type { cardSiteOptions } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import { isAustralianPostcode, type Geocoder } from "@server/geo/geocoder";

export const noStore = { "Cache-Control": PRIVATE_NO_STORE };

export type PersonalisedFinanceData =
  | {
      mode: "landing";
      siteName: string;
      /** The featured stock's heading and its 'View All' link: used cars, or the dealer's own stock when it has none. */
      stock: { heading: string; linkLabel: string; href: string };
      startHref: string;
      featured: VehicleCardData[];
      site: ReturnType<typeof cardSiteOptions>;
    }
  | { mode: "journey"; siteName: string; journey: JourneyData };

/** Step 1's values, the car and its codes, as the address gives them (every parameter of section 2). */
export async function journeyStart(platform: Platform, tenant: TenantConfig, url: URL) {
  const quote = tenant.finance.quote;
  const bounds = { min: quote.priceMin, max: quote.priceMax };
  const params = readFinanceParams(url.searchParams, { ...bounds, default: quote.priceDefault });
  const vehicle = await findDealerCar(platform, tenant, params.car_id ?? undefined);
  const given = (name: string) => (url.searchParams.get(name) ?? "").trim() !== "";
  // A quick pick sent without JavaScript (a button named pick) wins over the typed price.
  const pick = Number(url.searchParams.get("pick"));
  let price = params.purchasePrice;
  if (Number.isFinite(pick) && offeredQuickPicks(quote.quickPicks, bounds).includes(pick)) price = pick;
  else if (!given("vehiclePriceBudget") && !given("price") && vehicle) {
    const carPrice = enquiryCar(tenant, vehicle).sellingPrice;
    if (carPrice > 0) price = Math.min(bounds.max, Math.max(bounds.min, Math.round(carPrice)));
  }
  const values: QuoteValues = {
    price,
    loanTerm: params.loanTerm,
    credit: params.selfAssessedCreditScore,
    whoIsHelping: tenant.features.staffAssisted ? params.whoIsHelping : "",
  };
  // The chosen car's codes win over the address's.
  const codes: VehicleCodes = vehicle
    ? { year: vehicle.year || null, vin: vehicle.vin.trim(), nvic: vehicle.nvic.trim() }
    : { year: params.year, vin: params.vin, nvic: params.nvic };
  return { params, vehicle, values, codes, bounds };
}

export type JourneyStart = Awaited<ReturnType<typeof journeyStart>>;

/**
 * The journey's address for a request: the page (/personalised/finance) and the browser's calls from the
 * page and the vehicle page's popup (/api/finance-journey, the same query) are the same journey, so its
 * gate, its lead and its application name the journey's page, never the framework's parameters.
 */
export function journeyUrlOf(request: Request): URL {
  const url = withoutFrameworkParams(new URL(request.url));
  url.pathname = JOURNEY_PATH;
  return url;
}

/** The journey needs a finance broker: a dealer without a finance provider has no such page. */
export function financeDealer(context: LoaderFunctionArgs["context"]) {
  const dealer = dealerFrom(context);
  if (dealer.tenant.features.financeProvider === "none") throw new Response("Not found", { status: 404 });
  return dealer;
}

// --- The action's posts ------------------------------------------------------------------------------------

/** One post of the journey: the dealer, the form, step 2's details as posted, step 1's from the address and the shopper. */
export interface JourneyPost {
  platform: Platform;
  tenant: TenantConfig;
  request: Request;
  data: FormData;
  details: DetailValues;
  /** The form says a code was sent (`code_sent`). */
  codeSent: boolean;
  url: URL;
  start: JourneyStart;
  /** The shopper's address, for the PhoneAuth port's limits. */
  clientAddress: string;
  shopper: Shopper | null;
  /** The signed-in shopper's mobile, verified already. */
  verifiedPhone: string | null;
}

export const text = (data: FormData, name: string, max: number) => String(data.get(name) ?? "").slice(0, max);

/** Step 2's fields as the form posts them (the spec's names: name, last_name, email, phone, postcode, code, subscribe). */
export function detailsFrom(data: FormData): DetailValues {
  return {
    firstName: text(data, "name", 60),
    lastName: text(data, "last_name", 60),
    email: text(data, "email", 120),
    phone: text(data, "phone", 20),
    postcode: text(data, "postcode", 4),
    subscribe: ["on", "true"].includes(String(data.get("subscribe") ?? "")),
    code: text(data, "code", 6),
  };
}

export function keptDetails(details: DetailValues): Omit<DetailValues, "code"> {
  const { code: _code, ...kept } = details;
  return kept;
}

export function answer(body: JourneyAnswer, status = 200, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { ...noStore, ...headers } });
}

export function refused(
  errors: DetailErrors,
  details: DetailValues,
  codeSent: boolean,
  status: number,
  extra: { verified?: boolean } = {},
) {
  return answer({ status: "refused", errors, details: keptDetails(details), codeSent, ...extra } as JourneyAnswer, status);
}

/** The postcode where the dealer asks for one: four digits (the field rule), then a postcode the platform's geocoder knows. */
export async function postcodeRefusal(geocoder: Geocoder, tenant: TenantConfig, details: DetailValues): Promise<DetailErrors> {
  if (!tenant.features.postcodeOnFinanceForm) return {};
  const rule = detailErrors(details, { postcode: true }, false).postcode;
  if (rule) return { postcode: rule };
  return (await isAustralianPostcode(geocoder, details.postcode.trim())) ? {} : { postcode: INVALID_POSTCODE };
}

/**
 * The mobile's verification for one post: send a code through the PhoneAuth port, or check one and sign
 * the shopper in (the session's cookie, once verified, for the answer to set).
 */
export function codeCalls(post: JourneyPost) {
  const { platform, tenant, details, start, clientAddress, request, verifiedPhone } = post;
  let cookie: string | null = null;
  // A signed-in shopper keeps their session: another mobile is refused before a code goes to it.
  const other = anotherMobileError(details.phone, verifiedPhone);
  const sendCode = async (): Promise<DetailErrors | null> => {
    const bad = phoneError(details.phone) ?? other;
    if (bad) return { phone: bad };
    const sent = await platform.auth.sendCode({
      tenant,
      phone: details.phone,
      details: {
        first_name: details.firstName.trim(),
        last_name: details.lastName.trim(),
        email: details.email.trim(),
        dealership_slug: start.vehicle?.dealership_slug,
      },
      clientAddress,
    });
    return sent.ok ? null : refusalErrors(sent.reason, "send");
  };
  const verifyCode = async (): Promise<DetailErrors | null> => {
    const bad = phoneError(details.phone) ?? other;
    if (bad) return { phone: bad };
    const badCode = codeError(details.code);
    if (badCode) return { code: badCode };
    const verified = await platform.auth.verifyCode({ tenant, phone: details.phone, code: details.code, clientAddress });
    if (!verified.ok) return refusalErrors(verified.reason, "verify");
    cookie = await startSession(platform, tenant, request, verified.shopper);
    return null;
  };
  /** The Set-Cookie header of the session a verified code started, if any. */
  const cookieHeader = (): Record<string, string> => (cookie ? { "Set-Cookie": cookie } : {});
  return { sendCode, verifyCode, cookieHeader };
}
