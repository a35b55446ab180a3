import type { DealerFlags } from "./dealerFlags";
import { formatMoney } from "./money";
import type { Vehicle } from "./vehicle";

export type PriceKind = "subscription" | "offer" | "price" | "preorder" | "none";

export interface PriceDisplay {
  kind: PriceKind;
  /** The amount shown, when there is one. */
  amount: number | null;
  /** What the shopper reads: '$35,990', '$189 / week', 'PREORDER', or the dealer's no-price text. */
  text: string;
  /** 'Drive Away', 'Excl. Govt. Charges'... shown beside an amount. */
  priceType: string;
  /** Shown struck through, only when before_price exceeds the amount shown. */
  wasPrice: number | null;
  /**
   * A subscription car's sale price beside its weekly price ('or $35,990 Drive Away to buy'): the price
   * finance, the market-price indicator and the price comparison work from, so the shopper can see it.
   */
  salePrice: { amount: number; text: string; priceType: string } | null;
}

/** Prices of 10 or less are placeholders in dealer feeds, never shown (spec 000 section 9). */
const MIN_SHOWN_PRICE = 10;

/**
 * Price display order (spec 000 section 4): subscription price when the dealer offers subscriptions
 * and it is above 0; else an offer price above 10 that differs from the price; else the price above 10;
 * else 'PREORDER' for a preorder; else the dealer's no-price text.
 */
export function priceDisplay(
  v: Pick<Vehicle, "price" | "offer_price" | "before_price" | "subscription_price" | "preorder" | "price_type">,
  flags: Pick<DealerFlags, "subscriptions" | "noPriceText">,
): PriceDisplay {
  if (flags.subscriptions && v.subscription_price > 0) {
    const sale = advertisedPrice(v);
    return {
      kind: "subscription",
      amount: v.subscription_price,
      text: `${formatMoney(v.subscription_price)} / week`,
      priceType: "Subscription",
      wasPrice: null,
      salePrice: sale === null ? null : { amount: sale, text: formatMoney(sale), priceType: v.price_type },
    };
  }
  const shown =
    v.offer_price > MIN_SHOWN_PRICE && v.offer_price !== v.price
      ? { kind: "offer" as const, amount: v.offer_price }
      : v.price > MIN_SHOWN_PRICE
        ? { kind: "price" as const, amount: v.price }
        : null;
  if (shown) {
    return {
      ...shown,
      text: formatMoney(shown.amount),
      priceType: v.price_type,
      wasPrice: v.before_price > shown.amount ? v.before_price : null,
      salePrice: null,
    };
  }
  if (v.preorder) return { kind: "preorder", amount: null, text: "PREORDER", priceType: "", wasPrice: null, salePrice: null };
  return { kind: "none", amount: null, text: flags.noPriceText, priceType: "", wasPrice: null, salePrice: null };
}

/** The price a shopper would pay (offer price when there is one), for finance and comparisons. */
export function sellingPrice(v: Pick<Vehicle, "price" | "offer_price">): number {
  return v.offer_price > MIN_SHOWN_PRICE && v.offer_price !== v.price ? v.offer_price : v.price;
}

/**
 * The price the car is for sale at, when it may be shown (above 10), else null: what search engines and
 * the ad channels are told. A car a dealer offers by subscription keeps its sale price here.
 */
export function advertisedPrice(v: Pick<Vehicle, "price" | "offer_price">): number | null {
  const price = sellingPrice(v);
  return price > MIN_SHOWN_PRICE ? price : null;
}

/** 'or $35,990 Drive Away to buy': a subscription car's sale price, as the card and the page show it. */
export function salePriceText(sale: NonNullable<PriceDisplay["salePrice"]>): string {
  return `or ${sale.text}${sale.priceType ? ` ${sale.priceType}` : ""} to buy`;
}
