/**
 * The trade-in valuation contract against the live provider, when VALUATION_URL and VALUATION_KEY are set
 * (it must be able to value a three-year-old Toyota Corolla Ascent Sport); skipped otherwise.
 */
import { describe, it } from "vitest";
import { HttpValuation } from "@server/tradeIn/httpValuation";
import { describeValuationContract, VALUED_CAR } from "./valuation.contract";

const env = process.env;

if (env.VALUATION_URL && env.VALUATION_KEY) {
  describeValuationContract("HTTP (live provider)", async () => ({
    valuation: new HttpValuation({ url: env.VALUATION_URL!, apiKey: env.VALUATION_KEY! }),
    car: VALUED_CAR,
    newPrice: 60_000,
    close: async () => {},
  }));
} else {
  describe("trade-in valuation contract: HTTP (live provider)", () => {
    it.skip("runs when VALUATION_URL and VALUATION_KEY are set", () => {});
  });
}
