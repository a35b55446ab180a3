/**
 * A fake trade-in valuation provider (node:http on 127.0.0.1, port 0) for the HTTP Valuation adapter's
 * tests. It checks each request as the provider would: `POST /valuation`, JSON, `Authorization: Bearer
 * <key>` (401 without it, 415 without JSON, 400 for a body other than exactly `{ dealer, rego, regoState,
 * vehicle, adjustmentAnswers }` with the spec's answers), each noted as a problem. It values the models it
 * knows from their new price, age, kilometres and the answers (`{ offer_price, market_value, lines }`),
 * answers `{ offer_price: null }` for any other, and fails on demand: an HTTP status, a slow answer, a
 * body of your choosing, or text that is not JSON.
 */
import { z } from "zod";
import { startFakeJsonProvider, type FakeJsonProvider } from "./jsonProviderServer";

export type FakeValuation = FakeJsonProvider;

const valuationBody = z
  .object({
    dealer: z.string().min(1),
    rego: z.string().regex(/^[A-Z0-9]{0,9}$/),
    regoState: z.union([z.enum(["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]), z.literal("")]),
    vehicle: z
      .object({
        year: z.number().int().min(1900),
        make: z.string().min(1),
        model: z.string().min(1),
        badge: z.string(),
        km: z.number().int().min(0),
        vin: z.string(),
        nvic: z.string(),
      })
      .strict(),
    adjustmentAnswers: z
      .object({
        km: z.number().int().min(0),
        accident: z.enum(["none", "repaired", "unrepaired"]),
        service: z.enum(["full", "partial", "none"]),
        keys: z.enum(["two", "one"]),
        financeOwing: z.enum(["no", "yes"]),
        condition: z.enum(["excellent", "good", "fair", "poor"]),
      })
      .strict(),
  })
  .strict();

/** New prices of the models the fake knows, by "make|model" in lower case. */
export const FAKE_NEW_PRICES: Record<string, number> = { "toyota|corolla": 32_000, "mazda|cx-5": 42_000 };

function fakeOffer(body: z.infer<typeof valuationBody>) {
  const newPrice = FAKE_NEW_PRICES[`${body.vehicle.make}|${body.vehicle.model}`.toLowerCase()];
  if (!newPrice) return { offer_price: null };
  const a = body.adjustmentAnswers;
  const age = Math.max(0, new Date().getFullYear() - body.vehicle.year);
  const market = Math.round(newPrice * 0.85 ** (age + 1) * (1 - a.km / 1_000_000));
  const condition = { excellent: 1.03, good: 1, fair: 0.9, poor: 0.75 }[a.condition];
  const accident = { none: 1, repaired: 0.9, unrepaired: 0.75 }[a.accident];
  const service = { full: 1, partial: 0.95, none: 0.88 }[a.service];
  const offer = Math.floor((market * 0.78 * condition * accident * service - (a.keys === "one" ? 300 : 0)) / 50) * 50;
  return {
    offer_price: offer,
    market_value: market,
    lines: [
      { label: "Market value", amount: market },
      { label: "Provider's adjustments", amount: offer - market },
    ],
  };
}

export async function startFakeValuation(options: { apiKey?: string } = {}): Promise<FakeValuation> {
  return startFakeJsonProvider({
    path: "/valuation",
    apiKey: options.apiKey ?? "fake-valuation-key-0123456789",
    body: valuationBody,
    answer: (body) => ({ status: 200, payload: fakeOffer(body) }),
  });
}
