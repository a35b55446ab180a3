/**
 * When alerts are sent (issue 27, docs/alerts.md): pure rules of the alert worker (server/alerts/worker.ts).
 *
 * - Days are Sydney calendar days (Australia/Sydney, daylight saving included, read with Intl): a shopper
 *   gets at most one message from a dealer a day, a digest when several alerts are waiting.
 * - Quiet hours: nothing is sent from 21:00 to 08:00 Sydney time; what falls due then is held until 08:00.
 * - Gathering: a message goes a short while after its first alert was found (the gathering window), so the
 *   other cars of the same stock change join it rather than make a second message.
 * - An alert found after the day's message went (or while it is being sent) waits for the next day's.
 */
export const SYDNEY = "Australia/Sydney";
/** Quiet hours, Sydney time: from 21:00 until 08:00. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** How long a message waits after its first alert for others to join it. */
export const DEFAULT_GATHER_MS = 30_000;

const partsFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: SYDNEY,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

interface SydneyParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in Sydney at this moment. */
export function sydneyParts(at: Date): SydneyParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(at)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The Sydney calendar day of this moment, as 'YYYY-MM-DD' (alert_messages.day). */
export function sydneyDay(at: Date): string {
  const p = sydneyParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

/** Sydney's offset from UTC at this moment, in minutes (600 in winter, 660 in summer). */
function sydneyOffsetMinutes(at: Date): number {
  const p = sydneyParts(at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The moment it is `hour`:00 in Sydney on a 'YYYY-MM-DD' day (for hours that exist on every day, such as 08:00). */
export function sydneyTime(day: string, hour: number): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hour);
  // Guess with the offset a few hours before, then correct with the offset at the guess.
  const guess = new Date(wall - sydneyOffsetMinutes(new Date(wall - 10 * 3_600_000)) * 60_000);
  return new Date(wall - sydneyOffsetMinutes(guess) * 60_000);
}

/** Whether this moment is in Sydney's quiet hours (21:00 to 08:00). */
export function isQuietHour(at: Date): boolean {
  const { hour } = sydneyParts(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** The first moment at or after `at` outside quiet hours: `at` itself, or the next 08:00 in Sydney. */
export function nextSendableAt(at: Date): Date {
  if (!isQuietHour(at)) return at;
  const day = sydneyDay(at);
  const morning = sydneyParts(at).hour < QUIET_UNTIL_HOUR ? day : nextDay(day);
  return sydneyTime(morning, QUIET_UNTIL_HOUR);
}

/** A message slot: the Sydney day a message belongs to and when it goes. */
export interface MessageSlot {
  day: string;
  sendAt: Date;
}

/**
 * The message an alert found at `foundAt` joins, seen at `now`: it goes once the gathering window has
 * passed (at once if the alert has waited longer), outside quiet hours, on the Sydney day it goes. When that
 * day's message cannot take it any more (`closedDay`: it was sent, or is being sent), the alert waits for the
 * next day's, at 08:00.
 */
export function messageSlot(foundAt: Date, now: Date, closedDay: (day: string) => boolean, gatherMs = DEFAULT_GATHER_MS): MessageSlot {
  const earliest = new Date(Math.max(foundAt.getTime() + gatherMs, now.getTime()));
  let sendAt = nextSendableAt(earliest);
  let day = sydneyDay(sendAt);
  // A shopper has one message a day at most: a day already used means the next morning.
  for (let i = 0; i < 366 && closedDay(day); i++) {
    day = nextDay(day);
    sendAt = sydneyTime(day, QUIET_UNTIL_HOUR);
  }
  return { day, sendAt };
}

/** A retry's time: after the back-off, and never in quiet hours. */
export function retryAt(now: Date, waitMs: number): Date {
  return nextSendableAt(new Date(now.getTime() + waitMs));
}
