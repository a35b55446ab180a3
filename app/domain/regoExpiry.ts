/**
 * Registration expiry line (spec 000 section 4): a future date reads 'Expires on Month d, yyyy'; a past
 * date reads 'Unregistered' only where the dealer turns that on, otherwise nothing is said.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 'March 1, 2027' from '2027-03-01' (calendar date, no time zone involved); null when not a date. */
export function formatLongDate(isoDate: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** One date formatter per time zone, made once (a formatter per call costs more than the page around it). */
const isoDates = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date where the dealers are (Australian eastern time is close enough for a date). */
export function todayIso(now: Date, timeZone = "Australia/Sydney"): string {
  let format = isoDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    isoDates.set(timeZone, format);
  }
  return format.format(now);
}

export function regoExpiryText(regoExpiry: string, now: Date, showUnregistered: boolean): string | null {
  const date = formatLongDate(regoExpiry);
  if (!date) return null;
  // A registration is still current on its expiry day.
  if (regoExpiry.slice(0, 10) < todayIso(now)) return showUnregistered ? "Unregistered" : null;
  return `Expires on ${date}`;
}
