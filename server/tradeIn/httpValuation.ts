/**
 * Trade-in valuation over HTTP (VALUATION_URL, VALUATION_KEY): `POST {url}/valuation` with the dealer,
 * the car, its rego and the shopper's adjustmentAnswers; answered `{ offer_price, market_value?, lines? }`
 * (offer_price null, or 404, when the provider gives no figure). Figures are checked before they are
 * believed and rounded to whole dollars.
 */
import { z } from "zod";
import type { TenantConfig } from "../tenants/schema";
import { postToProvider } from "./providerHttp";
import { TradeInProviderError, type Offer, type Valuation, type ValuationRequest } from "./port";
import { plateKey } from "./plates";

export interface HttpValuationOptions {
  url: string;
  apiKey: string;
  /** Per try. Default 8 s. */
  timeoutMs?: number;
  backoffMs?: number;
}

const money = z.number().finite().min(0).max(5_000_000);
const valuationAnswer = z.object({
  offer_price: money.nullable(),
  market_value: money.nullish(),
  lines: z
    .array(z.object({ label: z.string().trim().min(1).max(200), amount: z.number().finite().nullable() }))
    .max(20)
    .nullish(),
});

export class HttpValuation implements Valuation {
  readonly name = "http" as const;
  constructor(private readonly options: HttpValuationOptions) {}

  async value(dealer: TenantConfig, request: ValuationRequest, _now?: Date): Promise<Offer | null> {
    const { vehicle, adjustmentAnswers } = request;
    const answer = await postToProvider(
      { ...this.options, timeoutMs: this.options.timeoutMs ?? 8_000, service: "Valuation" },
      "/valuation",
      {
        dealer: dealer.slug,
        rego: plateKey(request.rego),
        regoState: request.regoState,
        vehicle: {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          badge: vehicle.badge,
          km: adjustmentAnswers.km,
          vin: vehicle.vin ?? "",
          nvic: vehicle.nvic ?? "",
        },
        adjustmentAnswers,
      },
    );
    if (answer === null) return null;
    const parsed = valuationAnswer.safeParse(answer);
    if (!parsed.success) throw new TradeInProviderError("Valuation /valuation: the answer was not understood");
    const { offer_price, market_value, lines } = parsed.data;
    if (offer_price === null || offer_price < 1) return null;
    const offerPrice = Math.round(offer_price);
    return {
      offerPrice,
      marketValue: market_value == null ? null : Math.round(market_value),
      basis: "provider",
      lines: lines?.length
        ? lines.map((l) => ({ label: l.label, amount: l.amount === null ? null : Math.round(l.amount) }))
        : [{ label: "Offer from our valuation service for the answers you gave", amount: offerPrice }],
    };
  }
}
