import { describe, expect, it, vi } from "vitest";
import { testTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import { vehicleFinance } from "@server/vehicles/pageData";
import type { FinanceBroker, Quote, QuoteRequest } from "@server/finance/port";
import { FinanceBrokerError } from "@server/finance/port";
import { loadCalculatedQuote } from "./calculatedQuote";

const now = new Date("2026-11-22T10:00:00Z");
const quote: Quote = { weeklyRepaymentAmount: 123.45, advertisedRate: 7.99, comparisonRate: 8.6 };
const dealer = (calculatedQuote = true) => testTenant("quote-motors", { features: { calculatedQuote } });
const car = (over: Parameters<typeof testVehicle>[0] = {}) =>
  testVehicle({ price: 30000, status: "in_stock", youxQuote: null, finance_lenders: null, year: 2023, ...over });

function broker(answer: (request: QuoteRequest) => Promise<Quote>) {
  const quoteCall = vi.fn((_dealer: unknown, request: QuoteRequest) => answer(request));
  return { platform: { financeBroker: { quote: quoteCall, createCustomer: vi.fn() } as unknown as FinanceBroker }, quoteCall };
}

describe("the sidebar's calculated quote", () => {
  it("asks the broker on the spec's assumptions: credit GREAT, 5 years, the price less a 10% deposit", async () => {
    const { platform, quoteCall } = broker(async () => quote);
    expect(await loadCalculatedQuote(platform, dealer(), car(), now)).toEqual(quote);
    expect(quoteCall.mock.calls[0][1]).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 27000,
      loanTerm: 5,
      year: 2023,
      vin: car().vin,
      nvic: car().nvic,
      whoIsHelping: "",
    });
  });

  it("is not asked when the dealer has it off, the car has a quote or lender figures that may be shown, or no price", async () => {
    const { platform, quoteCall } = broker(async () => quote);
    const lender = { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 140 };
    expect(await loadCalculatedQuote(platform, dealer(false), car(), now)).toBeNull();
    expect(await loadCalculatedQuote(platform, dealer(), car({ youxQuote: quote }), now)).toBeNull();
    expect(await loadCalculatedQuote(platform, dealer(), car({ finance_lenders: { "Any Bank": lender } }), now)).toBeNull();
    expect(await loadCalculatedQuote(platform, dealer(), car({ price: 0 }), now)).toBeNull();
    expect(await loadCalculatedQuote(platform, dealer(), car({ status: "sold" }), now)).toBeNull();
    expect(quoteCall).not.toHaveBeenCalled();
    // Lender figures the dealer may not show do not count as the car's own.
    await loadCalculatedQuote(platform, dealer(), car({ finance_lenders: { "Any Bank": { ...lender, comparisonRate: null } } }), now);
    expect(quoteCall).toHaveBeenCalledTimes(1);
  });

  it("asks once per car: the answer is kept for the next page views", async () => {
    const { platform, quoteCall } = broker(async () => quote);
    expect(await loadCalculatedQuote(platform, dealer(), car(), now)).toEqual(quote);
    expect(await loadCalculatedQuote(platform, dealer(), car(), now)).toEqual(quote);
    expect(quoteCall).toHaveBeenCalledTimes(1);
    // Another price is another question.
    await loadCalculatedQuote(platform, dealer(), car({ price: 40000 }), now);
    expect(quoteCall).toHaveBeenCalledTimes(2);
  });

  it("is silent when the broker refuses, fails or is too slow", async () => {
    const refused = broker(async () => {
      throw new FinanceBrokerError("quote refused: invalid purchasePrice");
    });
    expect(await loadCalculatedQuote(refused.platform, dealer(), car(), now)).toBeNull();
    const slow = broker(() => new Promise<Quote>(() => {}));
    expect(await loadCalculatedQuote(slow.platform, dealer(), car(), now, 20)).toBeNull();
  });

  it("becomes the sidebar's estimate (weekly rounded up, monthly = weekly x 4.33), and no estimate when it failed", () => {
    const tenant = dealer();
    const page = { now, requestUrl: "https://quote-motors.example/cars/x" };
    expect(vehicleFinance(tenant, car(), 30000, true, { ...page, calculatedQuote: quote }).estimate).toEqual({
      weekly: 124,
      monthly: 536.92,
      source: "calculated",
      advertisedRate: 7.99,
      comparisonRate: 8.6,
    });
    expect(vehicleFinance(tenant, car(), 30000, true, { ...page, calculatedQuote: null }).estimate).toBeNull();
  });
});

describe("the car's finance parts", () => {
  const page = { now, requestUrl: "https://quote-motors.example/cars/x?amount=20000&term=3&frequency=monthly" };
  const lenders = {
    "Any Bank": { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 140, disclaimer: "Any Bank's own words." },
    "Unrated Bank": { interestRate: 6, comparisonRate: null, paymentWeek: 90, disclaimer: "Never shown." },
  };

  it("shows the lender's figures and disclaimer when they may be shown, with the calculator answering the query", () => {
    const finance = vehicleFinance(dealer(false), car({ finance_lenders: lenders }), 30000, true, page);
    expect(finance.estimate).toMatchObject({ weekly: 140, source: "lender" });
    expect(finance.disclaimer).toBe("Any Bank's own words.");
    expect(finance.calculator).toMatchObject({ submitted: true, inputs: { amount: 20000, term: 3, frequency: "monthly" } });
  });

  it("keeps the dealer's disclaimer, and shows no lender figures, for an excluded manufacturer", () => {
    const tenant = testTenant("quote-motors", { finance: { excludedManufacturers: ["toyota"] } });
    const finance = vehicleFinance(tenant, car({ finance_lenders: lenders }), 30000, true, page);
    expect(finance.estimate).toBeNull();
    expect(finance.disclaimer).toBe(tenant.finance.calculator.disclaimer);
  });

  it("offers no calculator where the car is not offered finance", () => {
    expect(vehicleFinance(dealer(), car(), 30000, false, page)).toEqual({
      estimate: null,
      disclaimer: dealer().finance.calculator.disclaimer,
      calculator: null,
    });
  });
});
