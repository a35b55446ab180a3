/**
 * /personalised/finance (spec 001 sections 2, 4, 7 and 8): the server half of the finance journey.
 *
 * The loader reads every parameter of the address (readFinanceParams), the car it names, and either
 * the 'Get Finance Now' landing (no car, the dealer's `features.financeLandingCta`) or the journey with
 * its quote worked out here, so the page is whole without JavaScript. The vehicle page's popup asks
 * the same loader for the same data.
 *
 * The action takes the journey's posts (`intent`), with step 1's values in the address and step 2's in
 * the body:
 * - send: check the mobile and have a code sent through the PhoneAuth port (rate limit, verification
 *   record and event 36 are the port's);
 * - verify: check the code and sign the shopper in (event 37; the session cookie);
 * - lead: file the 'Finance Enquiry' lead for the signed-in shopper (the browser's half of the final
 *   step, beside its POST /api/youx/create-customer);
 * - submit: the whole final step for a page without JavaScript: verify, then create the customer with
 *   the finance broker and file the lead in parallel, then redirect to the broker's address.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  finishJourney,
  leadAttributes,
  customerAdditionalData,
  customerData,
  detailErrors,
  hasErrors,
  isVerifiedPhone,
  phoneError,
  codeError,
  refusalErrors,
  NOTHING_DONE,
  type JourneyCalls,
  type VehicleCodes,
} from "~/components/finance/journey";
import {
  EMPTY_DETAILS,
  type DetailErrors,
  type DetailValues,
  type JourneyAnswer,
  type JourneyCar,
  type JourneyData,
  type JourneyIntent,
  type QuoteFigures,
  type QuoteValues,
} from "~/components/finance/journeyCopy";
import {
  CREDIT_SCORE_LABELS,
  INVALID_POSTCODE,
  LEAD_SUBMISSION_FAILED,
  mobileForSubmit,
  QUOTE_FAILED,
  readFinanceParams,
  UNKNOWN_ERROR,
} from "~/domain/finance/financeForm";
import { JOURNEY_PATH } from "~/components/finance/journeyAddress";
import { isFrameworkParam, withoutFrameworkParams } from "~/domain/frameworkParams";
import { gatedSignInType } from "~/domain/gating";
import { leadEventId } from "~/domain/leadEvents";
import { formatMoney } from "~/domain/money";
import { formatPhone, toLocalDigits } from "~/domain/phone";
import { emptySearchRequest } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import { toVehicleCardData, type VehicleCardData } from "~/domain/vehicleCard";
import { refererPath } from "@server/http/sameSite";
import { reportedLeadFor, trackEvent } from "@server/analytics.server";
import { requireShopper, shopperFromRequest, startSession, type Shopper } from "@server/auth/session";
import { linkFinanceCustomerLead } from "@server/db/finance";
import type { LeadInput } from "@server/db/leads";
import { PRIVATE_NO_CACHE, PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { enquiryCar, findDealerCar } from "@server/leads/enquiryPages";
import { HONEYPOT_FIELD, readFormBody } from "@server/leads/formAction";
import { submitLead } from "@server/leads/submit";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { cardSiteOptions } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import { isAustralianPostcode, type Geocoder } from "@server/geo/geocoder";

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/** The landing's featured stock: six in-stock used cars with more than one photo (spec 001 sections 2 and 9). */
const FEATURED_COUNT = 6;
const FEATURED_POOL = 30;

export type PersonalisedFinanceData =
  | {
      mode: "landing";
      siteName: string;
      usedCarsHref: string;
      startHref: string;
      featured: VehicleCardData[];
      site: ReturnType<typeof cardSiteOptions>;
    }
  | { mode: "journey"; siteName: string; journey: JourneyData };

/** Step 1's values, the car and its codes, as the address gives them (every parameter of section 2). */
async function journeyStart(platform: Platform, tenant: TenantConfig, url: URL) {
  const quote = tenant.finance.quote;
  const bounds = { min: quote.priceMin, max: quote.priceMax };
  const params = readFinanceParams(url.searchParams, { ...bounds, default: quote.priceDefault });
  const vehicle = await findDealerCar(platform, tenant, params.car_id ?? undefined);
  const given = (name: string) => (url.searchParams.get(name) ?? "").trim() !== "";
  // A quick pick sent without JavaScript (a button named pick) wins over the typed price.
  const pick = Number(url.searchParams.get("pick"));
  let price = params.purchasePrice;
  if (Number.isFinite(pick) && quote.quickPicks.includes(pick)) price = Math.min(bounds.max, Math.max(bounds.min, pick));
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

function journeyCar(tenant: TenantConfig, v: Vehicle): JourneyCar {
  const car = enquiryCar(tenant, v);
  return {
    id: v.id,
    title: car.title,
    href: car.href,
    image: car.image,
    priceText: car.priceText,
    year: v.year || null,
    vin: v.vin,
    nvic: v.nvic,
  };
}

/** The quick quote for step 1, or null (logged with the spec's words) when the broker cannot give one. */
export async function quoteFor(
  platform: Platform,
  tenant: TenantConfig,
  values: QuoteValues,
  codes: VehicleCodes,
): Promise<QuoteFigures | null> {
  try {
    const quote = await platform.financeBroker.quote(tenant, {
      selfAssessedCreditScore: values.credit,
      purchasePrice: values.price,
      loanTerm: values.loanTerm,
      year: codes.year,
      vin: codes.vin,
      nvic: codes.nvic,
      whoIsHelping: values.whoIsHelping,
    });
    return {
      weeklyRepaymentAmount: quote.weeklyRepaymentAmount,
      advertisedRate: quote.advertisedRate,
      comparisonRate: quote.comparisonRate,
    };
  } catch (error) {
    log.warn(QUOTE_FAILED, { tenant: tenant.slug, error: String(error) });
    return null;
  }
}

async function featuredUsedCars(platform: Platform, tenant: TenantConfig): Promise<VehicleCardData[]> {
  try {
    const result = await platform.search.search(
      tenant,
      emptySearchRequest({ perPage: FEATURED_POOL, filters: { status: ["in_stock"], car_type: ["used"] } }),
    );
    return result.hits
      .filter((v) => v.status === "in_stock" && v.car_type === "used" && Math.max(v.photos_count, v.images?.length ?? 0) > 1)
      .slice(0, FEATURED_COUNT)
      .map(toVehicleCardData);
  } catch (error) {
    log.warn("featured used cars unavailable", { tenant: tenant.slug, error: String(error) });
    return [];
  }
}

/** The page of this site the shopper came from (the Referer), if any. */
function refererPages(request: Request): string[] {
  const from = refererPath(request, Infinity);
  return from ? leadAttributes([from], {}).visited_pages : [];
}

/** The journey's own parameters, never part of the link's query (nor are the framework's). */
const JOURNEY_PARAMS = new Set(["step", "pick", "from", "linked"]);

/**
 * The journey's address for a request: the page (/personalised/finance) and the browser's calls from the
 * page and the vehicle page's popup (/api/finance-journey, the same query) are the same journey, so its
 * gate, its lead and its application name the journey's page, never the framework's parameters.
 */
function journeyUrlOf(request: Request): URL {
  const url = withoutFrameworkParams(new URL(request.url));
  url.pathname = JOURNEY_PATH;
  return url;
}

/**
 * The query of the link that brought the shopper (lead_attributes.linked_query_params). Without
 * JavaScript step 1's form carries it on (`linked`), since each step is a new address.
 */
function linkedQueryOf(url: URL): Record<string, string> {
  const carried = url.searchParams.get("linked");
  const source = carried !== null ? new URLSearchParams(carried.slice(0, 2000)) : url.searchParams;
  const linked: Record<string, string> = {};
  for (const [key, value] of source) if (!JOURNEY_PARAMS.has(key) && !isFrameworkParam(key) && !(key in linked)) linked[key] = value;
  return leadAttributes([], linked).linked_query_params;
}

/**
 * The pages the shopper came through, as far as the server sees them: the page step 1's form carried
 * on (`from`, the page before the journey), then the Referer.
 */
function visitedPagesOf(request: Request, url: URL): string[] {
  const from = url.searchParams.get("from") ?? "";
  return leadAttributes([...(from ? [from] : []), ...refererPages(request)], {}).visited_pages;
}

/** The journey needs a finance broker: a dealer without a finance provider has no such page. */
function financeDealer(context: LoaderFunctionArgs["context"]) {
  const dealer = dealerFrom(context);
  if (dealer.tenant.features.financeProvider === "none") throw new Response("Not found", { status: 404 });
  return dealer;
}

export async function personalisedFinanceLoader(args: LoaderFunctionArgs) {
  const { platform, tenant } = financeDealer(args.context);
  const url = journeyUrlOf(args.request);
  // A gated route (type finance): a signed-out shopper signs in first and comes back here.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  const shopper: Shopper | null = gate ? await requireShopper(args, gate) : await shopperFromRequest(platform, tenant, args.request);
  const start = await journeyStart(platform, tenant, url);
  // Step 1's form sends step=1, and its 'Get A Personalised Quote' button step=2 as well.
  const steps = url.searchParams.getAll("step");
  const step = steps.includes("2") ? 2 : steps.length ? 1 : null;

  if (!start.vehicle && step === null && tenant.features.financeLandingCta) {
    const data: PersonalisedFinanceData = {
      mode: "landing",
      siteName: tenant.name,
      usedCarsHref: `${tenant.paths.searchPrefix}/used-cars`,
      startHref: "/personalised/finance?step=1",
      featured: await featuredUsedCars(platform, tenant),
      site: cardSiteOptions(tenant),
    };
    return json(data, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
  }

  const journey: JourneyData = {
    car: start.vehicle ? journeyCar(tenant, start.vehicle) : null,
    vehicle: start.codes,
    options: {
      bounds: start.bounds,
      quickPicks: tenant.finance.quote.quickPicks,
      staffAssisted: tenant.features.staffAssisted,
      postcode: tenant.features.postcodeOnFinanceForm,
      optInShown: tenant.features.enquiryOptInShown,
    },
    start: { ...start.values, step: step ?? 1 },
    quote: await quoteFor(platform, tenant, start.values, start.codes),
    linkedQuery: linkedQueryOf(url),
    verifiedPhone: shopper ? toLocalDigits(shopper.phone) : null,
    // What the dealer already knows of a signed-in shopper fills step 2 in.
    known: shopper
      ? { firstName: shopper.first_name, lastName: shopper.last_name, email: shopper.email, phone: formatPhone(shopper.phone) }
      : null,
    visitedPages: visitedPagesOf(args.request, url),
  };
  const data: PersonalisedFinanceData = { mode: "journey", siteName: tenant.name, journey };
  return json(data, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

// --- The action --------------------------------------------------------------------------------------------

const text = (data: FormData, name: string, max: number) => String(data.get(name) ?? "").slice(0, max);

/** Step 2's fields as the form posts them (the spec's names: name, last_name, email, phone, postcode, code, subscribe). */
function detailsFrom(data: FormData): DetailValues {
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

function keptDetails(details: DetailValues): Omit<DetailValues, "code"> {
  const { code: _code, ...kept } = details;
  return kept;
}

function answer(body: JourneyAnswer, status = 200, headers: Record<string, string> = {}) {
  return json(body, { status, headers: { ...noStore, ...headers } });
}

function refused(errors: DetailErrors, details: DetailValues, codeSent: boolean, status: number, extra: { verified?: boolean } = {}) {
  return answer({ status: "refused", errors, details: keptDetails(details), codeSent, ...extra } as JourneyAnswer, status);
}

/** The lead's lines for the salesperson who reads it. */
function leadMessage(v: Vehicle | null, values: QuoteValues, quote: QuoteFigures | null): string {
  return [
    v ? `Car: ${[v.year || "", v.make, v.model, v.badge].filter(Boolean).join(" ")}${v.stocknum ? ` (stock #${v.stocknum})` : ""}` : "",
    `Purchase price: ${formatMoney(values.price)}`,
    `Loan term: ${values.loanTerm} years`,
    `Credit history: ${CREDIT_SCORE_LABELS[values.credit]}`,
    quote ? `Quick quote: ${formatMoney(quote.weeklyRepaymentAmount)} per week at ${quote.advertisedRate}% p.a.` : "",
    values.whoIsHelping ? `Helped by: ${values.whoIsHelping}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The 'Finance Enquiry' lead (tags ['YouX'], lead_attributes), the same for the browser's call and the page's post. */
export function journeyLead(
  tenant: TenantConfig,
  v: Vehicle | null,
  values: QuoteValues,
  details: DetailValues,
  attributes: ReturnType<typeof leadAttributes>,
  sourcePath: string,
): LeadInput {
  return {
    category: "Finance Enquiry",
    subcategory: "Finance Enquiry",
    car_id: v?.id ?? null,
    name: details.firstName.trim(),
    last_name: details.lastName.trim(),
    email: details.email.trim(),
    phone: mobileForSubmit(details.phone),
    postcode: tenant.features.postcodeOnFinanceForm ? details.postcode.trim() : "",
    message: leadMessage(v, values, null),
    source_path: sourcePath,
    payload: {
      dealership_slug: v?.dealership_slug || tenant.dealerships[0]?.slug || tenant.slug,
      tags: ["YouX"],
      lead_attributes: attributes,
      ...(v ? { car_id: v.id, stock_number: v.stocknum, "Vehicle Make": v.make, "Vehicle Model": v.model, car_type: v.car_type } : {}),
      selfAssessedCreditScore: values.credit,
      purchasePrice: values.price,
      loanTerm: values.loanTerm,
      ...(values.whoIsHelping ? { whoIsHelping: values.whoIsHelping } : {}),
      subscribe: details.subscribe,
      opt_in: details.subscribe,
      subcategory: "Finance Enquiry",
    },
  };
}

/** The pages and the link's query the form carried (hidden fields), as lead_attributes. */
function attributesFrom(data: FormData, request: Request) {
  const visited = data.getAll("visited_page").map(String).slice(0, 20);
  const here = journeyUrlOf(request);
  for (const name of ["from", "linked"]) here.searchParams.delete(name);
  let linked: Record<string, string> = {};
  const linkedText = text(data, "linked_query", 2000);
  if (linkedText) linked = Object.fromEntries(new URLSearchParams(linkedText));
  return leadAttributes([...visited, `${here.pathname}${here.search}`], linked);
}

/** Files the lead and its analytics event; throws when it could not be stored. */
async function fileLead(
  platform: Platform,
  tenant: TenantConfig,
  request: Request,
  lead: LeadInput,
  vehicle: Vehicle | null,
): Promise<string> {
  const { lead: stored, duplicate } = await submitLead(platform, tenant, lead);
  if (!duplicate) {
    await trackEvent(platform.db, tenant.slug, leadEventId("enquiry", vehicle), {
      path: JOURNEY_PATH,
      payload: { form: "finance-journey", ...(vehicle ? { car_id: vehicle.id } : {}) },
    });
  }
  return stored.id;
}

/** The postcode where the dealer asks for one: four digits (the field rule), then a postcode the platform's geocoder knows. */
async function postcodeRefusal(geocoder: Geocoder, tenant: TenantConfig, details: DetailValues): Promise<DetailErrors> {
  if (!tenant.features.postcodeOnFinanceForm) return {};
  const rule = detailErrors(details, { postcode: true }, false).postcode;
  if (rule) return { postcode: rule };
  return (await isAustralianPostcode(geocoder, details.postcode.trim())) ? {} : { postcode: INVALID_POSTCODE };
}

export async function personalisedFinanceAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { platform, tenant } = financeDealer(context);
  const geocoder = platform.geocoder;
  const data = await readFormBody(request);
  if (!data) return refused({ form: UNKNOWN_ERROR }, EMPTY_DETAILS, false, 400);
  const intent = String(data.get("intent") ?? "") as JourneyIntent;
  const details = detailsFrom(data);
  const codeSent = data.get("code_sent") === "1";
  // Bots fill the field no person sees; they learn nothing, and nothing is sent or stored.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return refused({ form: UNKNOWN_ERROR }, details, codeSent, 400);

  const url = journeyUrlOf(request);
  const start = await journeyStart(platform, tenant, url);
  const clientAddress = clientAddressOf(context);
  const shopper = await shopperFromRequest(platform, tenant, request);
  const verifiedPhone = shopper ? toLocalDigits(shopper.phone) : null;

  const sendCode = async (): Promise<DetailErrors | null> => {
    const bad = phoneError(details.phone);
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

  let cookie: string | null = null;
  const verifyCode = async (): Promise<DetailErrors | null> => {
    const bad = phoneError(details.phone) ?? undefined;
    if (bad) return { phone: bad };
    const badCode = codeError(details.code);
    if (badCode) return { code: badCode };
    const verified = await platform.auth.verifyCode({ tenant, phone: details.phone, code: details.code, clientAddress });
    if (!verified.ok) return refusalErrors(verified.reason, "verify");
    cookie = await startSession(platform, tenant, request, verified.shopper);
    return null;
  };

  switch (intent) {
    case "send": {
      const errors = await sendCode();
      if (errors) return refused(errors, details, codeSent, errors.code ? 429 : 422);
      return answer({ status: "verificationSent", details: keptDetails(details) });
    }
    case "verify": {
      // The details are checked (the postcode with the geocoder too) before the code is used up.
      // The signed-in shopper's own mobile is verified already: no code to check.
      const alreadyVerified = isVerifiedPhone(details.phone, verifiedPhone);
      const checks = {
        ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, !alreadyVerified),
        ...(await postcodeRefusal(geocoder, tenant, details)),
      };
      if (hasErrors(checks)) return refused(checks, details, true, 422);
      if (alreadyVerified) return answer({ status: "verified" });
      const errors = await verifyCode().catch((): DetailErrors => refusalErrors("unavailable", "verify"));
      if (errors) return refused(errors, details, true, 422);
      return answer({ status: "verified" }, 200, cookie ? { "Set-Cookie": cookie } : {});
    }
    case "lead": {
      // The browser's half of the final step: only for the shopper this mobile was just verified for.
      if (!shopper || !details.phone || mobileForSubmit(details.phone) !== toLocalDigits(shopper.phone)) {
        return refused({ form: LEAD_SUBMISSION_FAILED }, details, true, 401);
      }
      const errors = {
        ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, false),
        ...(await postcodeRefusal(geocoder, tenant, details)),
      };
      if (hasErrors(errors)) return refused(errors, details, true, 422);
      try {
        const lead = journeyLead(tenant, start.vehicle, start.values, details, attributesFrom(data, request), url.pathname);
        const leadId = await fileLead(platform, tenant, request, lead, start.vehicle);
        // The browser learns here that the lead was stored: the dealer's own tags hear of it from this answer.
        return answer({ status: "leadStored", leadId, dealerLead: await reportedLeadFor(platform.db, tenant, leadId) });
      } catch (error) {
        log.error("finance lead not stored", { tenant: tenant.slug, error: String(error) });
        return refused({ form: LEAD_SUBMISSION_FAILED }, details, true, 500);
      }
    }
    case "submit": {
      const needsCode = !isVerifiedPhone(details.phone, verifiedPhone);
      // Before a code was sent, the final button sends one (the shopper then types it and sends again).
      const checks = {
        ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, needsCode && codeSent),
        ...(await postcodeRefusal(geocoder, tenant, details)),
      };
      if (hasErrors(checks)) return refused(checks, details, codeSent, 422);
      if (needsCode && !codeSent) {
        const errors = await sendCode();
        if (errors) return refused(errors, details, false, errors.code ? 429 : 422);
        return answer({ status: "verificationSent", details: keptDetails(details) });
      }
      const attributes = attributesFrom(data, request);
      const lead = journeyLead(tenant, start.vehicle, start.values, details, attributes, url.pathname);
      const calls: Pick<JourneyCalls, "verifyCode" | "createCustomer" | "submitLead"> = {
        verifyCode,
        createCustomer: async () => {
          const made = await platform.financeBroker.createCustomer(
            tenant,
            customerData(start.values, details, start.codes, tenant.features.postcodeOnFinanceForm),
            customerAdditionalData(start.vehicle?.id ?? null, attributes, url.pathname),
          );
          reference = made.reference;
          return { redirectUrl: made.redirectUrl };
        },
        submitLead: async () => {
          leadId = await fileLead(platform, tenant, request, lead, start.vehicle);
          return { ok: true as const };
        },
      };
      let reference = "";
      let leadId = "";
      const outcome = await finishJourney(calls, details, NOTHING_DONE, needsCode);
      // Both were made in parallel: the dealer's record of the application now names its lead.
      if (reference && leadId) await linkFinanceCustomerLead(platform.db, tenant.slug, reference, leadId).catch(() => false);
      const headers: Record<string, string> = cookie ? { "Set-Cookie": cookie } : {};
      if ("redirectUrl" in outcome) return redirect(outcome.redirectUrl, { headers: { ...noStore, ...headers } });
      if (outcome.errors.form) log.error("finance journey not finished", { tenant: tenant.slug, error: outcome.errors.form });
      return answer(
        {
          status: "refused",
          errors: outcome.errors,
          details: keptDetails(details),
          codeSent: !outcome.progress.verified,
          verified: outcome.progress.verified,
        } as JourneyAnswer,
        outcome.errors.code ? 422 : 502,
        headers,
      );
    }
    default:
      return refused({ form: UNKNOWN_ERROR }, details, codeSent, 400);
  }
}
