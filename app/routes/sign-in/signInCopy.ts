/**
 * The sign-in screen's words and names shared by the page, its form and its action, without zod (the
 * schema loads with the form: signInSchema.ts). Messages are the spec's (001 sections 5 and 8).
 */
import { isSignInType, type SignInType } from "~/domain/gating";

/** The id of the sign-in form on its page and in its action's answers. */
export const SIGN_IN_FORM_ID = "sign-in";

/** The two posts of the screen: send (or resend) a code, then verify it. */
export const SIGN_IN_INTENTS = ["send", "verify"] as const;
export type SignInIntent = (typeof SIGN_IN_INTENTS)[number];

/** Login status values (spec 001 section 4). */
export type LoginStatus = "default" | "verificationSent" | "verificationSubmitted";

/** Seconds before 'Resend Code' can be pressed again (with JavaScript; the server's limits still apply). */
export const RESEND_SECONDS = 60;

export const MOBILE_PLACEHOLDER = "0412 345 678";

export const MESSAGES = {
  required: "This is a required field.",
  codeDigits: "Code must be 6 digits.",
  mobileInvalid: "Please enter a valid Australian mobile number.",
  codeSent: "Code sent!",
  tooMany: "Too many verification attempts. Please try again later.",
  invalidCode: "The verification code is invalid. Please try again.",
  unknownVerification: "An unknown error occurred during verification.",
  unknown: "An unknown error occurred.",
  unknownStep: "An unknown error occurred while advancing step.",
} as const;

/** The heading and the line under it for each sign-in type; a missing or unknown type gets the plain one. */
const COPY: Record<SignInType, { title: string; intro: string }> = {
  "trade-in": {
    title: "Sign in to get your change over price",
    intro: "Verify your mobile number to value your trade-in against this car.",
  },
  checkout: { title: "Sign in to reserve this car", intro: "Verify your mobile number to reserve this car online." },
  finance: { title: "Sign in for your personalised finance", intro: "Verify your mobile number to see finance made for you." },
  "spin-to-win": { title: "Sign in to spin to win", intro: "Verify your mobile number to take your spin." },
  "online-payment": { title: "Sign in to make a payment", intro: "Verify your mobile number to pay online." },
  "car-finance": { title: "Sign in to get finance for this car", intro: "Verify your mobile number to get a finance quote for this car." },
  "my-garage": { title: "Sign in to My Garage", intro: "Verify your mobile number to see your saved cars." },
  watchlist: { title: "Sign in to save this car", intro: "Verify your mobile number to keep cars in your watchlist." },
  "saved-search": { title: "Sign in to save this search", intro: "Verify your mobile number to hear when a matching car arrives." },
};

const PLAIN = { title: "Sign in", intro: "Verify your mobile number to sign in." };

export function signInCopy(type: string | null | undefined): { title: string; intro: string } {
  return isSignInType(type) ? COPY[type] : PLAIN;
}
