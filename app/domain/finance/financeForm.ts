/**
 * The instant finance quote's field rules (spec 001 sections 2, 3, 5, 8 and 9), as zod pieces judged the
 * same way in the browser and on the server: price, loan term, credit history, SMS code, Australian
 * mobile and postcode; the section 8 error catalogue word for word; and the finance pages' query
 * string (`readFinanceParams`). Pure: no React, no server.
 */
import { z } from "zod";
import { isAustralianMobile, toInternationalMobile, toLocalDigits } from "../phone";

// --- Constants (spec 001 section 9) ---------------------------------------------------------------

export const CREDIT_SCORES = ["GREAT", "DECENT", "POOR"] as const;
export type CreditScore = (typeof CREDIT_SCORES)[number];
export const DEFAULT_CREDIT_SCORE: CreditScore = "GREAT";
/** What the shopper reads for each credit history (section 5: Great, Decent or Poor). */
export const CREDIT_SCORE_LABELS: Record<CreditScore, string> = { GREAT: "Great", DECENT: "Decent", POOR: "Poor" };

/** Quote price bounds and default; a dealer may set its own in `finance.quote` (priceMin, priceMax, priceDefault). */
export const QUOTE_PRICE = { min: 10_000, max: 200_000, default: 30_000 } as const;
export interface PriceBounds {
  min: number;
  max: number;
}

/** Loan term slider in the quote flow: 1 to 7 years, step 1, default 5. */
export const LOAN_TERM = { min: 1, max: 7, step: 1, default: 5 } as const;

export const CODE_LENGTH = 6;
export const POSTCODE_LENGTH = 4;
/** The quote box recalculates this long after the last change. */
export const QUOTE_DEBOUNCE_MS = 500;
/** The SMS code request gives up after this long in the finance flow. */
export const SMS_TIMEOUT_MS = 15_000;
export const MOBILE_PLACEHOLDER = "0412 345 678";

// --- Messages: field rules (section 5) and the error catalogue (section 8), word for word ----------

export const REQUIRED_FIELD = "This is a required field.";
export const CODE_MUST_BE_6_DIGITS = "Code must be 6 digits.";
/** The field rule's words; the bundled postcode list's refusal is INVALID_POSTCODE. */
export const POSTCODE_MUST_BE_4_DIGITS = "Invalid postcode. Please enter a 4-digit number.";
export const INVALID_POSTCODE = "Invalid postcode";
/** Not in the spec's words (it shows no message); the same as the sign-in screen's. */
export const MOBILE_INVALID = "Please enter a valid Australian mobile number.";

export const TOO_MANY_VERIFICATION_ATTEMPTS = "Too many verification attempts. Please try again later.";
export const VERIFICATION_CODE_INVALID = "The verification code is invalid. Please try again.";
export const UNKNOWN_VERIFICATION_ERROR = "An unknown error occurred during verification.";
export const UNKNOWN_ERROR = "An unknown error occurred.";
export const UNKNOWN_STEP_ERROR = "An unknown error occurred while advancing step.";
export const QUOTE_FAILED = "Failed to get YouX quick quote";
export const CREATE_CUSTOMER_FAILED = "Failed to create YouX customer";
export const CREATE_CUSTOMER_WITH_YOUX_FAILED = "Failed to create customer with YouX";
export const LEAD_SUBMISSION_FAILED = "Lead submission failed";
export const NO_REDIRECT_URL = "Failed to create customer or no redirect URL received.";

// --- Price ------------------------------------------------------------------------------------------

/** While typing, the price field keeps digits only ("$30,000" becomes "30000"). */
export function priceDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, 9);
}

/** On leaving the field: the typed digits clamped to the dealer's bounds (empty or nonsense gives the minimum). */
export function clampQuotePrice(value: string | number, bounds: PriceBounds = QUOTE_PRICE): number {
  const n = typeof value === "number" ? value : Number(priceDigits(value) || NaN);
  if (!Number.isFinite(n)) return bounds.min;
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(n)));
}

/**
 * The quick picks a shopper is offered: only those within the dealer's price bounds. A pick below the
 * minimum ($5,000 where the quote starts at $10,000) would only be clamped up to the minimum, a
 * button that does not do what it says.
 */
export function offeredQuickPicks(picks: readonly number[], bounds: PriceBounds = QUOTE_PRICE): number[] {
  return [...new Set(picks)].filter((pick) => Number.isFinite(pick) && pick >= bounds.min && pick <= bounds.max).sort((a, b) => a - b);
}

/** A price sent to the quote or customer call: a whole number of dollars within the dealer's bounds. */
export function purchasePriceSchema(bounds: PriceBounds = QUOTE_PRICE) {
  return z
    .number({ invalid_type_error: `Please enter a price between ${bounds.min} and ${bounds.max}.` })
    .finite()
    .min(bounds.min, `Please enter a price between ${bounds.min} and ${bounds.max}.`)
    .max(bounds.max, `Please enter a price between ${bounds.min} and ${bounds.max}.`)
    .transform((n) => Math.round(n));
}

// --- Term, credit, year, code -------------------------------------------------------------------------

const TERM_MESSAGE = `Please choose a loan term of ${LOAN_TERM.min} to ${LOAN_TERM.max} years.`;
/** Whole years, 1 to 7. */
export const loanTermSchema = z
  .number({ invalid_type_error: TERM_MESSAGE })
  .int(TERM_MESSAGE)
  .min(LOAN_TERM.min, TERM_MESSAGE)
  .max(LOAN_TERM.max, TERM_MESSAGE);

export const creditScoreSchema = z.enum(CREDIT_SCORES, { errorMap: () => ({ message: "Please choose Great, Decent or Poor." }) });

/** A car's build year, or null when no car is chosen. */
export const vehicleYearSchema = z.number().int().min(1900).max(2100).nullable();

export function isCreditScore(value: unknown): value is CreditScore {
  return typeof value === "string" && (CREDIT_SCORES as readonly string[]).includes(value);
}

export const codeSchema = z
  .string({ required_error: REQUIRED_FIELD })
  .trim()
  .min(1, REQUIRED_FIELD)
  .refine((c) => c === "" || new RegExp(`^\\d{${CODE_LENGTH}}$`).test(c), CODE_MUST_BE_6_DIGITS);

// --- Mobile -------------------------------------------------------------------------------------------

/** True for an Australian mobile in any form (0412 345 678, +61 412 345 678, 61412345678); landlines are refused. */
export function isFinanceMobile(phone: string): boolean {
  return /^[0-9+()\s-]+$/.test(phone.trim()) && isAustralianMobile(phone);
}

/** The number as the customer call sends it: a leading 61 (or +61) turned into 0, digits only. */
export function mobileForSubmit(phone: string): string {
  return toLocalDigits(phone);
}

/** The number as the verification call sends it: +61412345678, or null when it is not a mobile. */
export function mobileForVerification(phone: string): string | null {
  return isFinanceMobile(phone) ? toInternationalMobile(phone) : null;
}

/** Required Australian mobile, handed on in local form (0412345678). */
export const mobileSchema = z
  .string({ required_error: REQUIRED_FIELD })
  .trim()
  .min(1, REQUIRED_FIELD)
  .refine((p) => p === "" || isFinanceMobile(p), MOBILE_INVALID)
  .transform(mobileForSubmit);

// --- Postcode -----------------------------------------------------------------------------------------

/** Required, exactly four digits. Whether it is a real Australian postcode is the server's question (server/geo). */
export const postcodeSchema = z
  .string({ required_error: POSTCODE_MUST_BE_4_DIGITS })
  .trim()
  .regex(new RegExp(`^\\d{${POSTCODE_LENGTH}}$`), POSTCODE_MUST_BE_4_DIGITS);

// --- The two calls' bodies (spec 001 section 7) ----------------------------------------------------------

const shortText = (max: number) => z.string().trim().max(max);
/** A VIN or NVIC as the car record has it: letters and digits only (empty when the car has none). */
const vehicleCode = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[A-Za-z0-9]*$/, "Letters and digits only.");

/** POST /api/youx/quote's body. */
export function quoteRequestSchema(bounds: PriceBounds = QUOTE_PRICE) {
  return z.object({
    selfAssessedCreditScore: creditScoreSchema,
    purchasePrice: purchasePriceSchema(bounds),
    loanTerm: loanTermSchema,
    year: vehicleYearSchema.optional().transform((y) => y ?? null),
    vin: vehicleCode(17).optional().default(""),
    nvic: vehicleCode(12).optional().default(""),
    whoIsHelping: shortText(80).optional().default(""),
  });
}

/**
 * POST /api/youx/create-customer's `data`. The postcode is checked only where the dealer asks for it
 * (features.postcodeOnFinanceForm); elsewhere it may be empty.
 */
export function financeCustomerSchema(options: { bounds?: PriceBounds; postcodeRequired: boolean }) {
  return z.object({
    nvic: vehicleCode(12).optional().default(""),
    vin: vehicleCode(17).optional().default(""),
    selfAssessedCreditScore: creditScoreSchema,
    purchasePrice: purchasePriceSchema(options.bounds),
    year: vehicleYearSchema.optional().transform((y) => y ?? null),
    loanTerm: loanTermSchema,
    phoneNumber: mobileSchema,
    firstName: shortText(60).min(1, REQUIRED_FIELD),
    lastName: shortText(60).optional().default(""),
    email: shortText(120).min(1, REQUIRED_FIELD).email("Please enter a valid email address."),
    subscribe: z.boolean().optional().default(false),
    postCode: options.postcodeRequired
      ? postcodeSchema
      : z
          .union([z.literal(""), postcodeSchema])
          .optional()
          .default(""),
  });
}

/** The whole create-customer body: the customer and the lead that goes with it (an object, possibly empty). */
export function createCustomerBodySchema(options: { bounds?: PriceBounds; postcodeRequired: boolean }) {
  return z.object({
    data: financeCustomerSchema(options),
    additionalData: z.record(z.unknown()).optional().default({}),
  });
}

// --- The finance pages' query string (section 2) ----------------------------------------------------------

export interface FinanceParams {
  /** The car, with anything after a '?' stripped (links that glued a second query onto the id). */
  car_id: string | null;
  vin: string;
  nvic: string;
  year: number | null;
  preferredDealership: string | null;
  car_type: "new" | "used" | "demo" | null;
  /** vehiclePriceBudget or price, clamped to the bounds; 30000 when absent. */
  purchasePrice: number;
  loanTerm: number;
  /** selfAssessedCreditScore or credit_score; GREAT when absent. */
  selfAssessedCreditScore: CreditScore;
  whoIsHelping: string;
}

const CAR_ID = /^[A-Za-z0-9._~-]{1,100}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads every parameter the finance pages take; anything odd falls back to its default, never an error. */
export function readFinanceParams(searchParams: URLSearchParams, quote: PriceBounds & { default?: number } = QUOTE_PRICE): FinanceParams {
  const get = (name: string) => searchParams.get(name)?.trim() ?? "";
  const carId = get("car_id").split("?")[0]!.trim();
  const vin = get("vin").toUpperCase();
  const nvic = get("nvic").toUpperCase();
  const year = /^\d{4}$/.test(get("year")) ? Number(get("year")) : null;
  const dealership = get("preferredDealership").toLowerCase();
  const carType = get("car_type").toLowerCase();
  const priceText = get("vehiclePriceBudget") || get("price");
  const price = /^\$?[\d,\s]{1,12}(\.\d{1,2})?$/.test(priceText) ? Number(priceText.replace(/[$,\s]/g, "")) : NaN;
  const term = Number(get("loanTerm"));
  const credit = (get("selfAssessedCreditScore") || get("credit_score")).toUpperCase();
  return {
    car_id: CAR_ID.test(carId) ? carId : null,
    vin: /^[A-Z0-9]{1,17}$/.test(vin) ? vin : "",
    nvic: /^[A-Z0-9]{1,12}$/.test(nvic) ? nvic : "",
    year: year !== null && year >= 1900 && year <= 2100 ? year : null,
    preferredDealership: dealership.length <= 100 && SLUG.test(dealership) ? dealership : null,
    car_type: carType === "new" || carType === "used" || carType === "demo" ? carType : null,
    purchasePrice:
      Number.isFinite(price) && price > 0 ? clampQuotePrice(price, quote) : clampQuotePrice(quote.default ?? QUOTE_PRICE.default, quote),
    loanTerm: Number.isInteger(term) && term >= LOAN_TERM.min && term <= LOAN_TERM.max ? term : LOAN_TERM.default,
    selfAssessedCreditScore: isCreditScore(credit) ? credit : DEFAULT_CREDIT_SCORE,
    whoIsHelping: get("whoIsHelping").replace(/\s+/g, " ").slice(0, 80),
  };
}
