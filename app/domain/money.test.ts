import { describe, expect, it } from "vitest";
import { formatCents, formatDollarsAndCents, formatMoney, formatNumber } from "./money";

// What en-AU's own formatters say, to hold the hand-written ones to.
const AUD = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0, minimumFractionDigits: 0 });
const WHOLE = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prices, kilometres and payments of every size, with awkward fractions and halves. */
const SAMPLES = [
  0,
  1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  9999,
  10000,
  35990,
  99999,
  100000,
  125000,
  999999,
  1000000,
  1234567.89,
  12345678,
  2 ** 31,
  9007199254740991,
  0.5,
  1.5,
  2.5,
  999.5,
  999.49,
  1999.995,
  1.005,
  0.125,
  0.375,
  24990.4999,
  12.345,
  1250.5,
  0.01,
  0.004,
];

describe("money", () => {
  it("is $ with thousands commas and no decimals", () => {
    expect(formatMoney(35990)).toBe("$35,990");
    expect(formatMoney(1234567.89)).toBe("$1,234,568");
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(-1234)).toBe("-$1,234");
    expect(formatMoney(Number.NaN)).toBe("$0");
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("$0");
  });

  it("formats counts", () => {
    expect(formatNumber(125000)).toBe("125,000");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(-4500)).toBe("-4,500");
    expect(formatNumber(Number.NaN)).toBe("0");
  });

  it("writes dollars and cents", () => {
    expect(formatDollarsAndCents(1250.5)).toBe("$1,250.50");
    expect(formatDollarsAndCents(0)).toBe("$0.00");
    expect(formatDollarsAndCents(-12.5)).toBe("-$12.50");
    expect(formatDollarsAndCents(-0.004)).toBe("$0.00");
    expect(formatCents(125050)).toBe("$1,250.50");
  });

  it("says what en-AU's own formatters say, for numbers of every size", () => {
    for (const n of SAMPLES) {
      // The callers round first (a whole-dollar price), as the old formatters did.
      expect(formatMoney(n), String(n)).toBe(AUD.format(Math.round(n)).replace("A$", "$"));
      expect(formatNumber(n), String(n)).toBe(WHOLE.format(Math.round(n)));
      expect(formatDollarsAndCents(n), String(n)).toBe(`$${TWO_DECIMALS.format(n)}`);
      if (n > 0) {
        expect(formatMoney(-n), String(-n)).toBe(AUD.format(Math.round(-n)).replace("A$", "$").replace("-$0", "$0"));
      }
    }
  });

  it("agrees with en-AU on 5,000 made-up amounts (fixed seed)", () => {
    let seed = 20261123;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const n = Math.round(next() * 10 ** (1 + Math.floor(next() * 9))) / 10 ** Math.floor(next() * 5);
      expect(formatMoney(n), String(n)).toBe(AUD.format(Math.round(n)).replace("A$", "$"));
      expect(formatNumber(n), String(n)).toBe(WHOLE.format(Math.round(n)));
      expect(formatDollarsAndCents(n), String(n)).toBe(`$${TWO_DECIMALS.format(n)}`);
    }
  });
});
