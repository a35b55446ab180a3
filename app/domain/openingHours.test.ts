import { describe, expect, it } from "vitest";
import {
  BY_APPOINTMENT,
  CLOSED,
  groupOpeningHours,
  hoursText,
  openingHoursSpecification,
  upcomingSpecialHours,
  type OpeningHour,
} from "./openingHours";

const weekdays = (open: string, close: string): OpeningHour[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open, close }));
const SATURDAY: OpeningHour = { weekday: 6, status: "open", open: "08:00", close: "12:00" };
const SUNDAY: OpeningHour = { weekday: 0, status: "closed" };
/** A Monday, so the coming week is 2026-11-23 to 2026-11-29. */
const today = "2026-11-23";

describe("groupOpeningHours", () => {
  it("groups Monday to Friday when the five days are equal; Saturday and Sunday on their own rows", () => {
    expect(groupOpeningHours([...weekdays("08:30", "17:30"), SATURDAY, SUNDAY], [], { today })).toEqual([
      { days: "Monday - Friday", hours: "8:30 am - 5:30 pm" },
      { days: "Saturday", hours: "8:00 am - 12:00 pm" },
      { days: "Sunday", hours: "Closed" },
    ]);
  });

  it("lists Monday to Sunday one by one when a weekday differs", () => {
    const hours = [
      ...weekdays("08:30", "17:30").filter((h) => h.weekday !== 4),
      { weekday: 4, status: "open" as const, open: "08:30", close: "20:00" },
    ];
    const rows = groupOpeningHours([...hours, SATURDAY, SUNDAY], [], { today });
    expect(rows.map((r) => r.days)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(rows[3].hours).toBe("8:30 am - 8:00 pm");
  });

  it("shows 'Closed' for a closed or missing day, and 'By appointment only' where the dealer says so", () => {
    expect(groupOpeningHours(weekdays("09:00", "17:00"), [], { today }).slice(1)).toEqual([
      { days: "Saturday", hours: CLOSED },
      { days: "Sunday", hours: CLOSED },
    ]);
    expect(groupOpeningHours(weekdays("09:00", "17:00"), [], { today, closedByAppointment: true })[2]).toEqual({
      days: "Sunday",
      hours: BY_APPOINTMENT,
    });
    expect(hoursText({ status: "appointment" })).toBe("By appointment only");
  });

  it("lets special (holiday) hours in the coming week override the day, named with their date", () => {
    const christmas = { date: "2026-11-25", status: "closed" as const, name: "Staff day" };
    const rows = groupOpeningHours([...weekdays("08:30", "17:30"), SATURDAY, SUNDAY], [christmas], { today });
    expect(rows[2]).toEqual({ days: "Wednesday", hours: "Closed", special: "Staff day, 25 Nov" });
    expect(rows[0]).toEqual({ days: "Monday", hours: "8:30 am - 5:30 pm" });
    const shortSaturday = { date: "2026-11-28", status: "open" as const, start_hour: "09:00", end_hour: "11:00" };
    expect(groupOpeningHours([...weekdays("08:30", "17:30"), SATURDAY], [shortSaturday], { today })[1]).toEqual({
      days: "Saturday",
      hours: "9:00 am - 11:00 am",
      special: "28 Nov",
    });
  });

  it("ignores special hours outside the coming seven days", () => {
    const past = { date: "2026-11-22", status: "closed" as const };
    const nextWeek = { date: "2026-11-30", status: "closed" as const };
    expect(groupOpeningHours(weekdays("08:30", "17:30"), [past, nextWeek], { today })[0]).toEqual({
      days: "Monday - Friday",
      hours: "8:30 am - 5:30 pm",
    });
  });

  it("treats nonsense times as closed", () => {
    expect(hoursText({ status: "open", open: "17:00", close: "09:00" })).toBe(CLOSED);
    expect(hoursText({ status: "open", open: "late" })).toBe(CLOSED);
  });
});

describe("the dealer's own wording of a day's hours (formated_hours)", () => {
  it("is shown as given on an open day, and groups Monday to Friday when the five read the same", () => {
    const worded = [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      status: "open" as const,
      open: "08:30",
      close: "17:30",
      formated_hours: "8.30am – 5.30pm",
    }));
    expect(groupOpeningHours([...worded, SATURDAY, SUNDAY], [], { today })[0]).toEqual({
      days: "Monday - Friday",
      hours: "8.30am – 5.30pm",
    });
    const lateThursday = worded.map((d) => (d.weekday === 4 ? { ...d, close: "20:00", formated_hours: "8.30am – 8pm (late night)" } : d));
    const rows = groupOpeningHours([...lateThursday, SATURDAY, SUNDAY], [], { today });
    expect(rows[3]).toEqual({ days: "Thursday", hours: "8.30am – 8pm (late night)" });
    // With no times at all the wording still says when the yard is open.
    expect(hoursText({ status: "open", formated_hours: "Till the last customer" })).toBe("Till the last customer");
  });

  it("never outranks a closed or by-appointment day, nor a holiday", () => {
    expect(hoursText({ status: "closed", formated_hours: "9am - 5pm" })).toBe(CLOSED);
    expect(hoursText({ status: "appointment", formated_hours: "9am - 5pm" })).toBe(BY_APPOINTMENT);
    expect(hoursText({ status: "open", formated_hours: "   " })).toBe(CLOSED);
    const worded = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, formated_hours: "9am - 5pm" }));
    const holiday = { date: "2026-11-25", status: "closed" as const, name: "Staff day" };
    expect(groupOpeningHours(worded, [holiday], { today })[2]).toEqual({
      days: "Wednesday",
      hours: "Closed",
      special: "Staff day, 25 Nov",
    });
  });
});

describe("upcomingSpecialHours and openingHoursSpecification", () => {
  const special = [
    { date: "2026-12-25", status: "closed" as const, name: "Christmas Day" },
    { date: "2026-11-01", status: "closed" as const },
    { date: "2026-12-24", status: "open" as const, start_hour: "09:00", end_hour: "12:00" },
  ];
  it("lists special hours from today on, soonest first", () => {
    expect(upcomingSpecialHours(special, today).map((s) => s.date)).toEqual(["2026-12-24", "2026-12-25"]);
  });
  it("describes open days and special dates for schema.org, Monday first", () => {
    const spec = openingHoursSpecification([SUNDAY, SATURDAY, ...weekdays("08:30", "17:30")], special, today);
    expect(spec[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "08:30",
      closes: "17:30",
    });
    expect(spec.filter((s) => "dayOfWeek" in s)).toHaveLength(6);
    expect(spec.at(-1)).toEqual({
      "@type": "OpeningHoursSpecification",
      validFrom: "2026-12-25",
      validThrough: "2026-12-25",
      opens: "00:00",
      closes: "00:00",
    });
  });
});
