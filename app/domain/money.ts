/** The one money formatter: $ with thousands commas, no decimals (both specs). */
const AUD = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return "$0";
  return AUD.format(Math.round(amount)).replace("A$", "$");
}

const NUMBER = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
/** 12345 -> '12,345' (kilometres, counts). */
export function formatNumber(n: number): string {
  return NUMBER.format(Math.round(n));
}

/** Made once: a formatter per call (toLocaleString with options) costs more than the page around it. */
const TWO_DECIMALS = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1250.5 -> '$1,250.50' (fuel money, fees and payments, where the cents count). */
export function formatDollarsAndCents(amount: number): string {
  return `$${TWO_DECIMALS.format(amount)}`;
}

/** Whole cents as dollars and cents, 125050 -> '$1,250.50' (an amount paid online, where the cents count). */
export function formatCents(cents: number): string {
  return formatDollarsAndCents(cents / 100);
}
