/**
 * The trade-in valuation contract (server/tradeIn/port.ts, Valuation): the embedded valuation and the
 * HTTP adapter (against the fake provider, and the live provider when configured) must all pass it. A car
 * the service knows gets a whole-dollar offer with its workings; worse answers never raise it; a car it
 * cannot value gets no figure (null), never an error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustmentAnswers, TradeInVehicle, Valuation, ValuationRequest } from "@server/tradeIn/port";
import { testTenant } from "../support/testTenant";

export interface ValuationHarness {
  valuation: Valuation;
  /** A car the service can value, with a believable ceiling for its offer (its price new). */
  car: TradeInVehicle;
  newPrice: number;
  close(): Promise<void>;
}

export const valuationDealer = testTenant("alpha-motors", { name: "Alpha Motors" });
export const NOW = new Date();
const year = NOW.getFullYear();

/** The car every embedded and fake harness can value: a three-year-old Corolla. */
export const VALUED_CAR: TradeInVehicle = {
  year: year - 3,
  make: "Toyota",
  model: "Corolla",
  badge: "Ascent Sport",
  km: 45_000,
  source: "shopper",
};

export const BEST_ANSWERS: AdjustmentAnswers = {
  km: 45_000,
  accident: "none",
  service: "full",
  keys: "two",
  financeOwing: "no",
  condition: "good",
};

export function request(car: TradeInVehicle, answers: Partial<AdjustmentAnswers> = {}): ValuationRequest {
  return { vehicle: car, rego: "ABC123", regoState: "NSW", adjustmentAnswers: { ...BEST_ANSWERS, ...answers } };
}

export function describeValuationContract(name: string, setup: () => Promise<ValuationHarness>) {
  describe(`trade-in valuation contract: ${name}`, () => {
    let h: ValuationHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    const offerFor = async (answers: Partial<AdjustmentAnswers> = {}) =>
      (await h.valuation.value(valuationDealer, request(h.car, answers), NOW))!;

    it("offers a whole-dollar figure below the car's price new, with its workings", async () => {
      const offer = await offerFor();
      expect(offer).not.toBeNull();
      expect(Number.isInteger(offer.offerPrice)).toBe(true);
      expect(offer.offerPrice).toBeGreaterThan(1000);
      expect(offer.offerPrice).toBeLessThan(h.newPrice);
      expect(offer.lines.length).toBeGreaterThan(0);
      for (const line of offer.lines) expect(line.label.length).toBeGreaterThan(0);
      expect(["comparables", "catalogue", "provider"]).toContain(offer.basis);
      if (offer.marketValue !== null) expect(offer.marketValue).toBeGreaterThanOrEqual(offer.offerPrice);
    });

    it("never offers more for a worse answer, and less for a poor car, accident damage or many more kilometres", async () => {
      const best = (await offerFor()).offerPrice;
      for (const worse of [
        { condition: "fair" },
        { accident: "repaired" },
        { service: "partial" },
        { service: "none" },
        { keys: "one" },
      ] as Partial<AdjustmentAnswers>[]) {
        expect((await offerFor(worse)).offerPrice, JSON.stringify(worse)).toBeLessThanOrEqual(best);
      }
      expect((await offerFor({ condition: "poor" })).offerPrice).toBeLessThan(best);
      expect((await offerFor({ accident: "unrepaired" })).offerPrice).toBeLessThan(best);
      expect((await offerFor({ km: 95_000 })).offerPrice).toBeLessThan(best);
      expect((await offerFor({ condition: "excellent" })).offerPrice).toBeGreaterThanOrEqual(best);
    });

    it("gives no figure for a car it cannot value", async () => {
      const unknown: TradeInVehicle = { ...h.car, make: "Nonesuch", model: "Phantom", badge: "" };
      expect(await h.valuation.value(valuationDealer, request(unknown), NOW)).toBeNull();
    });
  });
}
