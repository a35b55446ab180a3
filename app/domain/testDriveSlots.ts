/**
 * Test-drive times a shopper can book: the chosen location's opening hours, with special (holiday) hours
 * overriding the day (spec 001 section 4), in the dealer's time zone, less a lead time and the times
 * already booked. Pure: the hours, the zone, 'now' and the booked starts come in as values.
 *
 * A slot's `value` is the location's wall-clock time ("2026-11-21T10:30", the shape of a datetime-local
 * field), so a shopper in another state still books the time the yard's staff see; `start` is the same
 * moment in UTC, which is what a booking stores.
 */

export interface SlotOpeningHour {
  /** 0 is Sunday. */
  weekday: number;
  status: "open" | "closed" | "appointment";
  open?: string;
  close?: string;
}

export interface SlotSpecialHours {
  /** YYYY-MM-DD in the location's time zone. */
  date: string;
  status: "open" | "closed" | "appointment";
  start_hour?: string;
  end_hour?: string;
}

/** How long a test drive takes in the diary. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** The earliest bookable time is this far from now, so the yard can have the car ready. */
export const TEST_DRIVE_LEAD_MINUTES = 120;
/** How many days ahead a shopper may book (today included). */
export const TEST_DRIVE_DAYS_AHEAD = 14;
/** Days shown in the page's plain select (without JavaScript the picker cannot ask for more). */
export const TEST_DRIVE_SELECT_DAYS = 7;

/** Each state's zone, for a dealer whose configuration names none. */
const STATE_TIME_ZONES: Record<string, string> = {
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  WA: "Australia/Perth",
  TAS: "Australia/Hobart",
  NT: "Australia/Darwin",
};

export function timeZoneForState(state: string): string {
  return STATE_TIME_ZONES[state] ?? "Australia/Sydney";
}

export interface Slot {
  /** The location's wall-clock time, "YYYY-MM-DDTHH:MM". */
  value: string;
  /** The same moment in UTC (ISO 8601). */
  start: string;
  /** "9:30 am". */
  label: string;
}

export interface SlotDay {
  /** YYYY-MM-DD in the location's zone. */
  date: string;
  /** "Sat 21 Nov". */
  label: string;
  slots: Slot[];
}

export interface SlotRequest {
  hours: readonly SlotOpeningHour[];
  specialHours?: readonly SlotSpecialHours[];
  timeZone: string;
  now: Date;
  /** UTC starts (ISO or Date) already booked at this location. */
  booked?: Iterable<string | Date>;
  /** The first day to list (YYYY-MM-DD in the zone); today when absent. Earlier days are not listed. */
  from?: string;
  /** How many days from `from` (default TEST_DRIVE_DAYS_AHEAD, never past the booking window). */
  days?: number;
  slotMinutes?: number;
  leadMinutes?: number;
  /** The last day that may be booked, counted from today (default TEST_DRIVE_DAYS_AHEAD). */
  windowDays?: number;
}

const HOUR = /^(\d{1,2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function minutesOf(hour: string | undefined): number | null {
  const m = hour ? HOUR.exec(hour.trim()) : null;
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[1]) <= 24 && Number(m[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar date and wall-clock parts of a moment in a zone. */
export function zonedParts(moment: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(moment);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

/** The zone's offset from UTC at a moment, in minutes (Sydney in summer: +660). */
function offsetMinutes(moment: Date, timeZone: string): number {
  const p = zonedParts(moment, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(moment.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC moment of a wall-clock time in a zone, or null for a time that does not exist there (the hour
 * skipped when daylight saving starts).
 */
export function zonedTimeToUtc(date: string, minutes: number, timeZone: string): Date | null {
  const d = DATE.exec(date);
  if (!d) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), 0, minutes);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60_000;
  const back = zonedParts(new Date(guess), timeZone);
  const ok = Date.UTC(back.year, back.month - 1, back.day, back.hour, back.minute) === wall;
  return ok ? new Date(guess) : null;
}

/** Today's date in the zone, YYYY-MM-DD. */
export function zonedDate(moment: Date, timeZone: string): string {
  const p = zonedParts(moment, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function addDays(date: string, days: number): string {
  const d = DATE.exec(date)!;
  const t = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

function daysBetween(from: string, to: string): number {
  const a = DATE.exec(from)!;
  const b = DATE.exec(to)!;
  return Math.round(
    (Date.UTC(Number(b[1]), Number(b[2]) - 1, Number(b[3])) - Date.UTC(Number(a[1]), Number(a[2]) - 1, Number(a[3]))) / 86_400_000,
  );
}

function weekdayOf(date: string): number {
  const d = DATE.exec(date)!;
  return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))).getUTCDay();
}

export function dayLabel(date: string): string {
  const d = DATE.exec(date)!;
  return `${WEEKDAYS[weekdayOf(date)]} ${Number(d[3])} ${MONTHS[Number(d[2]) - 1]}`;
}

export function timeLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? "am" : "pm"}`;
}

/**
 * The hours a location is open for test drives on a date: its special hours for that date when it has
 * any (a holiday closure, or shorter hours), else the weekday's hours. 'By appointment' days with hours
 * are bookable (a test drive is an appointment); without hours there is nothing to offer online.
 */
export function hoursOn(
  date: string,
  hours: readonly SlotOpeningHour[],
  specialHours: readonly SlotSpecialHours[] = [],
): { open: number; close: number } | null {
  const special = specialHours.find((s) => s.date === date);
  const day = special
    ? { status: special.status, open: special.start_hour, close: special.end_hour }
    : hours.find((h) => h.weekday === weekdayOf(date));
  if (!day || day.status === "closed") return null;
  const open = minutesOf(day.open);
  const close = minutesOf(day.close);
  return open !== null && close !== null && close > open ? { open, close } : null;
}

/** The bookable days and times, in order; days with no time left are listed with no slots. */
export function testDriveSlots(request: SlotRequest): SlotDay[] {
  const { hours, specialHours = [], timeZone, now } = request;
  const slotMinutes = request.slotMinutes ?? TEST_DRIVE_SLOT_MINUTES;
  const leadMinutes = request.leadMinutes ?? TEST_DRIVE_LEAD_MINUTES;
  const windowDays = request.windowDays ?? TEST_DRIVE_DAYS_AHEAD;
  const today = zonedDate(now, timeZone);
  const from = request.from && DATE.test(request.from) && request.from > today ? request.from : today;
  const offset = daysBetween(today, from);
  const count = Math.max(0, Math.min(request.days ?? windowDays, windowDays - offset));
  const earliest = now.getTime() + leadMinutes * 60_000;
  const booked = new Set<number>();
  for (const b of request.booked ?? []) {
    const t = (b instanceof Date ? b : new Date(b)).getTime();
    if (!Number.isNaN(t)) booked.add(t);
  }

  const days: SlotDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i);
    const open = hoursOn(date, hours, specialHours);
    const slots: Slot[] = [];
    if (open) {
      for (let m = open.open; m + slotMinutes <= open.close; m += slotMinutes) {
        const start = zonedTimeToUtc(date, m, timeZone);
        if (!start || start.getTime() < earliest || booked.has(start.getTime())) continue;
        slots.push({ value: `${date}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`, start: start.toISOString(), label: timeLabel(m) });
      }
    }
    days.push({ date, label: dayLabel(date), slots });
  }
  return days;
}

/** The slot a booking form's value names, if it is bookable now (open, ahead of the lead time, free). */
export function findSlot(request: SlotRequest, value: string): Slot | null {
  const date = value.slice(0, 10);
  if (!DATE.test(date)) return null;
  const [day] = testDriveSlots({ ...request, from: date, days: 1 });
  if (!day || day.date !== date) return null;
  return day.slots.find((s) => s.value === value) ?? null;
}

/** "Sat 21 Nov, 10:30 am" for a slot value, for the lead and the confirmation. */
export function slotLabel(value: string): string {
  const date = value.slice(0, 10);
  const minutes = minutesOf(value.slice(11, 16));
  return DATE.test(date) && minutes !== null ? `${dayLabel(date)}, ${timeLabel(minutes)}` : value;
}
