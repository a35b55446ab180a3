/**
 * The finance journey's steps as plain functions (spec 001 sections 2, 4, 5, 7 and 8), used by the
 * journey in the browser and by the route's action: the quote's question, the price field, each step's
 * checks, the customer and lead the final step sends, and the final step itself (verify, then create
 * the customer and file the lead in parallel, then the broker's address), with every call handed in so
 * the order and the error catalogue are tested without a network. The field rules themselves are the
 * finance form's (app/domain/finance/financeForm.ts).
 */
import { leadAttributes as leadAttributesOfVisit, type LeadAttributes } from "~/domain/enquiryRules";
import { z } from "zod";
import {
  clampQuotePrice,
  codeSchema,
  CREATE_CUSTOMER_FAILED,
  CREATE_CUSTOMER_WITH_YOUX_FAILED,
  LEAD_SUBMISSION_FAILED,
  MOBILE_INVALID,
  mobileForSubmit,
  mobileSchema,
  NO_REDIRECT_URL,
  postcodeSchema,
  priceDigits,
  REQUIRED_FIELD,
  TOO_MANY_VERIFICATION_ATTEMPTS,
  UNKNOWN_STEP_ERROR,
  UNKNOWN_VERIFICATION_ERROR,
  VERIFICATION_CODE_INVALID,
  type CreditScore,
  type PriceBounds,
} from "~/domain/finance/financeForm";
import { formatMoney } from "~/domain/money";
import { formatPhone } from "~/domain/phone";
import type { DetailErrors, DetailValues, JourneyOptions, QuoteFigures, QuoteValues } from "./journeyCopy";

/** The car codes the broker is told about: the chosen car's, or those given in the address. */
export interface VehicleCodes {
  year: number | null;
  vin: string;
  nvic: string;
}

/** POST /api/youx/quote's body (spec 001 section 7). */
export interface QuoteQuestion {
  selfAssessedCreditScore: CreditScore;
  purchasePrice: number;
  loanTerm: number;
  year: number | null;
  vin: string;
  nvic: string;
  whoIsHelping: string;
}

export function quoteQuestion(values: QuoteValues, vehicle: VehicleCodes): QuoteQuestion {
  return {
    selfAssessedCreditScore: values.credit,
    purchasePrice: values.price,
    loanTerm: values.loanTerm,
    year: vehicle.year,
    vin: vehicle.vin,
    nvic: vehicle.nvic,
    whoIsHelping: values.whoIsHelping.trim(),
  };
}

/** Two questions with the same key get the same answer: the quote box asks again only when one changed. */
export function quoteKey(question: QuoteQuestion): string {
  return JSON.stringify(question);
}

// --- The price field (section 4: raw digits while focused; clamped and formatted on blur) ----------------

/** What the price field shows: the digits while the shopper types, "$30,000" otherwise. */
export function priceFieldText(price: number, focused: boolean): string {
  return focused ? String(price) : formatMoney(price);
}

/** While typing: digits only. */
export function typedPriceText(text: string): string {
  return priceDigits(text);
}

/** On leaving the field (or sending it without JavaScript): clamped to the dealer's bounds. */
export function settledPrice(text: string | number, bounds: PriceBounds): number {
  return clampQuotePrice(text, bounds);
}

// --- The address of each step without JavaScript -------------------------------------------------------

/**
 * The query string that carries step 1 between pages: the car (or its codes), price, term, credit
 * history and helper, in the parameter names the finance route reads (readFinanceParams).
 */
export function journeyQuery(values: QuoteValues, car: { id: string } | null, vehicle: VehicleCodes, step?: 1 | 2): URLSearchParams {
  const query = new URLSearchParams();
  if (car) query.set("car_id", car.id);
  else {
    if (vehicle.vin) query.set("vin", vehicle.vin);
    if (vehicle.nvic) query.set("nvic", vehicle.nvic);
    if (vehicle.year !== null) query.set("year", String(vehicle.year));
  }
  query.set("price", String(values.price));
  query.set("loanTerm", String(values.loanTerm));
  query.set("selfAssessedCreditScore", values.credit);
  if (values.whoIsHelping.trim()) query.set("whoIsHelping", values.whoIsHelping.trim());
  if (step) query.set("step", String(step));
  return query;
}

// --- Step 2's checks ---------------------------------------------------------------------------------------

const firstMessage = (result: z.SafeParseReturnType<unknown, unknown>) => (result.success ? undefined : result.error.issues[0]?.message);

const nameRule = z.string().trim().min(1, REQUIRED_FIELD).max(60, "Please keep this under 60 characters.");
const lastNameRule = z.string().trim().max(60, "Please keep this under 60 characters.");
const emailRule = z.string().trim().min(1, REQUIRED_FIELD).max(120).email("Please enter a valid email address.");

/** The mobile is checked before a code is sent to it (section 5). */
export function phoneError(phone: string): string | undefined {
  return firstMessage(mobileSchema.safeParse(phone));
}

export function codeError(code: string): string | undefined {
  return firstMessage(codeSchema.safeParse(code));
}

/**
 * The messages step 2 shows before anything is sent. `needsCode`: a code has been sent and must be
 * typed (not when the shopper is already signed in with this number). The postcode is asked only where
 * the dealer wants it.
 */
export function detailErrors(details: DetailValues, options: Pick<JourneyOptions, "postcode">, needsCode: boolean): DetailErrors {
  const errors: DetailErrors = {
    firstName: firstMessage(nameRule.safeParse(details.firstName)),
    lastName: firstMessage(lastNameRule.safeParse(details.lastName)),
    email: firstMessage(emailRule.safeParse(details.email)),
    phone: phoneError(details.phone),
    postcode: options.postcode ? firstMessage(postcodeSchema.safeParse(details.postcode)) : undefined,
    code: needsCode ? codeError(details.code) : undefined,
  };
  return withoutEmpty(errors);
}

export function withoutEmpty(errors: DetailErrors): DetailErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => Boolean(message))) as DetailErrors;
}

export function hasErrors(errors: DetailErrors): boolean {
  return Object.keys(withoutEmpty(errors)).length > 0;
}

/** True when this number is the signed-in shopper's (already verified): no code is needed. */
export function isVerifiedPhone(phone: string, verifiedPhone: string | null): boolean {
  return Boolean(verifiedPhone) && !phoneError(phone) && mobileForSubmit(phone) === verifiedPhone;
}

/**
 * A signed-in shopper who types another mobile is asked first, never signed in as that number: verifying
 * it would start a session for whoever owns it and end the shopper's own. The shopper signs out to use it.
 */
export function anotherMobileError(phone: string, verifiedPhone: string | null): string | undefined {
  if (!verifiedPhone || phoneError(phone) || mobileForSubmit(phone) === verifiedPhone) return undefined;
  return signedInWithAnotherMobile(verifiedPhone);
}

export function signedInWithAnotherMobile(verifiedPhone: string): string {
  return `You're signed in with ${formatPhone(verifiedPhone)}. To apply with another mobile number, sign out first.`;
}

// --- What the final step sends (section 3: customer creation payload; lead payload extras) -----------------

/** POST /api/youx/create-customer's `data`, word for word; the mobile with a leading 61 turned into 0. */
export function customerData(values: QuoteValues, details: DetailValues, vehicle: VehicleCodes, postcodeAsked: boolean) {
  return {
    nvic: vehicle.nvic,
    vin: vehicle.vin,
    selfAssessedCreditScore: values.credit,
    purchasePrice: values.price,
    year: vehicle.year,
    loanTerm: values.loanTerm,
    phoneNumber: mobileForSubmit(details.phone),
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: details.email.trim(),
    subscribe: details.subscribe,
    postCode: postcodeAsked ? details.postcode.trim() : "",
  };
}

/**
 * POST /api/youx/create-customer's `additionalData`: the lead that goes with the customer (category,
 * tags, lead_attributes) and the car, so the broker's record names it.
 */
export function customerAdditionalData(carId: string | null, attributes: ReturnType<typeof leadAttributes>, sourcePath: string) {
  return {
    ...(carId ? { car_id: carId } : {}),
    category: "Finance Enquiry",
    tags: ["YouX"],
    lead_attributes: attributes,
    source_path: sourcePath,
  };
}

/**
 * The lead's extras (section 3): the pages the shopper came through and the query of the link that
 * brought them, by the rule every lead form follows (enquiryRules.leadAttributes).
 */
export function leadAttributes(visitedPages: readonly string[], linkedQuery: Record<string, string>): LeadAttributes {
  return leadAttributesOfVisit(visitedPages, Object.entries(linkedQuery));
}

// --- The auth port's refusals in the error catalogue's words (section 8) --------------------------------------

export type AuthRefusal = "invalid-phone" | "too-many-attempts" | "invalid-code" | "expired-code" | "unavailable";

/** Where a refused send or verify is said: errors from sending or checking the code go under the code field. */
export function refusalErrors(reason: AuthRefusal, step: "send" | "verify"): DetailErrors {
  switch (reason) {
    case "invalid-phone":
      return { phone: MOBILE_INVALID };
    case "too-many-attempts":
      return { code: TOO_MANY_VERIFICATION_ATTEMPTS };
    case "invalid-code":
    case "expired-code":
      return { code: VERIFICATION_CODE_INVALID };
    default:
      return { code: step === "send" ? UNKNOWN_STEP_ERROR : UNKNOWN_VERIFICATION_ERROR };
  }
}

// --- The steps with their calls --------------------------------------------------------------------------------

/** The calls the journey makes, handed in (the browser's fetches; fakes in tests). */
export interface JourneyCalls {
  /** POST /api/rate-limit: false ("non-ok") means too many attempts. */
  mayRequestCode(phone: string): Promise<boolean>;
  /** Sends a code to the mobile with the shopper's details; the refusal's errors, or null when sent. */
  sendCode(details: DetailValues): Promise<DetailErrors | null>;
  /** Checks the code and signs the shopper in; the refusal's errors, or null when verified. */
  verifyCode(details: DetailValues): Promise<DetailErrors | null>;
  /** POST /api/youx/create-customer: the broker's address, or its error. */
  createCustomer(): Promise<{ redirectUrl?: string | null; error?: string }>;
  /** Files the lead ('Finance Enquiry', tags ['YouX']): ok, or the lead's error as it came. */
  submitLead(): Promise<{ ok: true } | { error: string }>;
}

/**
 * 'Send Code' / 'Resend Code': the mobile is checked, the rate limit asked, then the code sent.
 * Null when it went out, else the messages to show.
 */
export async function requestCode(
  details: DetailValues,
  calls: Pick<JourneyCalls, "mayRequestCode" | "sendCode">,
): Promise<DetailErrors | null> {
  const badPhone = phoneError(details.phone);
  if (badPhone) return { phone: badPhone };
  try {
    if (!(await calls.mayRequestCode(details.phone))) return { code: TOO_MANY_VERIFICATION_ATTEMPTS };
    return await calls.sendCode(details);
  } catch {
    return { code: UNKNOWN_STEP_ERROR };
  }
}

/** How far a final step got, so a retry does not verify a used code or create the customer twice. */
export interface FinishProgress {
  verified: boolean;
  redirectUrl: string | null;
  leadFiled: boolean;
}

export const NOTHING_DONE: FinishProgress = { verified: false, redirectUrl: null, leadFiled: false };

export type FinishOutcome = { redirectUrl: string; progress: FinishProgress } | { errors: DetailErrors; progress: FinishProgress };

/**
 * The final step (section 4): verify the code (unless already done, or the number is the signed-in
 * shopper's), then create the customer and file the lead in parallel, then the broker's address.
 */
export async function finishJourney(
  calls: Pick<JourneyCalls, "verifyCode" | "createCustomer" | "submitLead">,
  details: DetailValues,
  start: FinishProgress,
  needsVerification: boolean,
): Promise<FinishOutcome> {
  const progress = { ...start };
  if (needsVerification && !progress.verified) {
    let refused: DetailErrors | null;
    try {
      refused = await calls.verifyCode(details);
    } catch {
      refused = { code: UNKNOWN_VERIFICATION_ERROR };
    }
    if (refused) return { errors: refused, progress };
    progress.verified = true;
  }

  const alreadyMade: { redirectUrl?: string | null; error?: string } = { redirectUrl: progress.redirectUrl };
  const alreadyFiled: { ok: true } | { error: string } = { ok: true };
  const [customer, lead] = await Promise.allSettled([
    progress.redirectUrl ? Promise.resolve(alreadyMade) : calls.createCustomer(),
    progress.leadFiled ? Promise.resolve(alreadyFiled) : calls.submitLead(),
  ]);

  let formError: string | null = null;
  if (customer.status === "rejected") formError = CREATE_CUSTOMER_WITH_YOUX_FAILED;
  else if (customer.value.error) formError = CREATE_CUSTOMER_FAILED;
  else if (!customer.value.redirectUrl) formError = NO_REDIRECT_URL;
  else progress.redirectUrl = customer.value.redirectUrl;

  if (lead.status === "fulfilled" && "ok" in lead.value) progress.leadFiled = true;
  else if (!formError)
    formError = lead.status === "rejected" || "ok" in lead.value ? LEAD_SUBMISSION_FAILED : lead.value.error || LEAD_SUBMISSION_FAILED;

  if (formError) return { errors: { form: formError }, progress };
  return { redirectUrl: progress.redirectUrl as string, progress };
}

/** Where a broker's address may send the browser: the web only (never javascript: and the like). */
export function isWebAddress(url: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

/** The quote box's answer from the quote call's body, or null when it is not a quote (cleared). */
export function quoteFromBody(body: unknown): QuoteFigures | null {
  if (!body || typeof body !== "object") return null;
  const { weeklyRepaymentAmount, advertisedRate, comparisonRate } = body as Record<string, unknown>;
  if (typeof weeklyRepaymentAmount !== "number" || typeof advertisedRate !== "number" || typeof comparisonRate !== "number") return null;
  if (![weeklyRepaymentAmount, advertisedRate, comparisonRate].every(Number.isFinite)) return null;
  return { weeklyRepaymentAmount, advertisedRate, comparisonRate };
}
