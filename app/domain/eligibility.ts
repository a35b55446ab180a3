/**
 * Which actions a car offers. The specs name these rules without their details ("shared eligibility
 * rules, not shown"); where silent, the rules below are what a dealer would expect.
 */
import type { DealerFlags } from "./dealerFlags";
import { sellingPrice } from "./priceDisplay";
import { isAvailable, type Vehicle } from "./vehicle";

export const TEST_DRIVE_ONLY_TAG = "test drive only";

export function isTestDriveOnly(v: Pick<Vehicle, "tag">): boolean {
  return v.tag.trim().toLowerCase() === TEST_DRIVE_ONLY_TAG;
}

/** Finance is offered when the car is in stock, not sold, not reserved, priced above 200 and the dealer has it (spec 001 section 4). */
export function canFinance(
  v: Pick<Vehicle, "status" | "reserved" | "price" | "offer_price" | "tag">,
  flags: Pick<DealerFlags, "financeWidgets">,
): boolean {
  return flags.financeWidgets && v.status === "in_stock" && !v.reserved && sellingPrice(v) > 200 && !isTestDriveOnly(v);
}

/** Reserve and buy-online appear only for available cars (spec 000 section 5), with a price, not already reserved. */
export function canReserve(
  v: Pick<Vehicle, "status" | "reserved" | "price" | "offer_price" | "tag">,
  flags: Pick<DealerFlags, "reserve">,
): boolean {
  return flags.reserve && isAvailable(v) && !v.reserved && sellingPrice(v) > 10 && !isTestDriveOnly(v);
}

/**
 * Online trade-in estimates are generally not given for cars over 7 years old or over 100,000 km
 * (spec 000 section 5); the shopper can still ask for a change-over price in person.
 */
export function qualifiesForOnlineEstimate(v: Pick<Vehicle, "year" | "km">, now: Date): boolean {
  return now.getFullYear() - v.year <= 7 && v.km <= 100_000;
}

/** Favourite and compare buttons are hidden when storage is off, the car is not saleable, price is 0 or less, or (where the dealer says) it has no images. */
export function canFavourite(
  v: Pick<Vehicle, "status" | "price" | "offer_price" | "photos_count">,
  flags: Pick<DealerFlags, "favourites" | "favouritesNeedImages">,
): boolean {
  if (!flags.favourites || !isAvailable(v) || sellingPrice(v) <= 0) return false;
  return !(flags.favouritesNeedImages && v.photos_count === 0);
}
