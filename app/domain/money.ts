/**
 * Money and counts as Australian shoppers read them: `$35,990`, `125,000`, `$1,250.50`.
 *
 * Written out by hand, not with `Intl.NumberFormat` or `toLocaleString`: a page's first number
 * formatter loads the browser's locale data, a single 25-35 ms task on a desktop CPU and 100-150 ms on a
 * phone-class one (Lighthouse's 4x slowdown), in the middle of hydration. The output is en-AU's, and the
 * unit tests hold it to `Intl`'s for the same numbers.
 */

/** '1234567' -> '1,234,567' (a string of digits). */
function withCommas(digits: string): string {
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? "," : "") + digits.slice(Math.max(0, end - 3), end) + out;
  return out;
}

/** A whole number with thousands commas after `unit`, and a minus sign before both when below zero (never '-0'). */
function wholeNumber(n: number, unit = ""): string {
  const rounded = Math.round(n);
  return `${rounded < 0 ? "-" : ""}${unit}${withCommas(Math.abs(rounded).toFixed(0))}`;
}

/** The one money formatter: $ with thousands commas, no decimals (both specs). */
export function formatMoney(amount: number): string {
  return Number.isFinite(amount) ? wholeNumber(amount, "$") : "$0";
}

/** 12345 -> '12,345' (kilometres, counts). */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? wholeNumber(n) : "0";
}

/**
 * A positive amount to the cent as en-AU writes it, '1999.995' -> ['2000', '00']: rounded half away
 * from zero on the number's shortest decimal form (what `Intl` rounds), not on its binary value
 * (what `toFixed` rounds: 1999.99).
 */
function toCents(amount: number): [string, string] {
  const shortest = String(amount);
  const [whole, fraction = ""] = shortest.split(".");
  if (shortest.includes("e") || amount >= 1e13) return amount.toFixed(2).split(".") as [string, string];
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  if (fraction.length > 2 && fraction[2] >= "5") cents += 1;
  return [String(Math.floor(cents / 100)), String(cents % 100).padStart(2, "0")];
}

/** 1250.5 -> '$1,250.50' (fuel money, fees and payments, where the cents count). */
export function formatDollarsAndCents(amount: number): string {
  if (!Number.isFinite(amount)) return "$0.00";
  const [dollars, cents] = toCents(Math.abs(amount));
  const negative = amount < 0 && (dollars !== "0" || cents !== "00");
  return `${negative ? "-" : ""}$${withCommas(dollars)}.${cents}`;
}

/** Whole cents as dollars and cents, 125050 -> '$1,250.50' (an amount paid online, where the cents count). */
export function formatCents(cents: number): string {
  return formatDollarsAndCents(cents / 100);
}
