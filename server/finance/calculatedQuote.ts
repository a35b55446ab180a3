/**
 * The vehicle page's calculated quote (spec 001 section 4): where the dealer has calculated quotes on
 * and the car has neither a quote nor lender figures that may be shown, the finance broker is asked for
 * one on the spec's assumptions (credit GREAT, 5 years, 10% deposit). A quote failure in the sidebar is
 * ignored (section 8): it is logged and the sidebar shows no estimate; a broker slower than the page
 * can wait for is treated the same, so the page never waits on it for long. A car's answer is kept a
 * while (a failure only briefly), so the broker is asked once per car, not once per page view.
 */
import type { Vehicle } from "~/domain/vehicle";
import { calculatedQuoteRequest, shownLender, wantsCalculatedQuote } from "~/domain/finance/lenderDisplay";
import { sellingPrice } from "~/domain/priceDisplay";
import type { Quote } from "@server/finance/port";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { carIsFinanceable, lenderDisplayConfig } from "@server/vehicles/pageData";

/** How long the page waits for the broker's calculated quote before showing no estimate. */
export const CALCULATED_QUOTE_TIMEOUT_MS = 2500;
/** How long a car's calculated quote is kept; a failed one is asked again sooner. */
export const CALCULATED_QUOTE_KEPT_MS = 30 * 60_000;
export const FAILED_QUOTE_KEPT_MS = 60_000;
const MOST_KEPT = 5000;

/** The quotes each broker has given, by dealer, car, amount and year (a new broker starts afresh). */
const keptQuotes = new WeakMap<object, Map<string, { until: number; quote: Promise<Quote | null> }>>();

/**
 * The broker's calculated quote for this car's sidebar, or null (not wanted, refused, failed or too
 * slow). Undefined is never returned: the page then never falls back to a figure the broker did not give.
 */
export async function loadCalculatedQuote(
  platform: Pick<Platform, "financeBroker">,
  tenant: TenantConfig,
  vehicle: Vehicle,
  now: Date,
  timeoutMs = CALCULATED_QUOTE_TIMEOUT_MS,
): Promise<Quote | null> {
  const price = Math.max(0, sellingPrice(vehicle));
  if (!carIsFinanceable(tenant, vehicle)) return null;
  const shown = shownLender(vehicle, price, lenderDisplayConfig(tenant), now);
  if (!wantsCalculatedQuote(vehicle, price, shown, tenant.features.calculatedQuote)) return null;

  const request = calculatedQuoteRequest(vehicle, price);
  const broker = platform.financeBroker;
  const kept = keptQuotes.get(broker) ?? new Map<string, { until: number; quote: Promise<Quote | null> }>();
  keptQuotes.set(broker, kept);
  const key = [tenant.slug, vehicle.id, request.purchasePrice, request.year].join("|");
  const fresh = kept.get(key);
  if (fresh && fresh.until > Date.now()) return fresh.quote;

  const entry = { until: Date.now() + CALCULATED_QUOTE_KEPT_MS, quote: askBroker(broker, tenant, vehicle, request, timeoutMs) };
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value as string);
  void entry.quote.then((quote) => {
    if (quote === null) entry.until = Date.now() + FAILED_QUOTE_KEPT_MS;
  });
  return entry.quote;
}

async function askBroker(
  broker: Platform["financeBroker"],
  tenant: TenantConfig,
  vehicle: Vehicle,
  request: ReturnType<typeof calculatedQuoteRequest>,
  timeoutMs: number,
): Promise<Quote | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([broker.quote(tenant, request), tooSlow]);
  } catch (error) {
    log.warn("Calculated finance quote failed; the sidebar shows no estimate", {
      tenant: tenant.slug,
      car_id: vehicle.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  } finally {
    clearTimeout(timer);
  }
}
