/**
 * A location's opening hours as the page shows them (spec 001 sections 2, 4 and 8): Monday to Sunday,
 * Monday–Friday as one row when the five days are equal, Saturday and Sunday on their own rows, 'Closed'
 * on closed days ('By appointment only' where the dealer says so), and special (holiday) hours in the
 * coming week overriding their weekday. Also the schema.org openingHoursSpecification of the same hours.
 */
import { timeLabel } from "./testDriveSlots";

export type HoursStatus = "open" | "closed" | "appointment";

export interface OpeningHour {
  /** 0 is Sunday. */
  weekday: number;
  status: HoursStatus;
  open?: string;
  close?: string;
  /** The dealer's own wording of the day's hours, shown as given on an open day (the spec's 'formated_hours'). */
  formated_hours?: string;
}

export interface SpecialHours {
  /** YYYY-MM-DD in the location's time zone. */
  date: string;
  status: HoursStatus;
  start_hour?: string;
  end_hour?: string;
  name?: string;
}

export interface OpeningHoursRow {
  /** 'Monday - Friday', 'Saturday'... */
  days: string;
  /** '8:30 am - 5:30 pm', 'Closed', 'By appointment only'. */
  hours: string;
  /** The holiday that changed this day's hours this week, with its date ('Christmas Day, 25 Dec'). */
  special?: string;
}

export const CLOSED = "Closed";
export const BY_APPOINTMENT = "By appointment only";

/** Monday first, as the table reads (weekday numbers are the spec's: 0 is Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

function minutesOf(time: string | undefined): number | null {
  const m = TIME.exec(time ?? "");
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[1]) <= 24 && Number(m[2]) < 60 && minutes <= 24 * 60 ? minutes : null;
}

function dayOf(date: string): Date | null {
  const d = DATE.exec(date);
  return d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))) : null;
}

function isoOf(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** '25 Dec'. */
export function shortDate(date: string): string {
  const d = dayOf(date);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` : date;
}

/**
 * The text for one day: the dealer's own wording of an open day's hours when it gives one, else its
 * hours when open with sensible times; 'By appointment only' for appointment
 * days; 'Closed' for closed days and days with no hours, unless the dealer shows those as 'By appointment
 * only' (features.closedByAppointment).
 */
export function hoursText(
  day: { status: HoursStatus; open?: string; close?: string; formated_hours?: string } | undefined,
  closedByAppointment = false,
): string {
  const closed = closedByAppointment ? BY_APPOINTMENT : CLOSED;
  if (!day || day.status === "closed") return closed;
  if (day.status === "appointment") return BY_APPOINTMENT;
  const given = day.formated_hours?.trim();
  if (given) return given;
  const open = minutesOf(day.open);
  const close = minutesOf(day.close);
  return open !== null && close !== null && close > open ? `${timeLabel(open)} - ${timeLabel(close)}` : closed;
}

export interface GroupOptions {
  /** Today's date in the location's time zone (YYYY-MM-DD): special hours from today to six days on apply. */
  today: string;
  closedByAppointment?: boolean;
}

/** The table's rows, Monday to Sunday. */
export function groupOpeningHours(
  hours: readonly OpeningHour[],
  specialHours: readonly SpecialHours[],
  { today, closedByAppointment = false }: GroupOptions,
): OpeningHoursRow[] {
  const start = dayOf(today);
  // This week's dates by weekday, so a holiday in the coming seven days replaces its weekday's hours.
  const specialByWeekday = new Map<number, SpecialHours>();
  if (start) {
    for (let offset = 0; offset < 7; offset++) {
      const day = new Date(start.getTime() + offset * 86_400_000);
      const special = specialHours.find((s) => s.date === isoOf(day));
      if (special) specialByWeekday.set(day.getUTCDay(), special);
    }
  }
  const days = WEEK.map((weekday) => {
    const special = specialByWeekday.get(weekday);
    if (special) {
      const text = hoursText({ status: special.status, open: special.start_hour, close: special.end_hour }, closedByAppointment);
      const note = [special.name, shortDate(special.date)].filter(Boolean).join(", ");
      return { weekday, hours: text, special: note };
    }
    return {
      weekday,
      hours: hoursText(
        hours.find((h) => h.weekday === weekday),
        closedByAppointment,
      ),
      special: undefined,
    };
  });
  const weekdays = days.slice(0, 5);
  const rows: OpeningHoursRow[] = [];
  // Spec 001 section 4: Monday to Friday grouped when equal; Saturday and Sunday listed separately.
  if (weekdays.every((d) => d.hours === weekdays[0].hours && !d.special)) rows.push({ days: "Monday - Friday", hours: weekdays[0].hours });
  else for (const d of weekdays) rows.push(rowOf(d));
  for (const d of days.slice(5)) rows.push(rowOf(d));
  return rows;
}

function rowOf(d: { weekday: number; hours: string; special?: string }): OpeningHoursRow {
  return d.special ? { days: DAY_NAMES[d.weekday], hours: d.hours, special: d.special } : { days: DAY_NAMES[d.weekday], hours: d.hours };
}

/** Special hours from today on, soonest first (the page lists the coming holidays under the table). */
export function upcomingSpecialHours(specialHours: readonly SpecialHours[], today: string, limit = 5): SpecialHours[] {
  return specialHours
    .filter((s) => DATE.test(s.date) && s.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
}

/** schema.org openingHoursSpecification: one entry per open day, and one per special date (a closure opens and closes at 00:00). */
export function openingHoursSpecification(hours: readonly OpeningHour[], specialHours: readonly SpecialHours[], today: string) {
  const regular = hours
    .filter((h) => h.status === "open" && minutesOf(h.open) !== null && minutesOf(h.close) !== null)
    .sort((a, b) => WEEK.indexOf(a.weekday as (typeof WEEK)[number]) - WEEK.indexOf(b.weekday as (typeof WEEK)[number]))
    .map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAY_NAMES[h.weekday]}`,
      opens: h.open,
      closes: h.close,
    }));
  const special = upcomingSpecialHours(specialHours, today, 20).map((s) => {
    const open = s.status === "open" && minutesOf(s.start_hour) !== null && minutesOf(s.end_hour) !== null;
    return {
      "@type": "OpeningHoursSpecification",
      validFrom: s.date,
      validThrough: s.date,
      opens: open ? s.start_hour : "00:00",
      closes: open ? s.end_hour : "00:00",
    };
  });
  return [...regular, ...special];
}
