import { describe, expect, it } from "vitest";
import {
  calculateRepayment,
  calculatorSettings,
  defaultInputs,
  digitsOnly,
  feesOverTerm,
  purchasePriceMessage,
  readCalculatorQuery,
  readInputs,
  roundRepayment,
  gridThrough,
  snapDown,
  snapToStep,
  type CalculatorConfig,
  type CalculatorInputs,
} from "./calculator";

/** The spec's defaults (spec 001 sections 5 and 9), as the tenant schema gives them. */
const SPEC_DEFAULTS: CalculatorConfig = {
  amountMin: 1000,
  amountMax: 100000,
  amountStep: 500,
  amountMaxFollowsPrice: false,
  amountDefaultFromPrice: false,
  amountDefault: 30000,
  termMin: 1,
  termMax: 7,
  termStep: 0.5,
  termDefault: 6,
  customYearIncrements: [],
  interestMin: 0.5,
  interestMax: 15,
  interestStep: 0.5,
  interestDefault: 10,
  interestDisabled: false,
  establishmentFee: 0,
  depositMax: 250000,
  residualMax: 250000,
  valueStep: 0.5,
  fees: [],
  comparisonRateRange: null,
  rounding: "up",
  groupStyle: false,
  makes: {},
  lenders: {},
};
const config = (overrides: Partial<CalculatorConfig> = {}): CalculatorConfig => ({ ...SPEC_DEFAULTS, ...overrides });
const car = { price: 45000, make: "Toyota" };
/** The $27,990 car a shopper saw start at $28,000. */
const car27990 = { price: 27990, make: "Toyota" };
const params = (query: string) => new URLSearchParams(query);

describe("the calculator's bounds", () => {
  it("has the spec's sliders and starting figures: 30,000, 6 years, 10%, no deposit or residual, weekly", () => {
    const settings = calculatorSettings(config(), car);
    expect(settings.amount).toEqual({ min: 1000, max: 100000, step: 500, default: 30000 });
    expect(settings.term).toEqual({ min: 1, max: 7, step: 0.5, default: 6, increments: [] });
    expect(settings.interest).toEqual({ min: 0.5, max: 15, step: 0.5, default: 10, disabled: false });
    expect(defaultInputs(settings)).toEqual({ amount: 30000, term: 6, interest: 10, deposit: 0, residual: 0, frequency: "weekly" });
  });

  it("starts from the car's price on dealers that say so, snapped down onto the slider's steps, and from 30,000 for a car without one", () => {
    const fromPrice = config({ amountDefaultFromPrice: true });
    // $27,990 starts at $27,500: never above the car's price ($28,000 was the nearest step, above it).
    expect(calculatorSettings(fromPrice, car27990).amount.default).toBe(27500);
    expect(calculatorSettings(fromPrice, { price: 28000, make: "Toyota" }).amount.default).toBe(28000);
    expect(calculatorSettings(fromPrice, { price: 28499, make: "Toyota" }).amount.default).toBe(28000);
    expect(calculatorSettings(fromPrice, { price: 0, make: "Toyota" }).amount.default).toBe(30000);
  });

  it("never starts the loan above the car's price, whatever the dealer's starting amount", () => {
    // The spec's 30,000 start on a $27,990 car is the car's price, snapped down.
    expect(calculatorSettings(config(), car27990).amount.default).toBe(27500);
    expect(calculatorSettings(config(), { price: 45000, make: "Toyota" }).amount.default).toBe(30000);
    for (const price of [1234, 9999.99, 27990, 30001, 64321, 99999]) {
      const start = calculatorSettings(config({ amountDefaultFromPrice: true }), { price, make: "Kia" }).amount.default;
      expect(start).toBeLessThanOrEqual(price);
      expect(price - start).toBeLessThan(500);
    }
    // The group site's typed price is the car's price itself, to the dollar below.
    expect(
      calculatorSettings(config({ groupStyle: true, amountDefaultFromPrice: true }), { price: 27990.6, make: "Kia" }).amount.default,
    ).toBe(27990);
  });

  it("lets the amount go to 1.05 x price on cars over 100,000 where the dealer says so, on the slider's steps", () => {
    const follows = config({ amountMaxFollowsPrice: true });
    expect(calculatorSettings(follows, { price: 123456, make: "BMW" }).amount.max).toBe(129500);
    expect(calculatorSettings(follows, { price: 90000, make: "BMW" }).amount.max).toBe(100000);
    expect(calculatorSettings(config(), { price: 123456, make: "BMW" }).amount.max).toBe(100000);
  });

  it("keeps a dealer's shorter term: max 5, so the 6-year default becomes 5", () => {
    expect(calculatorSettings(config({ termMax: 5 }), car).term).toMatchObject({ max: 5, default: 5 });
  });

  it("shows and computes with the dealer's rate: the half-percent grid passes through 8.99% (0.99 to 14.99)", () => {
    const settings = calculatorSettings(config({ interestDefault: 8.99 }), car);
    expect(settings.interest).toEqual({ min: 0.99, max: 14.99, step: 0.5, default: 8.99, disabled: false });
    expect(defaultInputs(settings).interest).toBe(8.99);
    // The shopper's own rate lands on the same grid; a rate on the dealer's grid keeps its bounds.
    expect(readCalculatorQuery(settings, params("interest=7")).interest).toBe(6.99);
    expect(readCalculatorQuery(settings, params("interest=15")).interest).toBe(14.99);
    expect(calculatorSettings(config({ interestDefault: 9.5 }), car).interest).toMatchObject({ min: 0.5, max: 15, default: 9.5 });
    // $30,000 over 5 years at 8.99% is $143.35 a week: $144, the rate in the answer is 8.99.
    const inputs = { ...defaultInputs(settings), amount: 30000, term: 5 };
    expect(calculateRepayment(settings, inputs).payment).toBe(144);
  });

  it("moves a slider's grid through a value, within its bounds", () => {
    expect(gridThrough({ min: 0.5, max: 15, step: 0.5 }, 8.99)).toEqual({ min: 0.99, max: 14.99, step: 0.5 });
    expect(gridThrough({ min: 4, max: 20, step: 0.5 }, 7.25)).toEqual({ min: 4.25, max: 19.75, step: 0.5 });
    expect(gridThrough({ min: 0.5, max: 15, step: 0.5 }, 9)).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(gridThrough({ min: 0.5, max: 15, step: 0.5 }, 20)).toEqual({ min: 0.5, max: 15, step: 0.5 });
    expect(gridThrough({ min: 0.5, max: 15, step: 0 }, 8.99)).toEqual({ min: 0.5, max: 15, step: 0 });
  });

  it("lays a brand's, then the car's lender's, figures over the dealer's", () => {
    const layered = config({
      makes: { haval: { interestMin: 4, interestMax: 20 } },
      lenders: { "Angle Auto Finance": { amountMin: 5000, interestMax: 14.5, establishmentFee: 1360.5 } },
    });
    const haval = { price: 30000, make: "Haval" };
    expect(calculatorSettings(layered, haval).interest).toMatchObject({ min: 4, max: 20 });
    const lent = calculatorSettings(layered, haval, "Angle Auto Finance");
    expect(lent.interest).toMatchObject({ min: 4, max: 14.5 });
    expect(lent.amount.min).toBe(5000);
    expect(lent.establishmentFee).toBe(1360.5);
    expect(calculatorSettings(layered, car, "Another Lender").amount.min).toBe(1000);
  });

  it("moves through the dealer's custom year increments, the default the nearest of them", () => {
    const settings = calculatorSettings(config({ customYearIncrements: [7, 1, 3, 5, 3] }), car);
    expect(settings.term).toMatchObject({ min: 1, max: 7, increments: [1, 3, 5, 7], default: 5 });
    expect(readCalculatorQuery(settings, params("termIndex=3")).term).toBe(7);
    expect(readCalculatorQuery(settings, params("termIndex=0")).term).toBe(1);
    expect(readCalculatorQuery(settings, params("termIndex=99")).term).toBe(7);
    expect(readCalculatorQuery(settings, params("term=4.2")).term).toBe(5);
  });

  it("snaps a slider's value onto its steps from its minimum, never past its maximum", () => {
    expect(snapToStep(27990, { min: 1000, max: 100000, step: 500 })).toBe(28000);
    expect(snapToStep(129628.8, { min: 1000, max: 129628.8, step: 500 })).toBe(129500);
    expect(snapToStep(-3, { min: 1, max: 7, step: 0.5 })).toBe(1);
    expect(snapToStep(6.3, { min: 1, max: 7, step: 0.5 })).toBe(6.5);
  });

  it("snaps a start down onto the steps, never past the figure", () => {
    expect(snapDown(27990, { min: 1000, max: 100000, step: 500 })).toBe(27500);
    expect(snapDown(28000, { min: 1000, max: 100000, step: 500 })).toBe(28000);
    expect(snapDown(500, { min: 1000, max: 100000, step: 500 })).toBe(1000);
    expect(snapDown(250000, { min: 1000, max: 100000, step: 500 })).toBe(100000);
    expect(snapDown(27990, { min: 1000, max: 100000, step: 0 })).toBe(27990);
  });
});

describe("reading the shopper's figures (the plain GET form)", () => {
  const settings = calculatorSettings(config(), car);

  it("clamps every figure into its bounds", () => {
    expect(
      readCalculatorQuery(settings, params("amount=500000&term=12&interest=40&tradeIn=-50&residual=999999&frequency=monthly")),
    ).toEqual({
      amount: 100000,
      term: 7,
      interest: 15,
      deposit: 0,
      residual: 100000,
      frequency: "monthly",
    });
    expect(readCalculatorQuery(settings, params("amount=10&term=0&interest=0")).amount).toBe(1000);
    expect(readCalculatorQuery(settings, params("term=0")).term).toBe(1);
    expect(readCalculatorQuery(settings, params("interest=0")).interest).toBe(0.5);
  });

  it("takes missing or unreadable figures as the starting ones, never an error", () => {
    expect(readCalculatorQuery(settings, params("amount=lots&term=&interest=1e999&frequency=daily&tradeIn=" + "9".repeat(60)))).toEqual(
      defaultInputs(settings),
    );
  });

  it("keeps the dealer's rate when the interest slider is disabled", () => {
    const fixed = calculatorSettings(config({ interestDisabled: true, interestDefault: 11.5 }), car);
    expect(readCalculatorQuery(fixed, params("interest=3")).interest).toBe(11.5);
  });
});

describe("the repayment", () => {
  const settings = calculatorSettings(config(), car);
  const inputs = (over: Partial<CalculatorInputs>): CalculatorInputs => ({ ...defaultInputs(settings), ...over });

  it("is standard amortisation rounded up to the dollar: $30,000 over 6 years at 10% is $128 a week ($127.96)", () => {
    expect(calculateRepayment(settings, inputs({}))).toEqual({
      frequency: "weekly",
      periods: 312,
      payment: 128,
      totalRepayments: 39936,
      amountFinanced: 30000,
    });
  });

  it("fortnightly (26 a year) and monthly (12 a year)", () => {
    expect(calculateRepayment(settings, inputs({ frequency: "fortnightly" }))).toMatchObject({ periods: 156, payment: 257 });
    expect(calculateRepayment(settings, inputs({ frequency: "monthly" }))).toMatchObject({
      periods: 72,
      payment: 556,
      totalRepayments: 40032,
    });
  });

  it("borrows the amount less the deposit plus the establishment fee: $30,000 - $5,000 + $1,300 over 5 years at 11.5% is $134 a week ($133.12)", () => {
    const withFee = calculatorSettings(config({ establishmentFee: 1300 }), car);
    expect(
      calculateRepayment(withFee, { amount: 30000, deposit: 5000, term: 5, interest: 11.5, residual: 0, frequency: "weekly" }),
    ).toEqual({
      frequency: "weekly",
      periods: 260,
      payment: 134,
      totalRepayments: 34840,
      amountFinanced: 26300,
    });
  });

  it("leaves the residual owing at the end: $30,000 with $9,000 residual over 5 years at 8% is $486 a month ($485.80)", () => {
    expect(
      calculateRepayment(settings, inputs({ amount: 30000, residual: 9000, term: 5, interest: 8, frequency: "monthly" })),
    ).toMatchObject({
      payment: 486,
      totalRepayments: 29160,
    });
  });

  it("adds the fees charged beside the repayments to the total: one-off fees once, monthly fees every month", () => {
    const fees = [
      { label: "Establishment fee", amount: 395, frequency: "once" as const },
      { label: "Security registration", amount: 6, frequency: "once" as const },
      { label: "Monthly admin fee", amount: 8, frequency: "monthly" as const },
      { label: "Agency fee", amount: 912.25, frequency: "once" as const },
    ];
    expect(feesOverTerm(fees, 5)).toBe(395 + 6 + 912.25 + 8 * 60);
    const listed = calculatorSettings(config({ fees }), car);
    // $30,000 over 5 years at 9.5% is $630.06 a month, so $631 x 60 + $1,793.25.
    expect(
      calculateRepayment(listed, { amount: 30000, deposit: 0, term: 5, interest: 9.5, residual: 0, frequency: "monthly" }),
    ).toMatchObject({
      payment: 631,
      totalRepayments: 631 * 60 + 1793.25,
    });
  });

  it("does not round a whole-dollar repayment up by floating-point noise, and rounds to the nearest dollar on the variant", () => {
    expect(roundRepayment(800.0000000001, "up")).toBe(800);
    expect(roundRepayment(127.2, "up")).toBe(128);
    expect(roundRepayment(127.2, "nearest")).toBe(127);
  });

  it("is 'Enquire for Finance' (no payment, blank totals) at 25 or less: $6,500 over 7 years at 10% is $25 a week, $7,000 is $27", () => {
    const small = calculateRepayment(settings, inputs({ amount: 6500, term: 7 }));
    expect(small).toMatchObject({ payment: null, totalRepayments: null });
    expect(calculateRepayment(settings, inputs({ amount: 7000, term: 7 }))).toMatchObject({ payment: 27, totalRepayments: 27 * 364 });
  });

  it("borrows nothing (and charges no fee) when the deposit covers the amount", () => {
    const withFee = calculatorSettings(config({ establishmentFee: 1300 }), car);
    expect(calculateRepayment(withFee, inputs({ amount: 20000, deposit: 25000 }))).toMatchObject({ amountFinanced: 0, payment: null });
  });
});

describe("the group-site calculator", () => {
  const group = calculatorSettings(config({ groupStyle: true, amountMax: 250000, termDefault: 5, interestDefault: 9.5 }), car);

  it("has Purchase Price 1,000-250,000, term 1-7 step 0.5 starting at 5, deposit/trade-in and residual 0-250,000 step 0.5", () => {
    expect(group.amount).toEqual({ min: 1000, max: 250000, step: 500, default: 30000 });
    expect(group.term).toMatchObject({ min: 1, max: 7, step: 0.5, default: 5 });
    expect(group.deposit).toEqual({ min: 0, max: 250000, step: 0.5 });
    expect(group.residual).toEqual({ min: 0, max: 250000, step: 0.5 });
  });

  it("reads typed figures as digits only, a price below zero as 0", () => {
    expect(digitsOnly("$25,000.-abc")).toBe("25000");
    const read = readCalculatorQuery(group, params("amount=%2425%2C000&tradeIn=2%2C5OO&residual=-1000"));
    expect(read).toMatchObject({ amount: 25000, deposit: 25, residual: 1000 });
    expect(readInputs(group, { amount: -5 }).amount).toBe(0);
  });

  it("keeps a Purchase Price beyond its bounds as typed and says 'Cannot be less than {min} or more than {max}' at or beyond them", () => {
    const message = "Cannot be less than $1,000 or more than $250,000";
    expect(readCalculatorQuery(group, params("amount=300000")).amount).toBe(300000);
    expect(purchasePriceMessage(group, 300000)).toBe(message);
    expect(purchasePriceMessage(group, 250000)).toBe(message);
    expect(purchasePriceMessage(group, 1000)).toBe(message);
    expect(purchasePriceMessage(group, 0)).toBe(message);
    expect(purchasePriceMessage(group, 1001)).toBeNull();
    expect(purchasePriceMessage(group, 249999)).toBeNull();
    expect(purchasePriceMessage(calculatorSettings(config(), car), 1000)).toBeNull();
  });

  it("works the loan out on the price within its bounds, and clamps the other figures", () => {
    const beyond = readCalculatorQuery(group, params("amount=300000&term=9&interest=30&tradeIn=400000"));
    expect(beyond).toMatchObject({ term: 7, interest: 15, deposit: 250000 });
    expect(calculateRepayment(group, { ...beyond, deposit: 0 }).amountFinanced).toBe(250000);
    expect(calculateRepayment(group, beyond)).toMatchObject({ amountFinanced: 0, payment: null });
  });
});
