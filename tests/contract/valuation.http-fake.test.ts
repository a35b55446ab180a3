/**
 * The trade-in valuation contract on the HTTP adapter against the fake provider (which checks every
 * request's shape and key), then the adapter's own behaviour: the dealer, the car and the spec's
 * adjustmentAnswers as JSON with the bearer key, a missing figure as no offer, one more try after a 5xx,
 * answers checked before they are believed, failures as TradeInProviderError without the key.
 */
import { afterAll, describe, expect, it } from "vitest";
import { HttpValuation } from "@server/tradeIn/httpValuation";
import { TradeInProviderError } from "@server/tradeIn/port";
import { startFakeValuation, type FakeValuation } from "../fakes/valuationServer";
import { BEST_ANSWERS, describeValuationContract, NOW, request, VALUED_CAR, valuationDealer } from "./valuation.contract";

const fakes: FakeValuation[] = [];

async function setup(options: { apiKey?: string; timeoutMs?: number } = {}) {
  const fake = await startFakeValuation();
  fakes.push(fake);
  const valuation = new HttpValuation({ url: fake.url, apiKey: options.apiKey ?? fake.apiKey, timeoutMs: options.timeoutMs, backoffMs: 1 });
  return { fake, valuation };
}

describeValuationContract("HTTP (fake provider)", async () => {
  const { fake, valuation } = await setup();
  return {
    valuation,
    car: VALUED_CAR,
    newPrice: 32_000,
    close: async () => {
      expect(fake.problems()).toEqual([]);
    },
  };
});

afterAll(async () => {
  for (const fake of fakes) await fake.close().catch(() => {});
});

describe("HTTP valuation: requests and failures", () => {
  it("sends the dealer, the rego, the car with today's kilometres and the adjustmentAnswers, as JSON with the bearer key", async () => {
    const { fake, valuation } = await setup();
    const offer = (await valuation.value(valuationDealer, { ...request({ ...VALUED_CAR, vin: "JTN1" }), rego: "abc 123" }, NOW))!;
    expect(offer.basis).toBe("provider");
    expect(offer.lines.map((l) => l.label)).toEqual(["Market value", "Provider's adjustments"]);
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.json).toEqual({
      dealer: "alpha-motors",
      rego: "ABC123",
      regoState: "NSW",
      vehicle: { year: VALUED_CAR.year, make: "Toyota", model: "Corolla", badge: "Ascent Sport", km: 45_000, vin: "JTN1", nvic: "" },
      adjustmentAnswers: BEST_ANSWERS,
    });
    expect(fake.problems()).toEqual([]);
  });

  it("rounds the figures to whole dollars and says so in one line when the provider gives no workings", async () => {
    const { fake, valuation } = await setup();
    fake.failNext({ body: { offer_price: 15_499.6 } });
    expect(await valuation.value(valuationDealer, request(VALUED_CAR), NOW)).toEqual({
      offerPrice: 15_500,
      marketValue: null,
      basis: "provider",
      lines: [{ label: "Offer from our valuation service for the answers you gave", amount: 15_500 }],
    });
  });

  it("takes a null figure or a 404 as no offer", async () => {
    const { fake, valuation } = await setup();
    fake.failNext({ body: { offer_price: null } });
    expect(await valuation.value(valuationDealer, request(VALUED_CAR), NOW)).toBeNull();
    fake.failNext({ status: 404 });
    expect(await valuation.value(valuationDealer, request(VALUED_CAR), NOW)).toBeNull();
  });

  it("tries once more after a 502, then gives up with the status and never the key", async () => {
    const { fake, valuation } = await setup();
    fake.failNext({ status: 502 });
    expect((await valuation.value(valuationDealer, request(VALUED_CAR), NOW))!.offerPrice).toBeGreaterThan(0);
    fake.failNext({ status: 502 });
    fake.failNext({ status: 502 });
    const error = await valuation.value(valuationDealer, request(VALUED_CAR), NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TradeInProviderError);
    expect((error as Error).message).toBe("Valuation /valuation: HTTP 502");
    expect(String(error)).not.toContain(fake.apiKey);
  });

  it("gives up on a slow provider after its time limit", async () => {
    const { fake, valuation } = await setup({ timeoutMs: 100 });
    fake.failNext({ delayMs: 400 });
    fake.failNext({ delayMs: 400 });
    await expect(valuation.value(valuationDealer, request(VALUED_CAR), NOW)).rejects.toThrow(
      "Valuation /valuation: no answer within 100 ms",
    );
  });

  it("refuses figures it cannot believe: negative, not numbers, or not JSON", async () => {
    const { fake, valuation } = await setup();
    fake.failNext({ body: { offer_price: -5 } });
    await expect(valuation.value(valuationDealer, request(VALUED_CAR), NOW)).rejects.toThrow("the answer was not understood");
    fake.failNext({ body: { offer_price: "lots" } });
    await expect(valuation.value(valuationDealer, request(VALUED_CAR), NOW)).rejects.toThrow("the answer was not understood");
    fake.failNext({ notJson: true });
    await expect(valuation.value(valuationDealer, request(VALUED_CAR), NOW)).rejects.toThrow("the answer was not JSON");
  });
});
