/**
 * Rego lookup over HTTP (VEHICLE_LOOKUP_URL, VEHICLE_LOOKUP_KEY): `POST {url}/lookup` with the spec's
 * fields `{ rego, regoState }`, answered `{ vehicle: { year, make, model, badge?, km?, vin?, nvic?,
 * body?, colour? } }`, `{ vehicle: null }` or 404 when the plate is unknown. The answer is checked
 * before it is believed; anything else is a TradeInProviderError.
 */
import { z } from "zod";
import { postToProvider } from "./providerHttp";
import { TradeInProviderError, type RegoLookupRequest, type TradeInVehicle, type VehicleLookup } from "./port";
import { plateKey } from "./plates";

export interface HttpLookupOptions {
  url: string;
  apiKey: string;
  /** Per try; the shopper is waiting on the page. Default 6 s. */
  timeoutMs?: number;
  backoffMs?: number;
}

const text = (max: number) => z.string().trim().max(max);
const foundVehicle = z.object({
  year: z.number().int().min(1900).max(2100),
  make: text(40).min(1),
  model: text(60).min(1),
  badge: text(60)
    .nullish()
    .transform((v) => v ?? ""),
  km: z
    .number()
    .int()
    .min(0)
    .max(3_000_000)
    .nullish()
    .transform((v) => v ?? null),
  vin: text(20).nullish(),
  nvic: text(20).nullish(),
  body: text(40).nullish(),
  colour: text(40).nullish(),
});
const lookupAnswer = z.object({ vehicle: foundVehicle.nullable() });

export class HttpVehicleLookup implements VehicleLookup {
  readonly name = "http" as const;
  constructor(private readonly options: HttpLookupOptions) {}

  async lookup(_dealer: unknown, request: RegoLookupRequest): Promise<TradeInVehicle | null> {
    const rego = plateKey(request.rego);
    if (!rego) return null;
    const answer = await postToProvider(
      { ...this.options, timeoutMs: this.options.timeoutMs ?? 6_000, service: "Rego lookup" },
      "/lookup",
      { rego, regoState: request.regoState },
    );
    if (answer === null) return null;
    const parsed = lookupAnswer.safeParse(answer);
    if (!parsed.success) throw new TradeInProviderError("Rego lookup /lookup: the answer was not understood");
    const v = parsed.data.vehicle;
    if (!v) return null;
    return {
      year: v.year,
      make: v.make,
      model: v.model,
      badge: v.badge,
      km: v.km,
      ...(v.vin ? { vin: v.vin } : {}),
      ...(v.nvic ? { nvic: v.nvic } : {}),
      ...(v.body ? { body: v.body } : {}),
      ...(v.colour ? { colour: v.colour } : {}),
      source: "provider",
    };
  }
}
