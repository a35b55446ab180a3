/**
 * Online trade-in estimates are generally not given for cars over 7 years old or over 100,000 km
 * (spec 000 section 5, spec 001 section 9): such a car gets a call from the dealer's team instead of a
 * figure. Pure; the rule itself is the shared eligibility rule (app/domain/eligibility.ts).
 */
import { qualifiesForOnlineEstimate } from "~/domain/eligibility";

export const ONLINE_ESTIMATE_MAX_AGE_YEARS = 7;
export const ONLINE_ESTIMATE_MAX_KM = 100_000;

export type NoOnlineEstimate = "over-age" | "over-km";

/** Why this car gets no online figure, or null when it may have one (age first, as the shopper knows it best). */
export function noOnlineEstimateReason(car: { year: number; km: number }, now: Date): NoOnlineEstimate | null {
  if (qualifiesForOnlineEstimate(car, now)) return null;
  return now.getFullYear() - car.year > ONLINE_ESTIMATE_MAX_AGE_YEARS ? "over-age" : "over-km";
}

/** What the shopper is told instead of a figure. */
export function noOnlineEstimateText(reason: NoOnlineEstimate | "no-data" | "unavailable"): string {
  switch (reason) {
    case "over-age":
      return `We don't give online estimates for cars over ${ONLINE_ESTIMATE_MAX_AGE_YEARS} years old, so our team will call you to arrange a price.`;
    case "over-km":
      return `We don't give online estimates for cars over ${ONLINE_ESTIMATE_MAX_KM.toLocaleString("en-AU")} km, so our team will call you to arrange a price.`;
    case "no-data":
      return "We don't have enough market data on this car to price it online, so our team will call you to arrange a price.";
    case "unavailable":
      return "We couldn't work out a price online just now, so our team will call you to arrange a price.";
  }
}
