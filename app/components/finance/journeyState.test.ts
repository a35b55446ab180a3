import { describe, expect, it } from "vitest";
import { REQUIRED_FIELD, UNKNOWN_ERROR, VERIFICATION_CODE_INVALID } from "~/domain/finance/financeForm";
import {
  finalStepMove,
  isCodeSent,
  isVerified,
  journeyReducer,
  priceText,
  startingState,
  type JourneyAction,
  type JourneyState,
} from "./journeyState";
import type { DetailValues, JourneyData } from "./journeyCopy";

const BOUNDS = { min: 10_000, max: 200_000 };
const START: Pick<JourneyData, "start" | "known"> = {
  start: { step: 1, price: 30_000, loanTerm: 5, credit: "GREAT", whoIsHelping: "" },
  known: null,
};
const DETAILS: Omit<DetailValues, "code"> = {
  firstName: "Jess",
  lastName: "Nguyen",
  email: "jess@example.com",
  phone: "0412 345 678",
  postcode: "2000",
  subscribe: true,
};

const run = (state: JourneyState, ...actions: JourneyAction[]) => actions.reduce(journeyReducer, state);
const filledIn = (state: JourneyState) =>
  run(state, ...Object.entries(DETAILS).map(([name, value]) => ({ type: "detailChanged", name, value }) as JourneyAction));
const onDetails = () => filledIn(run(startingState(START), { type: "estimateSent", next: true, bounds: BOUNDS }));

describe("opening the journey", () => {
  it("opens on the loader's step with its choices, the price as an amount", () => {
    const state = startingState(START);
    expect(state.step).toBe(1);
    expect(state.values).toEqual({ price: 30_000, loanTerm: 5, credit: "GREAT", whoIsHelping: "" });
    expect(priceText(state)).toBe("$30,000");
    expect(state.errors).toEqual({});
    expect(isCodeSent(state)).toBe(false);
  });

  it("starts step 2 with a signed-in shopper's details", () => {
    const known = { firstName: "Jess", lastName: "Nguyen", email: "jess@example.com", phone: "0412345678" };
    const state = startingState({ ...START, known });
    expect(state.details).toMatchObject(known);
    expect(state.details.subscribe).toBe(true);
    expect(isVerified(state, "0412345678")).toBe(true);
    expect(isVerified(state, null)).toBe(false);
  });

  it("after a post without JavaScript sent a code: step 2, the details kept, the mobile locked, the code to type", () => {
    const state = startingState(START, { status: "verificationSent", details: DETAILS });
    expect(state.step).toBe(2);
    expect(state.details).toEqual({ ...DETAILS, code: "" });
    expect(isCodeSent(state)).toBe(true);
  });

  it("after a refused post: its messages, and a code that was sent still counts", () => {
    const errors = { code: VERIFICATION_CODE_INVALID };
    const refused = startingState(START, { status: "refused", errors, details: DETAILS, codeSent: true });
    expect(refused.step).toBe(2);
    expect(refused.errors).toEqual(errors);
    expect(isCodeSent(refused)).toBe(true);
    // The code was right but a later part failed: signed in, no code to type again.
    const verified = startingState(START, {
      status: "refused",
      errors: { form: UNKNOWN_ERROR },
      details: DETAILS,
      codeSent: true,
      verified: true,
    });
    expect(isCodeSent(verified)).toBe(false);
    expect(isVerified(verified, null)).toBe(true);
  });
});

describe("step 1: the quick estimate", () => {
  it("shows the digits while the price is typed, then clamps and formats it on leaving the field", () => {
    let state = run(startingState(START), { type: "priceFocused" });
    expect(priceText(state)).toBe("30000");
    state = run(state, { type: "priceTyped", text: "$4,50x0" });
    expect(priceText(state)).toBe("4500");
    expect(state.values.price).toBe(30_000);
    state = run(state, { type: "priceLeft", bounds: BOUNDS });
    expect(state.values.price).toBe(10_000);
    expect(priceText(state)).toBe("$10,000");
  });

  it("takes a quick pick as the price", () => {
    const state = run(startingState(START), { type: "pricePicked", amount: 45_000, bounds: BOUNDS });
    expect(state.values.price).toBe(45_000);
    expect(priceText(state)).toBe("$45,000");
  });

  it("keeps the term, the credit history and the helper's name", () => {
    const state = run(
      startingState(START),
      { type: "termChosen", years: 3 },
      { type: "creditChosen", credit: "POOR" },
      { type: "helperTyped", name: "Sam" },
    );
    expect(state.values).toEqual({ price: 30_000, loanTerm: 3, credit: "POOR", whoIsHelping: "Sam" });
  });

  it("Enter recalculates with the price being typed and stays on step 1", () => {
    const state = run(
      startingState(START),
      { type: "priceFocused" },
      { type: "priceTyped", text: "250000" },
      { type: "estimateSent", next: false, bounds: BOUNDS },
    );
    expect(state.step).toBe(1);
    expect(state.values.price).toBe(200_000);
  });

  it("Enter with nothing typed changes nothing", () => {
    const state = startingState(START);
    expect(run(state, { type: "estimateSent", next: false, bounds: BOUNDS })).toBe(state);
  });

  it("'Get A Personalised Quote' goes on to step 2 with the choices, and the move puts focus there", () => {
    const start = startingState(START);
    expect(start.moved).toBe(false);
    const state = run(start, { type: "termChosen", years: 7 }, { type: "estimateSent", next: true, bounds: BOUNDS });
    expect(state.step).toBe(2);
    expect(state.moved).toBe(true);
    expect(state.values.loanTerm).toBe(7);
  });
});

describe("step 2: the details", () => {
  it("going back keeps every answer of both steps and clears the messages", () => {
    const state = run(onDetails(), { type: "errorsFound", errors: { email: REQUIRED_FIELD } }, { type: "back" });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({});
    expect(state.values.price).toBe(30_000);
    expect(state.details).toEqual({ ...DETAILS, code: "" });
    // And forward again: the details are still there.
    expect(run(state, { type: "estimateSent", next: true, bounds: BOUNDS }).details).toEqual({ ...DETAILS, code: "" });
  });

  it("changing a field clears its own message, not the others", () => {
    const state = run(
      onDetails(),
      { type: "errorsFound", errors: { email: REQUIRED_FIELD, phone: REQUIRED_FIELD } },
      { type: "detailChanged", name: "email", value: "sam@example.com" },
    );
    expect(state.details.email).toBe("sam@example.com");
    expect(state.errors.email).toBeUndefined();
    expect(state.errors.phone).toBe(REQUIRED_FIELD);
  });

  it("'Send Code' waits, then locks the mobile and offers 'Resend Code'", () => {
    let state = run(onDetails(), { type: "errorsFound", errors: { code: VERIFICATION_CODE_INVALID } }, { type: "codeSending" });
    expect(state.busy).toBe("send");
    expect(state.errors).toEqual({});
    state = run(state, { type: "codeAnswered", errors: null });
    expect(state.busy).toBeNull();
    expect(isCodeSent(state)).toBe(true);
  });

  it("a refused code request shows why and sends nothing", () => {
    const state = run(onDetails(), { type: "codeSending" }, { type: "codeAnswered", errors: { code: VERIFICATION_CODE_INVALID } });
    expect(state.busy).toBeNull();
    expect(state.errors).toEqual({ code: VERIFICATION_CODE_INVALID });
    expect(isCodeSent(state)).toBe(false);
  });

  it("the final button shows the details' messages first", () => {
    const state = run(startingState(START), { type: "estimateSent", next: true, bounds: BOUNDS });
    const move = finalStepMove(state, { postcode: true }, null);
    expect(move).toMatchObject({ errors: { firstName: REQUIRED_FIELD, email: REQUIRED_FIELD, phone: REQUIRED_FIELD } });
  });

  it("before any code, the final button sends one; once sent, the code must be typed; then it finishes", () => {
    const state = onDetails();
    expect(finalStepMove(state, { postcode: true }, null)).toBe("sendCode");
    const sent = run(state, { type: "codeAnswered", errors: null });
    expect(finalStepMove(sent, { postcode: true }, null)).toEqual({ errors: { code: REQUIRED_FIELD } });
    expect(finalStepMove(run(sent, { type: "detailChanged", name: "code", value: "123456" }), { postcode: true }, null)).toBe("finish");
  });

  it("a signed-in shopper's own number needs no code", () => {
    expect(finalStepMove(onDetails(), { postcode: true }, "0412345678")).toBe("finish");
  });

  it("a failed final step gives the buttons back with its message, the code still sent", () => {
    const sent = run(onDetails(), { type: "codeAnswered", errors: null }, { type: "detailChanged", name: "code", value: "123456" });
    let state = run(sent, { type: "finishing", verified: false });
    expect(state.busy).toBe("submit");
    expect(state.status).toBe("verificationSubmitted");
    state = run(state, { type: "finishFailed", errors: { form: UNKNOWN_ERROR }, verified: true });
    expect(state.busy).toBeNull();
    expect(state.status).toBe("verificationSent");
    expect(state.errors).toEqual({ form: UNKNOWN_ERROR });
    // The code was accepted before the failure: a retry asks for none.
    expect(isVerified(state, null)).toBe(true);
  });

  it("on the way to the broker the buttons stay waiting", () => {
    const state = run(onDetails(), { type: "finishing", verified: true }, { type: "leaving", verified: true });
    expect(state.busy).toBe("submit");
    expect(state.status).toBe("default");
    expect(isVerified(state, null)).toBe(true);
  });
});
