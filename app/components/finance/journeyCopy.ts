/**
 * The finance journey's words, names and shapes shared by the page, the popup and the journey's own
 * chunk, without zod (the field rules load with the journey: journey.ts). Labels are the spec's
 * (001 sections 2, 4 and 5).
 */
import type { ReportedLead } from "~/domain/analyticsPayloads";
import type { CreditScore } from "~/domain/finance/financeForm";

export const JOURNEY_TITLE = "Instant Finance pre-approval with no impact on your credit score.";
/** The four-step tab header; the journey itself is the first two, the broker the last two. */
export const JOURNEY_TABS = ["Quick Estimate", "Your Details", "Instant pre-approval", "Apply to lender"] as const;
export const SUBMIT_LABEL = "Get A Personalised Quote";
export const BACK_LABEL = "Back";
export const HELPER_LABEL = "Who's Helping You Today?";
export const SEND_CODE_LABEL = "Send Code";
export const RESEND_CODE_LABEL = "Resend Code";
export const CODE_SENT_HINT = "Code sent!";
export const VERIFIED_HINT = "Verified: you're signed in with this number.";
export const CREDIT_OPTIONS: readonly { value: CreditScore; label: string }[] = [
  { value: "GREAT", label: "Great" },
  { value: "DECENT", label: "Decent" },
  { value: "POOR", label: "Poor" },
];

/** The form's id on the page; the popup's is its own so both can never clash. */
export const JOURNEY_FORM_ID = "finance-journey";
export { JOURNEY_API_PATH, JOURNEY_PATH, POPUP_HASH } from "./journeyAddress";

/** The posts the journey's route accepts (`intent`). */
export const JOURNEY_INTENTS = ["send", "verify", "lead", "submit"] as const;
export type JourneyIntent = (typeof JOURNEY_INTENTS)[number];

/** Login status values (spec 001 section 4). */
export type LoginStatus = "default" | "verificationSent" | "verificationSubmitted";

export type JourneyStep = 1 | 2;

/** The car the journey is about: enough to recognise it, and the codes the broker needs. */
export interface JourneyCar {
  id: string;
  title: string;
  href: string;
  image: string | null;
  priceText: string;
  year: number | null;
  vin: string;
  nvic: string;
}

/** What the dealer's configuration decides about the journey. */
export interface JourneyOptions {
  bounds: { min: number; max: number };
  quickPicks: number[];
  /** features.staffAssisted: the 'Who's Helping You Today?' field. */
  staffAssisted: boolean;
  /** features.postcodeOnFinanceForm. */
  postcode: boolean;
  optInShown: boolean;
}

/** Step 1: the quote's inputs. */
export interface QuoteValues {
  price: number;
  loanTerm: number;
  credit: CreditScore;
  whoIsHelping: string;
}

/** Step 2: the shopper's details. */
export interface DetailValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  postcode: string;
  subscribe: boolean;
  code: string;
}

export const EMPTY_DETAILS: DetailValues = { firstName: "", lastName: "", email: "", phone: "", postcode: "", subscribe: true, code: "" };

/** The quote box's figures (the broker's answer). */
export interface QuoteFigures {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
}

/** The fields of step 2 a message can belong to, and the whole form. */
export type DetailField = "firstName" | "lastName" | "email" | "phone" | "postcode" | "code" | "form";
export type DetailErrors = Partial<Record<DetailField, string>>;

/** Everything the journey starts from: the page's loader and the popup send the same. */
export interface JourneyData {
  car: JourneyCar | null;
  /** Codes given in the address when there is no car (vin, nvic, year). */
  vehicle: { year: number | null; vin: string; nvic: string };
  options: JourneyOptions;
  start: QuoteValues & { step: JourneyStep };
  /** The quote for `start`, worked out by the server (the page without JavaScript shows it). */
  quote: QuoteFigures | null;
  /** The query parameters of the link that brought the shopper here (lead_attributes.linked_query_params). */
  linkedQuery: Record<string, string>;
  /** The signed-in shopper's mobile (local digits), already verified: no code is needed for it. */
  verifiedPhone: string | null;
  /** A signed-in shopper's details, to start step 2 with. */
  known: Pick<DetailValues, "firstName" | "lastName" | "email" | "phone"> | null;
  /** The page the shopper came from, as the server saw it (lead_attributes.visited_pages). */
  visitedPages: string[];
}

/** The answer of the route's action, read by the page without JavaScript and by the journey's calls. */
export type JourneyAnswer =
  | { status: "verificationSent"; details: Omit<DetailValues, "code">; errors?: undefined }
  | { status: "verified" }
  /** `dealerLead`: the stored lead for the dealer's own analytics tags, null where it has none. */
  | { status: "leadStored"; leadId: string; dealerLead: ReportedLead | null }
  | {
      status: "refused";
      errors: DetailErrors;
      details: Omit<DetailValues, "code">;
      codeSent: boolean;
      /** The code was right and the shopper is signed in, though a later part of the final step failed. */
      verified?: boolean;
    };
