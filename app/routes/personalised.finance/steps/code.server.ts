/**
 * Step 2's mobile, for the browser's calls: 'send' checks the mobile and has a code sent through the
 * PhoneAuth port (rate limit, verification record and event 36 are the port's); 'verify' checks the
 * details, then the code, and signs the shopper in (event 37; the session cookie).
 */
import { detailErrors, hasErrors, isVerifiedPhone, refusalErrors } from "~/components/finance/journey";
import type { DetailErrors } from "~/components/finance/journeyCopy";
import { answer, codeCalls, keptDetails, postcodeRefusal, refused, type JourneyPost } from "./shared.server";

/** 'send': a code to the mobile. */
export async function sendStep(post: JourneyPost) {
  const { details, codeSent } = post;
  const errors = await codeCalls(post).sendCode();
  if (errors) return refused(errors, details, codeSent, errors.code ? 429 : 422);
  return answer({ status: "verificationSent", details: keptDetails(details) });
}

/** 'verify': the details, then the code; the shopper signed in. */
export async function verifyStep(post: JourneyPost) {
  const { platform, tenant, details, verifiedPhone } = post;
  // The details are checked (the postcode with the geocoder too) before the code is used up.
  // The signed-in shopper's own mobile is verified already: no code to check.
  const alreadyVerified = isVerifiedPhone(details.phone, verifiedPhone);
  const checks = {
    ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, !alreadyVerified),
    ...(await postcodeRefusal(platform.geocoder, tenant, details)),
  };
  if (hasErrors(checks)) return refused(checks, details, true, 422);
  if (alreadyVerified) return answer({ status: "verified" });
  const calls = codeCalls(post);
  const errors = await calls.verifyCode().catch((): DetailErrors => refusalErrors("unavailable", "verify"));
  if (errors) return refused(errors, details, true, 422);
  return answer({ status: "verified" }, 200, calls.cookieHeader());
}
