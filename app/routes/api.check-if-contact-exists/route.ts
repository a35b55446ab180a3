/**
 * GET /api/check-if-contact-exists?phone_number= (spec 001): does this dealer have a shopper with this
 * mobile? Answers `{ exists: boolean }` and nothing about the person. Each look-up spends one of the
 * address's CONTACT_CHECKS_PER_ADDRESS (20 an hour), so the endpoint cannot be used to find out who
 * among a list of numbers is a dealer's customer; over it, 429 with Retry-After.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { spendContactCheck } from "@server/auth/limits";
import { normaliseMobile } from "@server/auth/signInRecords";
import { getUserByPhone } from "@server/db/accounts";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { tooManyRequests } from "@server/limits/guard";
import { log } from "@server/log";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const check = await spendContactCheck(platform, tenant.slug, clientAddressOf(context));
  if (!check.allowed) return tooManyRequests(check.retryAfterSeconds);
  const raw = new URL(request.url).searchParams.get("phone_number") ?? "";
  const phone = raw.length <= 40 ? normaliseMobile(raw) : null;
  let exists = false;
  if (phone) {
    try {
      exists = (await getUserByPhone(platform.db, tenant.slug, phone)) !== null;
    } catch (error) {
      log.error("contact look-up failed", { tenant: tenant.slug, error: String(error) });
      return json({ exists: false }, { status: 503, headers: { "Cache-Control": PRIVATE_NO_STORE } });
    }
  }
  return json({ exists }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
