/**
 * Which buttons a vehicle card shows, and where each goes (spec 000 section 2, Vehicle card).
 * Pure: the card and the vehicle page's similar-vehicles strip use the same rule.
 */
import type { DealerFlags } from "./dealerFlags";
import { canFinance, canReserve, isTestDriveOnly } from "./eligibility";
import { financeHref } from "./financeEstimate";
import { sellingPrice } from "./priceDisplay";
import { isAvailable, type Vehicle } from "./vehicle";

export type CardActionKind = "view" | "finance" | "test-drive" | "reserve" | "similar" | "enquire" | "change-over";

export interface CardAction {
  kind: CardActionKind;
  label: string;
  href: string;
}

export interface CardActionPaths {
  /** The dealer's finance page (default /finance). */
  finance: string;
  /** The dealer's test drive booking page (default /book-test-drive/). */
  testDrive: string;
  /** Last segment of the reserve page: 'checkout', or 'buy-online' for some dealers. */
  checkout: string;
}

export interface CardActionOptions {
  flags: Pick<DealerFlags, "financeWidgets" | "reserve" | "tradeIn">;
  paths: CardActionPaths;
  /** 'View Details', or 'Explore Vehicle' on some dealers. */
  primaryLabel: string;
  /** 'Reserve this Car' (the default), or 'Reserve Now' on some dealers. */
  reserveLabel?: string;
  /** 'Enquire Now' (the default), or 'Quick Enquiry' on some dealers. */
  enquireLabel?: string;
}

export const RESERVE_LABEL = "Reserve this Car";
export const ENQUIRE_LABEL = "Enquire Now";

type CardActionVehicle = Pick<
  Vehicle,
  "id" | "slug" | "status" | "reserved" | "price" | "offer_price" | "tag" | "nvic" | "vin" | "car_type" | "dealership_slug"
>;

function withCarId(path: string, id: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}car_id=${encodeURIComponent(id)}`;
}

/**
 * The card's buttons in display order, the primary one first.
 * - A car that is not available shows only 'Find Me Something Similar'.
 * - A test-drive-only car shows 'Book a Test Drive' instead of finance and reserve.
 * - Otherwise finance and reserve follow the shared eligibility rules, then 'Enquire Now', then
 *   'Get Change Over Price' where the dealer takes trade-ins.
 * - 'Get Finance' follows the car-specific finance link rule (spec 001 section 2, financeHref): the
 *   personalised finance route for a car with an NVIC code, else the dealer's finance page.
 */
export function cardActions(v: CardActionVehicle, options: CardActionOptions): CardAction[] {
  const carPage = `/cars/${encodeURIComponent(v.slug)}`;
  if (!isAvailable(v)) return [{ kind: "similar", label: "Find Me Something Similar", href: `${carPage}#similar` }];

  const actions: CardAction[] = [{ kind: "view", label: options.primaryLabel, href: carPage }];
  if (isTestDriveOnly(v)) {
    actions.push({ kind: "test-drive", label: "Book a Test Drive", href: withCarId(options.paths.testDrive, v.id) });
  } else {
    if (canFinance(v, options.flags)) {
      actions.push({ kind: "finance", label: "Get Finance", href: financeHref(v, sellingPrice(v), options.paths.finance) });
    }
    if (canReserve(v, options.flags)) {
      actions.push({ kind: "reserve", label: options.reserveLabel ?? RESERVE_LABEL, href: `${carPage}/${options.paths.checkout}` });
    }
  }
  actions.push({ kind: "enquire", label: options.enquireLabel ?? ENQUIRE_LABEL, href: `${carPage}#enquire` });
  if (options.flags.tradeIn) {
    actions.push({ kind: "change-over", label: "Get Change Over Price", href: withCarId("/cars/trade-in", v.id) });
  }
  return actions;
}
