/**
 * The sign-in screen's server half: the page (its type's heading, the same-site redirect and back
 * paths) and its two posts. 'send' checks the mobile and has a code sent (platform.auth); 'verify'
 * checks the code, starts the shopper's session (the cookie) and sends them to `redirect` (a path on
 * this site, else home). A refused step answers with the spec's words and what was typed kept, so the
 * same two posts work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { FORM_ERROR } from "~/components/forms/leadFormNames";
import { isSignInType } from "~/domain/gating";
import { safeRedirectPath } from "~/domain/safeRedirect";
import { formatPhone } from "~/domain/phone";
import type { SignInRefusal } from "@server/auth/port";
import { shopperFromRequest, startSession, type Shopper } from "@server/auth/session";
import { finishPendingSave } from "@server/watchlist/watchlistRequest";
import { finishPendingSearchSave } from "../saved-searches/savedSearches.server";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { readFormBody, typedValues } from "@server/leads/formAction";
import { log } from "@server/log";
import { MESSAGES, signInCopy, SIGN_IN_FORM_ID, type SignInIntent } from "./signInCopy";
import { signInValidator } from "./signInSchema";

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/** The query of /sign-in: the type (its heading), where to go after and where 'Cancel' goes. */
function signInQuery(request: Request) {
  const query = new URL(request.url).searchParams;
  const type = query.get("type");
  return {
    type: isSignInType(type) ? type : null,
    redirect: safeRedirectPath(query.get("redirect")),
    back: safeRedirectPath(query.get("back")),
  };
}

export async function signInLoader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const query = signInQuery(request);
  // Already signed in on this dealer's site: straight on to where the shopper was going.
  if (await shopperFromRequest(platform, tenant, request)) throw redirect(query.redirect, { headers: noStore });
  return data({ ...query, ...signInCopy(query.type), siteName: tenant.name }, { headers: noStore });
}

/** The answer to a step the server refused: the message at its field (or the form's), the values kept. */
function refuse(field: "phone" | "code" | typeof FORM_ERROR, message: string, values: Record<string, string>, status: number) {
  return validationError({ fieldErrors: { [field]: message }, formId: SIGN_IN_FORM_ID }, values, { status, headers: noStore });
}

/** Where each refusal of the auth port is said, in the spec's error catalogue's words (001 section 8). */
function refusalMessage(reason: SignInRefusal, step: SignInIntent): { field: "phone" | "code" | typeof FORM_ERROR; message: string } {
  switch (reason) {
    case "invalid-phone":
      return { field: "phone", message: MESSAGES.mobileInvalid };
    case "too-many-attempts":
      return { field: FORM_ERROR, message: MESSAGES.tooMany };
    case "invalid-code":
    case "expired-code":
      return { field: "code", message: MESSAGES.invalidCode };
    default:
      return { field: FORM_ERROR, message: step === "send" ? MESSAGES.unknownStep : MESSAGES.unknownVerification };
  }
}

export async function signInAction({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const query = signInQuery(request);
  const form = await readFormBody(request);
  if (!form) return refuse(FORM_ERROR, MESSAGES.unknown, {}, 400);
  const typed = typedValues(form);
  // What comes back with a refusal: the mobile and which step the shopper was on (never the code).
  const kept = { phone: (typed.phone ?? "").slice(0, 20), ...(typed.step === "code" ? { step: "code" } : {}) };

  const result = await signInValidator.validate(form);
  if (result.error) {
    const { intent: badIntent, ...fieldErrors } = result.error.fieldErrors;
    if (badIntent && Object.keys(fieldErrors).length === 0) return refuse(FORM_ERROR, MESSAGES.unknownStep, kept, 400);
    return validationError({ fieldErrors, formId: SIGN_IN_FORM_ID }, kept, { headers: noStore });
  }
  const values = result.data;
  const clientAddress = clientAddressOf(context);

  if (values.intent === "send") {
    try {
      const sent = await platform.auth.sendCode({ tenant, phone: values.phone, details: {}, clientAddress });
      if (!sent.ok) {
        const { field, message } = refusalMessage(sent.reason, "send");
        return refuse(field, message, kept, sent.reason === "too-many-attempts" ? 429 : 422);
      }
    } catch (error) {
      log.error("sign-in code not sent", { tenant: tenant.slug, error: String(error) });
      return refuse(FORM_ERROR, MESSAGES.unknownStep, kept, 503);
    }
    return data({ status: "verificationSent" as const, phone: formatPhone(values.phone), sentAt: Date.now() }, { headers: noStore });
  }

  const codeStep = { ...kept, step: "code" };
  let cookie: string;
  let phone: string;
  let verifiedShopper: Shopper;
  try {
    const verified = await platform.auth.verifyCode({ tenant, phone: values.phone, code: values.code, clientAddress });
    if (!verified.ok) {
      const { field, message } = refusalMessage(verified.reason, "verify");
      return refuse(field, message, codeStep, verified.reason === "too-many-attempts" ? 429 : 422);
    }
    cookie = await startSession(platform, tenant, request, verified.shopper);
    phone = verified.shopper.phone;
    verifiedShopper = verified.shopper;
  } catch (error) {
    log.error("sign-in not verified", { tenant: tenant.slug, error: String(error) });
    return refuse(FORM_ERROR, MESSAGES.unknownVerification, codeStep, 503);
  }
  // A save that asked for this sign-in is finished by this POST (only a POST changes the watchlist).
  const afterSave =
    (await finishPendingSave(platform, tenant, phone, query.redirect)) ??
    // A saved search that asked for this sign-in is finished by it too (issue 27).
    (await finishPendingSearchSave(platform, tenant, verifiedShopper, query.redirect));
  return redirect(afterSave ?? query.redirect, { headers: { ...noStore, "Set-Cookie": cookie } });
}
