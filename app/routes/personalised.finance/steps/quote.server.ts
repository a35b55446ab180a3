/**
 * Step 1 of the finance journey, as the page opens it: the car, the address's values and the quick quote
 * worked out here (so the page is whole without JavaScript), with what the final step's lead will carry
 * (the link's query, the pages the shopper came through) and what the dealer knows of a signed-in shopper.
 */
import { leadAttributes, type VehicleCodes } from "~/components/finance/journey";
import type { JourneyCar, JourneyData, JourneyStep, QuoteFigures, QuoteValues } from "~/components/finance/journeyCopy";
import { offeredQuickPicks, QUOTE_FAILED } from "~/domain/finance/financeForm";
import { isFrameworkParam } from "~/domain/frameworkParams";
import { formatPhone, toLocalDigits } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import { refererPath } from "@server/http/sameSite";
import type { Shopper } from "@server/auth/session";
import { enquiryCar } from "@server/leads/enquiryPages";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import type { JourneyStart } from "./shared.server";

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

/** The page of this site the shopper came from (the Referer), if any. */
function refererPages(request: Request): string[] {
  const from = refererPath(request, Infinity);
  return from ? leadAttributes([from], {}).visited_pages : [];
}

/** The journey's own parameters, never part of the link's query (nor are the framework's). */
const JOURNEY_PARAMS = new Set(["step", "pick", "from", "linked"]);

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

/** The journey's data for the page (and the vehicle page's popup), opened at `step` (1, or 2 from step 1's 'Get A Personalised Quote'). */
export async function journeyData(args: {
  platform: Platform;
  tenant: TenantConfig;
  request: Request;
  url: URL;
  shopper: Shopper | null;
  start: JourneyStart;
  step: JourneyStep;
}): Promise<JourneyData> {
  const { platform, tenant, request, url, shopper, start, step } = args;
  return {
    car: start.vehicle ? journeyCar(tenant, start.vehicle) : null,
    vehicle: start.codes,
    options: {
      bounds: start.bounds,
      quickPicks: offeredQuickPicks(tenant.finance.quote.quickPicks, start.bounds),
      staffAssisted: tenant.features.staffAssisted,
      postcode: tenant.features.postcodeOnFinanceForm,
      optInShown: tenant.features.enquiryOptInShown,
    },
    start: { ...start.values, step },
    quote: await quoteFor(platform, tenant, start.values, start.codes),
    linkedQuery: linkedQueryOf(url),
    verifiedPhone: shopper ? toLocalDigits(shopper.phone) : null,
    // What the dealer already knows of a signed-in shopper fills step 2 in.
    known: shopper
      ? { firstName: shopper.first_name, lastName: shopper.last_name, email: shopper.email, phone: formatPhone(shopper.phone) }
      : null,
    visitedPages: visitedPagesOf(request, url),
  };
}
