/**
 * Market-price indicator in the sidebar (spec 000 section 5): shown only when the car is at least $500
 * below the state's average market price, or the national average when there is no state value.
 */
import type { Vehicle } from "./vehicle";

/** "At least 500 below": 499 or less is not worth saying. */
export const MARKET_INDICATOR_THRESHOLD = 499;

export interface MarketIndicator {
  /** How far below the average the car is priced. */
  saving: number;
  average: number;
  /** Whose average: the car's state, or national when the state has none. */
  scope: "state" | "national";
  state: string;
}

export function marketIndicator(price: number, autograb: Vehicle["autograb_data"], state: string): MarketIndicator | null {
  if (!autograb || !(price > 10)) return null;
  const stateAverage = positive(autograb.state_average_market_price);
  const national = positive(autograb.average_market_price);
  const average = stateAverage ?? national;
  if (average === null) return null;
  const saving = average - price;
  if (!(saving > MARKET_INDICATOR_THRESHOLD)) return null;
  return { saving, average, scope: stateAverage !== null ? "state" : "national", state };
}

function positive(n: number | null | undefined): number | null {
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}
