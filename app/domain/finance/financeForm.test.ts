import { describe, expect, it } from "vitest";
import {
  clampQuotePrice,
  offeredQuickPicks,
  codeSchema,
  createCustomerBodySchema,
  CREDIT_SCORES,
  financeCustomerSchema,
  isFinanceMobile,
  mobileForSubmit,
  mobileForVerification,
  mobileSchema,
  NO_REDIRECT_URL,
  postcodeSchema,
  priceDigits,
  QUOTE_FAILED,
  quoteRequestSchema,
  readFinanceParams,
} from "./financeForm";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("price (spec 001 sections 5 and 9)", () => {
  it("keeps digits only while typing", () => {
    expect(priceDigits("$30,000")).toBe("30000");
    expect(priceDigits("abc")).toBe("");
  });

  it("clamps to 10,000-200,000 on blur, or the dealer's own bounds", () => {
    expect(clampQuotePrice("5000")).toBe(10_000);
    expect(clampQuotePrice("250,000")).toBe(200_000);
    expect(clampQuotePrice("45000")).toBe(45_000);
    expect(clampQuotePrice("")).toBe(10_000);
    expect(clampQuotePrice(400_000, { min: 300_000, max: 800_000 })).toBe(400_000);
    expect(clampQuotePrice(900_000, { min: 300_000, max: 800_000 })).toBe(800_000);
  });

  it("offers only the quick picks within the dealer's bounds: no $5,000 where the quote starts at $10,000", () => {
    const spec = [5000, 10000, 20000, 30000, 40000, 50000, 70000];
    expect(offeredQuickPicks(spec)).toEqual([10000, 20000, 30000, 40000, 50000, 70000]);
    expect(offeredQuickPicks(spec, { min: 5000, max: 200_000 })).toEqual(spec);
    expect(offeredQuickPicks([300_000, 800_000, 900_000, 300_000], { min: 300_000, max: 800_000 })).toEqual([300_000, 800_000]);
  });
});

describe("code", () => {
  it("is required and exactly 6 digits, in the spec's words", () => {
    expect(firstMessage(codeSchema.safeParse(""))).toBe("This is a required field.");
    expect(firstMessage(codeSchema.safeParse(undefined))).toBe("This is a required field.");
    expect(firstMessage(codeSchema.safeParse("12345"))).toBe("Code must be 6 digits.");
    expect(firstMessage(codeSchema.safeParse("12345a"))).toBe("Code must be 6 digits.");
    expect(codeSchema.parse(" 123456 ")).toBe("123456");
  });
});

describe("mobile", () => {
  it("takes an Australian mobile in any form and refuses landlines", () => {
    for (const ok of ["0412 345 678", "+61 412 345 678", "61412345678", "(04) 1234-5678"]) expect(isFinanceMobile(ok)).toBe(true);
    for (const bad of ["02 9876 5432", "1300 123 456", "0412 345 67", "0412abc678", ""]) expect(isFinanceMobile(bad)).toBe(false);
  });

  it("turns a leading 61 into 0 on submit and +61 for the verification call", () => {
    expect(mobileForSubmit("61412345678")).toBe("0412345678");
    expect(mobileForSubmit("+61 412 345 678")).toBe("0412345678");
    expect(mobileForVerification("0412 345 678")).toBe("+61412345678");
    expect(mobileForVerification("02 9876 5432")).toBeNull();
    expect(mobileSchema.parse("+61412345678")).toBe("0412345678");
    expect(firstMessage(mobileSchema.safeParse(""))).toBe("This is a required field.");
    expect(firstMessage(mobileSchema.safeParse("02 9876 5432"))).toBe("Please enter a valid Australian mobile number.");
  });
});

describe("postcode", () => {
  it("is exactly 4 digits, in the spec's words", () => {
    expect(postcodeSchema.parse(" 2000 ")).toBe("2000");
    for (const bad of ["", "200", "20000", "2OOO"]) {
      expect(firstMessage(postcodeSchema.safeParse(bad))).toBe("Invalid postcode. Please enter a 4-digit number.");
    }
  });
});

describe("the error catalogue", () => {
  it("keeps section 8's words", () => {
    expect(QUOTE_FAILED).toBe("Failed to get YouX quick quote");
    expect(NO_REDIRECT_URL).toBe("Failed to create customer or no redirect URL received.");
  });
});

const quote = { selfAssessedCreditScore: "GREAT", purchasePrice: 30000, loanTerm: 5, year: 2021, vin: "", nvic: "", whoIsHelping: "" };

describe("the quote call's body", () => {
  it("accepts the spec's fields and fills the optional ones", () => {
    expect(quoteRequestSchema().parse({ selfAssessedCreditScore: "POOR", purchasePrice: 15000, loanTerm: 3 })).toEqual({
      selfAssessedCreditScore: "POOR",
      purchasePrice: 15000,
      loanTerm: 3,
      year: null,
      vin: "",
      nvic: "",
      whoIsHelping: "",
    });
  });

  it("refuses prices outside the dealer's bounds, terms outside 1-7 and unknown credit", () => {
    expect(quoteRequestSchema().safeParse({ ...quote, purchasePrice: 9_999 }).success).toBe(false);
    expect(quoteRequestSchema().safeParse({ ...quote, purchasePrice: 200_001 }).success).toBe(false);
    expect(quoteRequestSchema({ min: 300_000, max: 800_000 }).safeParse({ ...quote, purchasePrice: 400_000 }).success).toBe(true);
    for (const loanTerm of [0, 8, 2.5, "5", null]) expect(quoteRequestSchema().safeParse({ ...quote, loanTerm }).success).toBe(false);
    expect(quoteRequestSchema().safeParse({ ...quote, selfAssessedCreditScore: "EXCELLENT" }).success).toBe(false);
    expect(quoteRequestSchema().safeParse({ ...quote, vin: "<script>" }).success).toBe(false);
    expect(CREDIT_SCORES).toEqual(["GREAT", "DECENT", "POOR"]);
  });
});

const customer = {
  nvic: "ABC123",
  vin: "JTMBFREV00D123456",
  selfAssessedCreditScore: "DECENT",
  purchasePrice: 25000,
  year: 2020,
  loanTerm: 4,
  phoneNumber: "61412345678",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  subscribe: true,
  postCode: "3000",
};

describe("the customer call's body", () => {
  it("hands the mobile on in local form", () => {
    expect(financeCustomerSchema({ postcodeRequired: true }).parse(customer).phoneNumber).toBe("0412345678");
  });

  it("asks for the postcode only where the dealer does", () => {
    expect(financeCustomerSchema({ postcodeRequired: false }).parse({ ...customer, postCode: "" }).postCode).toBe("");
    const required = financeCustomerSchema({ postcodeRequired: true }).safeParse({ ...customer, postCode: "" });
    expect(firstMessage(required)).toBe("Invalid postcode. Please enter a 4-digit number.");
    expect(financeCustomerSchema({ postcodeRequired: false }).safeParse({ ...customer, postCode: "30" }).success).toBe(false);
  });

  it("needs a first name, an email and a mobile", () => {
    const schema = financeCustomerSchema({ postcodeRequired: false });
    expect(schema.safeParse({ ...customer, firstName: " " }).success).toBe(false);
    expect(schema.safeParse({ ...customer, email: "nope" }).success).toBe(false);
    expect(schema.safeParse({ ...customer, phoneNumber: "02 9876 5432" }).success).toBe(false);
  });

  it("takes the lead alongside as an object", () => {
    const body = createCustomerBodySchema({ postcodeRequired: false }).parse({ data: customer });
    expect(body.additionalData).toEqual({});
    expect(createCustomerBodySchema({ postcodeRequired: false }).safeParse({ data: customer, additionalData: "x" }).success).toBe(false);
  });
});

describe("readFinanceParams (spec 001 section 2)", () => {
  it("gives the defaults when nothing is asked", () => {
    expect(readFinanceParams(new URLSearchParams())).toEqual({
      car_id: null,
      vin: "",
      nvic: "",
      year: null,
      preferredDealership: null,
      car_type: null,
      purchasePrice: 30000,
      loanTerm: 5,
      selfAssessedCreditScore: "GREAT",
      whoIsHelping: "",
    });
  });

  it("strips anything after '?' from the car id", () => {
    expect(readFinanceParams(new URLSearchParams("car_id=ID%3Ffoo")).car_id).toBe("ID");
    expect(readFinanceParams(new URLSearchParams("car_id=abc-123?utm=x")).car_id).toBe("abc-123");
    expect(readFinanceParams(new URLSearchParams("car_id=%3Cscript%3E")).car_id).toBeNull();
  });

  it("reads vehiclePriceBudget or price, and selfAssessedCreditScore or credit_score", () => {
    const params = readFinanceParams(
      new URLSearchParams(
        "vehiclePriceBudget=45000&loanTerm=3&credit_score=poor&year=2019&vin=jtm123&nvic=abc1&car_type=Used&preferredDealership=city-motors&whoIsHelping=Jo",
      ),
    );
    expect(params).toMatchObject({
      purchasePrice: 45000,
      loanTerm: 3,
      selfAssessedCreditScore: "POOR",
      year: 2019,
      vin: "JTM123",
      nvic: "ABC1",
      car_type: "used",
      preferredDealership: "city-motors",
      whoIsHelping: "Jo",
    });
    expect(readFinanceParams(new URLSearchParams("price=%2425%2C000&selfAssessedCreditScore=DECENT"))).toMatchObject({
      purchasePrice: 25000,
      selfAssessedCreditScore: "DECENT",
    });
  });

  it("falls back on nonsense and clamps the price to the bounds", () => {
    const params = readFinanceParams(new URLSearchParams("price=abc&loanTerm=9&credit_score=GOOD&year=99&car_type=boat"));
    expect(params).toMatchObject({ purchasePrice: 30000, loanTerm: 5, selfAssessedCreditScore: "GREAT", year: null, car_type: null });
    expect(readFinanceParams(new URLSearchParams("price=500000")).purchasePrice).toBe(200000);
    expect(readFinanceParams(new URLSearchParams("price=5000")).purchasePrice).toBe(10000);
    expect(readFinanceParams(new URLSearchParams(""), { min: 300_000, max: 800_000, default: 400_000 }).purchasePrice).toBe(400_000);
  });
});
