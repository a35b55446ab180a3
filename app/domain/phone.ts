/**
 * The one phone formatter, for every number a page, a PDF or an e-mail shows (spec 001 section 9:
 * +61 becomes 0), grouped as Australians write them (issue 26): mobiles 4-3-3 ('0412 345 678'),
 * landlines 2-4-4 ('02 9630 1100'), 1300 and 1800 numbers 4-3-3 ('1300 786 648'), 13 numbers 2-2-2
 * ('13 12 34'). tel: links keep the digits (telHref).
 */

/** Digits only, with an Australian +61 / 61 prefix turned into a leading 0. */
export function toLocalDigits(phone: string): string {
  let digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+61")) digits = "0" + digits.slice(3);
  else if (digits.startsWith("61") && digits.length === 11) digits = "0" + digits.slice(2);
  return digits.replace(/\D/g, "");
}

/** '0412345678' -> '0412 345 678', '0296301100' -> '02 9630 1100', '1300786648' -> '1300 786 648'. Anything else as given. */
export function formatPhone(phone: string): string {
  const digits = toLocalDigits(phone);
  if (/^04\d{8}$/.test(digits) || /^1[38]00\d{6}$/.test(digits)) {
    return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  if (/^0\d{9}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  if (/^13\d{4}$/.test(digits)) return `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
  return phone.trim();
}

export function telHref(phone: string): string {
  const digits = toLocalDigits(phone);
  return `tel:${digits.startsWith("0") ? "+61" + digits.slice(1) : digits}`;
}

/** Australian mobile in international form for an SMS provider: 0412 345 678 -> +61412345678. */
export function toInternationalMobile(phone: string): string | null {
  const digits = toLocalDigits(phone);
  return /^04\d{8}$/.test(digits) ? `+61${digits.slice(1)}` : null;
}

export function isAustralianMobile(phone: string): boolean {
  return toInternationalMobile(phone) !== null;
}

/** The number masked after its first five characters until the shopper asks to see it. */
export function maskPhone(formatted: string): string {
  return formatted.slice(0, 5) + formatted.slice(5).replace(/\d/g, "X");
}
