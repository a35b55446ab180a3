/**
 * The vehicle page's calculated quote (spec 001 section 4): where the dealer has calculated quotes on
 * and the car has neither a quote nor lender figures that may be shown, the finance broker is asked for
 * one on the spec's assumptions (credit GREAT, 5 years, 10% deposit). A quote failure in the sidebar is
 * ignored (section 8): it is logged and the sidebar shows no estimate; a broker slower than the page
 * can wait for is treated the same, so the page never waits on it for long.
 */
import type { Vehicle } from "~/domain/vehicle";
import { canFinance } from "~/domain/eligibility";
import { calculatedQuoteRequest, shownLender, wantsCalculatedQuote } from "~/domain/finance/lenderDisplay";
import { sellingPrice } from "~/domain/priceDisplay";
import type { Quote } from "@server/finance/port";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { dealerFlags } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import { lenderDisplayConfig } from "@server/vehicles/pageData";

/** How long the page waits for the broker's calculated quote before showing no estimate. */
export const CALCULATED_QUOTE_TIMEOUT_MS = 2500;

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
  const financeable = canFinance(vehicle, dealerFlags(tenant)) && tenant.features.financeProvider !== "none";
  if (!financeable) return null;
  const shown = shownLender(vehicle, price, lenderDisplayConfig(tenant), now);
  if (!wantsCalculatedQuote(vehicle, price, shown, tenant.features.calculatedQuote)) return null;

  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([platform.financeBroker.quote(tenant, calculatedQuoteRequest(vehicle, price)), tooSlow]);
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
