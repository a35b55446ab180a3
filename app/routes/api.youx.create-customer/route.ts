/**
 * POST /api/youx/create-customer (spec 001 section 7): the finance journey's last step hands the
 * shopper to the finance broker. JSON in ({ data: the customer payload, additionalData: the lead },
 * judged by the finance form's rules; the postcode checked with the platform's geocoder where the
 * dealer asks for it), 200 { redirectUrl } where the shopper goes next, or { error }:
 * 401 signed out and 403 another mobile than the signed-in shopper's (the SMS step signs the shopper
 * in), 400 bad body ('Invalid postcode' for an unknown postcode), 404 a dealer without finance,
 * 405/415 not a JSON POST, 429 too many, 502 the broker failed ('Failed to create YouX customer') or
 * gave no address ('Failed to create customer or no redirect URL received.'). The customer is kept in
 * finance_customers with the lead's id when additionalData names it. Never stored by a cache.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { CREATE_CUSTOMER_FAILED, createCustomerBodySchema, INVALID_POSTCODE, NO_REDIRECT_URL } from "~/domain/finance/financeForm";
import { toInternationalMobile } from "~/domain/phone";
import { shopperFromRequest } from "@server/auth/session";
import { financeError, NO_STORE_HEADERS, postOnly, readJsonBody } from "@server/finance/apiSupport";
import { customerHits, spendFinanceAllowance } from "@server/finance/limits";
import { isAustralianPostcode } from "@server/geo/geocoder";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { log } from "@server/log";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly(CREATE_CUSTOMER_FAILED);
  const { platform, tenant } = dealerFrom(context);
  if (tenant.features.financeProvider === "none") return financeError(CREATE_CUSTOMER_FAILED, 404);
  const read = await readJsonBody(request);
  if (!read.ok) return financeError(CREATE_CUSTOMER_FAILED, read.status);
  const shopper = await shopperFromRequest(platform, tenant, request);
  if (!shopper) return financeError(CREATE_CUSTOMER_FAILED, 401);

  const postcodeRequired = tenant.features.postcodeOnFinanceForm;
  const { priceMin, priceMax } = tenant.finance.quote;
  const parsed = createCustomerBodySchema({ bounds: { min: priceMin, max: priceMax }, postcodeRequired }).safeParse(read.body);
  if (!parsed.success) return financeError(CREATE_CUSTOMER_FAILED, 400);
  const { data, additionalData } = parsed.data;
  if (data.postCode && !(await isAustralianPostcode(platform.geocoder, data.postCode))) {
    return financeError(INVALID_POSTCODE, 400);
  }
  // The mobile verified by SMS is the session's; an application for another number is refused.
  if (toInternationalMobile(data.phoneNumber) !== shopper.phone) return financeError(CREATE_CUSTOMER_FAILED, 403);

  const allowance = await spendFinanceAllowance(platform, tenant.slug, customerHits(clientAddressOf(context), shopper.phone));
  if (!allowance.allowed) return financeError(CREATE_CUSTOMER_FAILED, 429, { "Retry-After": String(allowance.retryAfterSeconds) });
  try {
    const { redirectUrl } = await platform.financeBroker.createCustomer(tenant, data, additionalData);
    if (!redirectUrl) return financeError(NO_REDIRECT_URL, 502);
    return json({ redirectUrl }, { headers: NO_STORE_HEADERS });
  } catch (error) {
    log.warn("finance customer not created", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
    return financeError(CREATE_CUSTOMER_FAILED, 502);
  }
}

export function loader() {
  return postOnly(CREATE_CUSTOMER_FAILED);
}
