/**
 * POST /api/youx/quote (spec 001 section 7): the finance journey's quick quote. JSON in
 * ({ selfAssessedCreditScore, purchasePrice, loanTerm, year, vin, nvic, whoIsHelping }, judged by the
 * finance form's rules within the dealer's price bounds), 200 { weeklyRepaymentAmount, advertisedRate,
 * comparisonRate } from the platform's finance broker, or { error: 'Failed to get YouX quick quote' }:
 * 400 bad body, 404 a dealer without finance, 405 not a POST, 415 not JSON, 429 too many, 502 the
 * broker failed (logged). Never stored by a cache.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { QUOTE_FAILED, quoteRequestSchema } from "~/domain/finance/financeForm";
import { financeError, NO_STORE_HEADERS, postOnly, readJsonBody } from "@server/finance/apiSupport";
import { quoteHits, spendFinanceAllowance } from "@server/finance/limits";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { log } from "@server/log";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly(QUOTE_FAILED);
  const { platform, tenant } = dealerFrom(context);
  if (tenant.features.financeProvider === "none") return financeError(QUOTE_FAILED, 404);
  const read = await readJsonBody(request);
  if (!read.ok) return financeError(QUOTE_FAILED, read.status);
  const { priceMin, priceMax } = tenant.finance.quote;
  const parsed = quoteRequestSchema({ min: priceMin, max: priceMax }).safeParse(read.body);
  if (!parsed.success) return financeError(QUOTE_FAILED, 400);
  const allowance = await spendFinanceAllowance(platform, tenant.slug, quoteHits(clientAddressOf(context)));
  if (!allowance.allowed) return financeError(QUOTE_FAILED, 429, { "Retry-After": String(allowance.retryAfterSeconds) });
  try {
    const quote = await platform.financeBroker.quote(tenant, parsed.data);
    const { weeklyRepaymentAmount, advertisedRate, comparisonRate } = quote;
    return json({ weeklyRepaymentAmount, advertisedRate, comparisonRate }, { headers: NO_STORE_HEADERS });
  } catch (error) {
    log.warn("finance quote failed", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
    return financeError(QUOTE_FAILED, 502);
  }
}

export function loader() {
  return postOnly(QUOTE_FAILED);
}
