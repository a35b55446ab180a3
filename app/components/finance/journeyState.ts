/**
 * What the finance journey holds in the browser (spec 001 sections 2 and 4), as one pure reducer: the
 * step on screen, step 1's choices and the price field while it is typed in, step 2's details, where the
 * code stands, the messages shown and what is being sent. The rules are journey.ts's; the journey's calls
 * (FinanceJourneyImpl.tsx) tell the reducer how they went.
 */
import type { CreditScore, PriceBounds } from "~/domain/finance/financeForm";
import { detailErrors, hasErrors, isVerifiedPhone, priceFieldText, settledPrice, typedPriceText } from "./journey";
import {
  EMPTY_DETAILS,
  type DetailErrors,
  type DetailValues,
  type JourneyAnswer,
  type JourneyData,
  type JourneyOptions,
  type JourneyStep,
  type LoginStatus,
  type QuoteValues,
} from "./journeyCopy";

export interface JourneyState {
  step: JourneyStep;
  /** The shopper moved between the steps (not just the step the page opened on): the new step gets focus. */
  moved: boolean;
  values: QuoteValues;
  /** The price field has focus: it shows the digits typed, not the amount. */
  priceFocused: boolean;
  priceTyped: string;
  details: DetailValues;
  status: LoginStatus;
  /** The code was accepted during this visit. */
  verifiedNow: boolean;
  errors: DetailErrors;
  /** A code is being sent, or the final step is under way: the buttons wait. */
  busy: null | "send" | "submit";
}

export type JourneyAction =
  // Step 1
  | { type: "priceFocused" }
  | { type: "priceTyped"; text: string }
  | { type: "priceLeft"; bounds: PriceBounds }
  | { type: "pricePicked"; amount: number; bounds: PriceBounds }
  | { type: "termChosen"; years: number }
  | { type: "creditChosen"; credit: CreditScore }
  | { type: "helperTyped"; name: string }
  /** Step 1 sent: Enter recalculates (`next` false); 'Get A Personalised Quote' goes on to step 2. */
  | { type: "estimateSent"; next: boolean; bounds: PriceBounds }
  // Step 2
  | { type: "back" }
  | { type: "detailChanged"; name: keyof DetailValues; value: string | boolean }
  | { type: "errorsFound"; errors: DetailErrors }
  | { type: "codeSending" }
  /** The code went out (no errors), or the refusal's messages. */
  | { type: "codeAnswered"; errors: DetailErrors | null }
  | { type: "finishing"; verified: boolean }
  /** The final step is done: the browser goes on to the broker's address. */
  | { type: "leaving"; verified: boolean }
  | { type: "finishFailed"; errors: DetailErrors; verified: boolean };

/** The journey as the page opens: the loader's start, or where the last post without JavaScript left it. */
export function startingState(data: Pick<JourneyData, "start" | "known">, answer?: JourneyAnswer | null): JourneyState {
  const answered = answer && "details" in answer ? answer : null;
  const refusal = answer?.status === "refused" ? answer : null;
  return {
    step: answered ? 2 : data.start.step,
    moved: false,
    values: {
      price: data.start.price,
      loanTerm: data.start.loanTerm,
      credit: data.start.credit,
      whoIsHelping: data.start.whoIsHelping,
    },
    priceFocused: false,
    priceTyped: String(data.start.price),
    details: { ...EMPTY_DETAILS, ...data.known, ...answered?.details, code: "" },
    status: answer?.status === "verificationSent" || (refusal?.codeSent && !refusal.verified) ? "verificationSent" : "default",
    verifiedNow: Boolean(refusal?.verified),
    errors: refusal?.errors ?? {},
    busy: null,
  };
}

/** The price clamped to the dealer's bounds, and the field's text with it. */
function withPrice(state: JourneyState, text: string | number, bounds: PriceBounds): JourneyState {
  const price = settledPrice(text, bounds);
  return { ...state, values: { ...state.values, price }, priceTyped: String(price) };
}

const withValues = (state: JourneyState, change: Partial<QuoteValues>): JourneyState => ({
  ...state,
  values: { ...state.values, ...change },
});

/** A final step that did not reach the broker: the buttons come back and a submitted code counts as sent. */
const afterFinish = (status: LoginStatus): LoginStatus => (status === "verificationSubmitted" ? "verificationSent" : status);

export function journeyReducer(state: JourneyState, action: JourneyAction): JourneyState {
  switch (action.type) {
    case "priceFocused":
      return { ...state, priceFocused: true, priceTyped: priceFieldText(state.values.price, true) };
    case "priceTyped":
      return { ...state, priceTyped: typedPriceText(action.text) };
    case "priceLeft":
      return withPrice({ ...state, priceFocused: false }, state.priceTyped, action.bounds);
    case "pricePicked":
      return withPrice(state, action.amount, action.bounds);
    case "termChosen":
      return withValues(state, { loanTerm: action.years });
    case "creditChosen":
      return withValues(state, { credit: action.credit });
    case "helperTyped":
      return withValues(state, { whoIsHelping: action.name });
    case "estimateSent": {
      const settled = state.priceFocused ? withPrice(state, state.priceTyped, action.bounds) : state;
      return action.next ? { ...settled, step: 2, moved: true } : settled;
    }
    case "back":
      return { ...state, step: 1, moved: true, errors: {} };
    case "detailChanged": {
      const details = { ...state.details, [action.name]: action.value };
      const field = action.name as keyof DetailErrors;
      return { ...state, details, errors: state.errors[field] ? { ...state.errors, [field]: undefined } : state.errors };
    }
    case "errorsFound":
      return { ...state, errors: action.errors };
    case "codeSending":
      return { ...state, busy: "send", errors: {} };
    case "codeAnswered":
      return action.errors ? { ...state, busy: null, errors: action.errors } : { ...state, busy: null, status: "verificationSent" };
    case "finishing":
      return { ...state, busy: "submit", errors: {}, status: action.verified ? state.status : "verificationSubmitted" };
    case "leaving":
      return action.verified ? { ...state, verifiedNow: true } : state;
    case "finishFailed":
      return {
        ...state,
        verifiedNow: state.verifiedNow || action.verified,
        errors: action.errors,
        busy: null,
        status: afterFinish(state.status),
      };
  }
}

// --- What the page reads from the state ---------------------------------------------------------------

/** What the price field shows: the digits while focused, "$30,000" otherwise. */
export function priceText(state: JourneyState): string {
  return state.priceFocused ? typedPriceText(state.priceTyped) : priceFieldText(state.values.price, false);
}

/** A code was sent (the mobile is locked and 'Resend Code' shows). */
export function isCodeSent(state: JourneyState): boolean {
  return state.status !== "default";
}

/** No code is needed: it was accepted during this visit, or the mobile is the signed-in shopper's. */
export function isVerified(state: JourneyState, verifiedPhone: string | null): boolean {
  return state.verifiedNow || isVerifiedPhone(state.details.phone, verifiedPhone);
}

/**
 * What 'Get A Personalised Quote' on step 2 does now: show the details' messages; send a code first
 * (before any was sent, the shopper then types it and sends again); or run the final step.
 */
export function finalStepMove(
  state: JourneyState,
  options: Pick<JourneyOptions, "postcode">,
  verifiedPhone: string | null,
): { errors: DetailErrors } | "sendCode" | "finish" {
  const verified = isVerified(state, verifiedPhone);
  const codeSent = isCodeSent(state);
  const checks = detailErrors(state.details, options, codeSent && !verified);
  if (hasErrors(checks)) return { errors: checks };
  return !codeSent && !verified ? "sendCode" : "finish";
}
