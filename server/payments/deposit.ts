/**
 * The reservation deposit: the dealer's label (tenant reserveDepositLabel, '$200' by default, spec 000
 * section 9) is what the shopper reads; the amount charged is the first dollar figure in it.
 */

/** The default deposit when a dealer's label names no amount. */
export const DEFAULT_DEPOSIT_CENTS = 20_000;

/** "$200" -> 20000; "$1,250.50 refundable" -> 125050; a label without an amount -> the default. */
export function depositCents(label: string): number {
  const match = /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(label);
  if (!match) return DEFAULT_DEPOSIT_CENTS;
  const cents = Number(match[1].replace(/,/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents >= 100 && cents <= 5_000_000 ? cents : DEFAULT_DEPOSIT_CENTS;
}
