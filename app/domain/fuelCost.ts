/**
 * Fuel calculator (spec 000 section 9, spec 001 section 9): $1.70 a litre, 250 km a week and 10 L/100km
 * when the car's consumption is unknown; cost = distance / 100 x consumption x price. Electric cars do
 * not get it.
 */
import { formatDollarsAndCents } from "./money";
import type { Vehicle } from "./vehicle";

export const FUEL_PRICE_PER_LITRE = 1.7;
export const KM_PER_WEEK = 250;
export const DEFAULT_CONSUMPTION = 10;
export const WEEKS_PER_YEAR = 52;

/** Sensible bounds so a typo cannot produce a silly figure. */
export const FUEL_LIMITS = {
  kmPerWeek: { min: 0, max: 10_000 },
  consumption: { min: 0, max: 60 },
  pricePerLitre: { min: 0, max: 10 },
} as const;

/** The calculator's query parameters (its GET form's field names). */
export const FUEL_PARAMS = { km: "fuel_km", consumption: "fuel_consumption", price: "fuel_price" } as const;

export interface FuelInputs {
  kmPerWeek: number;
  consumption: number;
  pricePerLitre: number;
}

export function isElectric(v: Pick<Vehicle, "simple_fuel" | "fuel">): boolean {
  const fuel = `${v.simple_fuel} ${v.fuel}`.toLowerCase();
  return fuel.includes("electric") && !fuel.includes("hybrid");
}

export function carConsumption(v: Pick<Vehicle, "variant">): number {
  const c = v.variant?.fuelconsumptioncombined;
  return typeof c === "number" && c > 0 ? c : DEFAULT_CONSUMPTION;
}

export function defaultFuelInputs(v: Pick<Vehicle, "variant">): FuelInputs {
  return { kmPerWeek: KM_PER_WEEK, consumption: carConsumption(v), pricePerLitre: FUEL_PRICE_PER_LITRE };
}

export function fuelCost(inputs: FuelInputs): { weekly: number; yearly: number } {
  const weekly = (inputs.kmPerWeek / 100) * inputs.consumption * inputs.pricePerLitre;
  return { weekly, yearly: weekly * WEEKS_PER_YEAR };
}

/**
 * Calculator inputs from a submitted form or query string (the calculator works without JavaScript as
 * a GET form): a blank or unreadable value falls back to the default, others are clamped.
 */
export function readFuelInputs(
  values: { km?: string | null; consumption?: string | null; price?: string | null },
  defaults: FuelInputs,
): FuelInputs {
  return {
    kmPerWeek: readNumber(values.km, defaults.kmPerWeek, FUEL_LIMITS.kmPerWeek),
    consumption: readNumber(values.consumption, defaults.consumption, FUEL_LIMITS.consumption),
    pricePerLitre: readNumber(values.price, defaults.pricePerLitre, FUEL_LIMITS.pricePerLitre),
  };
}

function readNumber(raw: string | null | undefined, fallback: number, limits: { min: number; max: number }): number {
  if (raw === null || raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n)) return fallback;
  return Math.min(limits.max, Math.max(limits.min, n));
}

/** '$42.50' — fuel money shows cents, unlike car prices. */
export function formatFuelMoney(amount: number): string {
  return formatDollarsAndCents(Math.round(amount * 100) / 100);
}
