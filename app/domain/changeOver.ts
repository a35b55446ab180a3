/**
 * The change-over sums on a trade-in offer (spec 000 section 2: '/cars/trade-in... Trade-in valuation /
 * change-over price'): the car's price less the trade-in. When the trade-in is worth more than the car
 * the dealer owes the shopper the difference, and a 'Change-over price -$5,710' would read as a price;
 * it says 'We pay you $5,710' instead.
 */
import { formatMoney } from "./money";

export const CHANGE_OVER_LABEL = "Change-over price";
export const WE_PAY_YOU_LABEL = "We pay you";

export interface ChangeOverLine {
  label: typeof CHANGE_OVER_LABEL | typeof WE_PAY_YOU_LABEL;
  /** Never negative: who pays whom is in the label. */
  amount: number;
  text: string;
}

export function changeOverLine(carPrice: number, tradeInPrice: number): ChangeOverLine {
  const difference = Math.round(carPrice - tradeInPrice);
  if (difference < 0) return { label: WE_PAY_YOU_LABEL, amount: -difference, text: formatMoney(-difference) };
  return { label: CHANGE_OVER_LABEL, amount: difference, text: formatMoney(difference) };
}
