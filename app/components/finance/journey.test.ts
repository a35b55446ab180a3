import { describe, expect, it, vi } from "vitest";
import {
  CREATE_CUSTOMER_FAILED,
  CREATE_CUSTOMER_WITH_YOUX_FAILED,
  LEAD_SUBMISSION_FAILED,
  NO_REDIRECT_URL,
  TOO_MANY_VERIFICATION_ATTEMPTS,
  UNKNOWN_STEP_ERROR,
  UNKNOWN_VERIFICATION_ERROR,
  VERIFICATION_CODE_INVALID,
} from "~/domain/finance/financeForm";
import {
  customerData,
  detailErrors,
  finishJourney,
  anotherMobileError,
  isVerifiedPhone,
  isWebAddress,
  journeyQuery,
  leadAttributes,
  NOTHING_DONE,
  priceFieldText,
  quoteFromBody,
  quoteKey,
  quoteQuestion,
  refusalErrors,
  requestCode,
  settledPrice,
  typedPriceText,
  type JourneyCalls,
} from "./journey";
import { EMPTY_DETAILS, type DetailValues, type QuoteValues } from "./journeyCopy";

const BOUNDS = { min: 10_000, max: 200_000 };
const VALUES: QuoteValues = { price: 30_000, loanTerm: 5, credit: "GREAT", whoIsHelping: "" };
const CODES = { year: 2021, vin: "JTMW1RFV00D012345", nvic: "0B6X22" };
const DETAILS: DetailValues = {
  firstName: "Jess",
  lastName: "Nguyen",
  email: "jess@example.com",
  phone: "+61 412 345 678",
  postcode: "2000",
  subscribe: true,
  code: "123456",
};

describe("step 1: the quote's question and the price field", () => {
  it("asks the quote with the car's codes and the shopper's choices, in the call's names", () => {
    expect(quoteQuestion({ ...VALUES, whoIsHelping: "  Sam " }, CODES)).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 30_000,
      loanTerm: 5,
      year: 2021,
      vin: "JTMW1RFV00D012345",
      nvic: "0B6X22",
      whoIsHelping: "Sam",
    });
  });

  it("asks again only when price, term, credit, car or helper changed", () => {
    const key = quoteKey(quoteQuestion(VALUES, CODES));
    expect(quoteKey(quoteQuestion({ ...VALUES }, { ...CODES }))).toBe(key);
    for (const changed of [{ price: 40_000 }, { loanTerm: 3 }, { credit: "POOR" as const }, { whoIsHelping: "Sam" }]) {
      expect(quoteKey(quoteQuestion({ ...VALUES, ...changed }, CODES))).not.toBe(key);
    }
    expect(quoteKey(quoteQuestion(VALUES, { ...CODES, nvic: "0C1234" }))).not.toBe(key);
  });

  it("shows raw digits while focused, $ and commas otherwise", () => {
    expect(priceFieldText(30_000, true)).toBe("30000");
    expect(priceFieldText(30_000, false)).toBe("$30,000");
    expect(typedPriceText("$45,5x00")).toBe("45500");
  });

  it("clamps the price on blur to the dealer's bounds", () => {
    expect(settledPrice("5000", BOUNDS)).toBe(10_000);
    expect(settledPrice("250000", BOUNDS)).toBe(200_000);
    expect(settledPrice("$42,000", BOUNDS)).toBe(42_000);
    expect(settledPrice("", BOUNDS)).toBe(10_000);
    expect(settledPrice(350_000, { min: 300_000, max: 800_000 })).toBe(350_000);
  });

  it("carries step 1 between pages in the finance route's parameter names", () => {
    expect(journeyQuery(VALUES, { id: "car-7" }, CODES, 2).toString()).toBe(
      "car_id=car-7&price=30000&loanTerm=5&selfAssessedCreditScore=GREAT&step=2",
    );
    // Without a car the codes from the address travel instead.
    expect(journeyQuery({ ...VALUES, whoIsHelping: "Sam" }, null, CODES).toString()).toBe(
      "vin=JTMW1RFV00D012345&nvic=0B6X22&year=2021&price=30000&loanTerm=5&selfAssessedCreditScore=GREAT&whoIsHelping=Sam",
    );
  });
});

describe("step 2: the details' checks", () => {
  it("passes complete details; the code only once one was sent", () => {
    expect(detailErrors(DETAILS, { postcode: true }, true)).toEqual({});
    expect(detailErrors({ ...DETAILS, code: "" }, { postcode: true }, false)).toEqual({});
  });

  it("says the spec's words for the code, the postcode and required fields", () => {
    expect(detailErrors({ ...DETAILS, code: "" }, { postcode: false }, true)).toEqual({ code: "This is a required field." });
    expect(detailErrors({ ...DETAILS, code: "12345" }, { postcode: false }, true)).toEqual({ code: "Code must be 6 digits." });
    expect(detailErrors({ ...DETAILS, postcode: "200" }, { postcode: true }, false)).toEqual({
      postcode: "Invalid postcode. Please enter a 4-digit number.",
    });
    expect(detailErrors({ ...EMPTY_DETAILS }, { postcode: false }, false)).toEqual({
      firstName: "This is a required field.",
      email: "This is a required field.",
      phone: "This is a required field.",
    });
  });

  it("asks for no postcode where the dealer does not", () => {
    expect(detailErrors({ ...DETAILS, postcode: "" }, { postcode: false }, false)).toEqual({});
  });

  it("refuses a landline as the mobile", () => {
    expect(detailErrors({ ...DETAILS, phone: "02 9876 5432" }, { postcode: false }, false).phone).toBeTruthy();
  });

  it("needs no code for the number the shopper is signed in with", () => {
    expect(isVerifiedPhone("+61 412 345 678", "0412345678")).toBe(true);
    expect(isVerifiedPhone("0412 999 999", "0412345678")).toBe(false);
    expect(isVerifiedPhone("0412 345 678", null)).toBe(false);
  });

  it("asks a signed-in shopper to sign out before another mobile is verified (never signs them in as it)", () => {
    expect(anotherMobileError("0412 999 999", "0412345678")).toBe(
      "You're signed in with 0412 345 678. To apply with another mobile number, sign out first.",
    );
    expect(anotherMobileError("+61 412 345 678", "0412345678")).toBeUndefined();
    expect(anotherMobileError("0412 999 999", null)).toBeUndefined();
    // A mobile that is not one yet has its own message.
    expect(anotherMobileError("12", "0412345678")).toBeUndefined();
  });
});

describe("what the final step sends", () => {
  it("creates the customer with the spec's payload, the mobile's leading 61 turned into 0", () => {
    expect(customerData(VALUES, DETAILS, CODES, true)).toEqual({
      nvic: "0B6X22",
      vin: "JTMW1RFV00D012345",
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 30_000,
      year: 2021,
      loanTerm: 5,
      phoneNumber: "0412345678",
      firstName: "Jess",
      lastName: "Nguyen",
      email: "jess@example.com",
      subscribe: true,
      postCode: "2000",
    });
    expect(customerData(VALUES, DETAILS, CODES, false).postCode).toBe("");
  });

  it("keeps the site's own pages and the link's query as lead_attributes", () => {
    expect(
      leadAttributes(["/cars/a", "https://evil.example/x", "//evil.example", "/cars/a", "/personalised/finance?car_id=1"], {
        car_id: "1",
        utm_source: "google",
        _routes: "routes/personalised.finance",
        _data: "routes/x",
      }),
    ).toEqual({
      visited_pages: ["/cars/a", "/personalised/finance?car_id=1"],
      linked_query_params: { car_id: "1", utm_source: "google" },
    });
  });
});

describe("sending a code", () => {
  const calls = (over: Partial<JourneyCalls> = {}) => ({
    mayRequestCode: vi.fn(async () => true),
    sendCode: vi.fn(async () => null),
    ...over,
  });

  it("checks the mobile before asking anything", async () => {
    const c = calls();
    expect(await requestCode({ ...DETAILS, phone: "" }, c)).toEqual({ phone: "This is a required field." });
    expect(c.mayRequestCode).not.toHaveBeenCalled();
  });

  it("asks the rate limit first; non-ok is too many attempts, under the code field", async () => {
    const c = calls({ mayRequestCode: vi.fn(async () => false) });
    expect(await requestCode(DETAILS, c)).toEqual({ code: TOO_MANY_VERIFICATION_ATTEMPTS });
    expect(c.sendCode).not.toHaveBeenCalled();
  });

  it("sends once allowed; a failed or timed-out send is the unknown step error", async () => {
    expect(await requestCode(DETAILS, calls())).toBeNull();
    const timedOut = calls({ sendCode: vi.fn(async () => Promise.reject(new DOMException("timeout", "TimeoutError"))) });
    expect(await requestCode(DETAILS, timedOut)).toEqual({ code: UNKNOWN_STEP_ERROR });
  });

  it("says the auth port's refusals in the catalogue's words", () => {
    expect(refusalErrors("too-many-attempts", "send")).toEqual({ code: TOO_MANY_VERIFICATION_ATTEMPTS });
    expect(refusalErrors("invalid-code", "verify")).toEqual({ code: VERIFICATION_CODE_INVALID });
    expect(refusalErrors("expired-code", "verify")).toEqual({ code: VERIFICATION_CODE_INVALID });
    expect(refusalErrors("unavailable", "verify")).toEqual({ code: UNKNOWN_VERIFICATION_ERROR });
    expect(refusalErrors("unavailable", "send")).toEqual({ code: UNKNOWN_STEP_ERROR });
  });
});

describe("the final step", () => {
  const order: string[] = [];
  const calls = (over: Partial<JourneyCalls> = {}) => ({
    verifyCode: vi.fn(async () => {
      order.push("verify");
      return null;
    }),
    createCustomer: vi.fn(async () => {
      order.push("customer");
      return { redirectUrl: "https://apply.youx.example/abc" };
    }),
    submitLead: vi.fn(async () => {
      order.push("lead");
      return { ok: true as const };
    }),
    ...over,
  });

  it("verifies, then creates the customer and files the lead in parallel, then goes to the broker", async () => {
    order.length = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const c = calls({
      createCustomer: vi.fn(async () => {
        order.push("customer");
        await gate;
        return { redirectUrl: "https://apply.youx.example/abc" };
      }),
    });
    const pending = finishJourney(c, DETAILS, NOTHING_DONE, true);
    await vi.waitFor(() => expect(c.submitLead).toHaveBeenCalled());
    // The lead went out while the customer was still being created.
    expect(order).toEqual(["verify", "customer", "lead"]);
    release();
    expect(await pending).toEqual({
      redirectUrl: "https://apply.youx.example/abc",
      progress: { verified: true, redirectUrl: "https://apply.youx.example/abc", leadFiled: true },
    });
  });

  it("stops at a wrong code with the catalogue's words, creating nothing", async () => {
    const c = calls({ verifyCode: vi.fn(async () => ({ code: VERIFICATION_CODE_INVALID })) });
    const outcome = await finishJourney(c, DETAILS, NOTHING_DONE, true);
    expect(outcome).toMatchObject({ errors: { code: VERIFICATION_CODE_INVALID } });
    expect(c.createCustomer).not.toHaveBeenCalled();
    expect(c.submitLead).not.toHaveBeenCalled();
  });

  it("a verification that throws is the unknown verification error", async () => {
    const c = calls({ verifyCode: vi.fn(async () => Promise.reject(new Error("down"))) });
    expect(await finishJourney(c, DETAILS, NOTHING_DONE, true)).toMatchObject({ errors: { code: UNKNOWN_VERIFICATION_ERROR } });
  });

  it("skips verification for the signed-in shopper's own number", async () => {
    const c = calls();
    expect(await finishJourney(c, DETAILS, NOTHING_DONE, false)).toMatchObject({ redirectUrl: "https://apply.youx.example/abc" });
    expect(c.verifyCode).not.toHaveBeenCalled();
  });

  it("says each failure of section 8 above the form", async () => {
    const form = async (over: Partial<JourneyCalls>) => {
      const outcome = await finishJourney(calls(over), DETAILS, NOTHING_DONE, true);
      return "errors" in outcome ? outcome.errors.form : null;
    };
    expect(await form({ createCustomer: async () => ({ error: "broker refused" }) })).toBe(CREATE_CUSTOMER_FAILED);
    expect(await form({ createCustomer: async () => Promise.reject(new TypeError("Failed to fetch")) })).toBe(
      CREATE_CUSTOMER_WITH_YOUX_FAILED,
    );
    expect(await form({ createCustomer: async () => ({ redirectUrl: "" }) })).toBe(NO_REDIRECT_URL);
    expect(await form({ submitLead: async () => Promise.reject(new Error("offline")) })).toBe(LEAD_SUBMISSION_FAILED);
    // A lead error field is shown as it came.
    expect(await form({ submitLead: async () => ({ error: "Please wait a few minutes." }) })).toBe("Please wait a few minutes.");
  });

  it("a retry after a failed lead neither verifies the used code again nor creates a second customer", async () => {
    const first = await finishJourney(calls({ submitLead: async () => Promise.reject(new Error("offline")) }), DETAILS, NOTHING_DONE, true);
    expect(first.progress).toEqual({ verified: true, redirectUrl: "https://apply.youx.example/abc", leadFiled: false });
    const retry = calls();
    expect(await finishJourney(retry, DETAILS, first.progress, true)).toMatchObject({ redirectUrl: "https://apply.youx.example/abc" });
    expect(retry.verifyCode).not.toHaveBeenCalled();
    expect(retry.createCustomer).not.toHaveBeenCalled();
    expect(retry.submitLead).toHaveBeenCalledOnce();
  });
});

describe("answers from the calls", () => {
  it("reads a quote, or clears it", () => {
    expect(quoteFromBody({ weeklyRepaymentAmount: 151.2, advertisedRate: 8.99, comparisonRate: 9.6 })).toEqual({
      weeklyRepaymentAmount: 151.2,
      advertisedRate: 8.99,
      comparisonRate: 9.6,
    });
    expect(quoteFromBody({ error: "Failed" })).toBeNull();
    expect(quoteFromBody({ weeklyRepaymentAmount: "151", advertisedRate: 8.99, comparisonRate: 9.6 })).toBeNull();
    expect(quoteFromBody(null)).toBeNull();
  });

  it("goes on only to web addresses", () => {
    expect(isWebAddress("https://apply.youx.example/abc")).toBe(true);
    expect(isWebAddress("/finance-application/FIN-123")).toBe(true);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("//evil.example")).toBe(false);
  });
});
