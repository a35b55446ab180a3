/**
 * The monthly sales counter (spec 001 section 9): 192 for every whole day of the month gone by, plus
 * one for every 450 seconds of today, all in Brisbane time (UTC+10, no daylight saving). A day has
 * 192 spells of 450 s, so the count climbs steadily and starts again on the 1st.
 */
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
/** The browser recomputes the count this often (spec 001 section 4). */
export const SALES_COUNTER_REFRESH_MS = 150_000;

const BRISBANE_OFFSET_MS = 10 * 3_600_000;

export function monthlySalesCount(now: Date): number {
  const brisbane = new Date(now.getTime() + BRISBANE_OFFSET_MS);
  const daysGone = brisbane.getUTCDate() - 1;
  const secondsToday = brisbane.getUTCHours() * 3600 + brisbane.getUTCMinutes() * 60 + brisbane.getUTCSeconds();
  return daysGone * SALES_PER_DAY + Math.floor(secondsToday / SECONDS_PER_SALE);
}
