import { describe, expect, it } from "vitest";
import { findSlot, hoursOn, slotLabel, testDriveSlots, timeZoneForState, zonedTimeToUtc, type SlotOpeningHour } from "./testDriveSlots";

/** Monday to Friday 08:30-17:30, Saturday 08:30-12:00, Sunday closed. */
const HOURS: SlotOpeningHour[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open: "08:30", close: "17:30" })),
  { weekday: 6, status: "open", open: "08:30", close: "12:00" },
  { weekday: 0, status: "closed" },
];

const SYDNEY = "Australia/Sydney";
// Monday 3 November 2025, 6:00 am in Sydney (UTC+11, daylight saving).
const MONDAY_6AM = new Date("2025-11-02T19:00:00Z");

describe("testDriveSlots", () => {
  it("offers half-hour times within opening hours, the last one ending at closing time", () => {
    const [monday] = testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, days: 1 });
    expect(monday.date).toBe("2025-11-03");
    expect(monday.label).toBe("Mon 3 Nov");
    expect(monday.slots[0]).toEqual({ value: "2025-11-03T08:30", start: "2025-11-02T21:30:00.000Z", label: "8:30 am" });
    expect(monday.slots.at(-1)?.value).toBe("2025-11-03T17:00");
    expect(monday.slots).toHaveLength(18);
  });

  it("lists closed days with no times and shorter days with fewer", () => {
    const days = testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, days: 7 });
    expect(days.map((d) => [d.label, d.slots.length])).toEqual([
      ["Mon 3 Nov", 18],
      ["Tue 4 Nov", 18],
      ["Wed 5 Nov", 18],
      ["Thu 6 Nov", 18],
      ["Fri 7 Nov", 18],
      ["Sat 8 Nov", 7],
      ["Sun 9 Nov", 0],
    ]);
  });

  it("keeps the lead time: nothing sooner than two hours from now", () => {
    // Monday 10:10 am in Sydney: the first time is 12:30 pm.
    const now = new Date("2025-11-02T23:10:00Z");
    const [monday] = testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now, days: 1 });
    expect(monday.slots[0].label).toBe("12:30 pm");
    expect(testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now, days: 1, leadMinutes: 0 })[0].slots[0].label).toBe("10:30 am");
  });

  it("lets special hours override the day: a holiday closure and shorter hours", () => {
    const specialHours = [
      { date: "2025-11-04", status: "closed" as const },
      { date: "2025-11-05", status: "open" as const, start_hour: "10:00", end_hour: "12:00" },
      // A Sunday opened for a sale.
      { date: "2025-11-09", status: "open" as const, start_hour: "9:00", end_hour: "11:00" },
    ];
    const days = testDriveSlots({ hours: HOURS, specialHours, timeZone: SYDNEY, now: MONDAY_6AM, days: 7 });
    expect(days[1].slots).toEqual([]);
    expect(days[2].slots.map((s) => s.label)).toEqual(["10:00 am", "10:30 am", "11:00 am", "11:30 am"]);
    expect(days[6].slots.map((s) => s.value)).toEqual(["2025-11-09T09:00", "2025-11-09T09:30", "2025-11-09T10:00", "2025-11-09T10:30"]);
  });

  it("counts in the dealer's time zone: the same moment is another day and hour in Perth", () => {
    // 6:00 am Monday in Sydney is 3:00 am Monday in Perth (UTC+8, no daylight saving).
    const [perth] = testDriveSlots({ hours: HOURS, timeZone: "Australia/Perth", now: MONDAY_6AM, days: 1 });
    expect(perth.date).toBe("2025-11-03");
    expect(perth.slots[0]).toMatchObject({ value: "2025-11-03T08:30", start: "2025-11-03T00:30:00.000Z" });
    // Sunday 11 pm UTC is already Monday in Brisbane (UTC+10).
    const [brisbane] = testDriveSlots({ hours: HOURS, timeZone: "Australia/Brisbane", now: new Date("2025-11-02T13:30:00Z"), days: 1 });
    expect(brisbane.date).toBe("2025-11-02");
    expect(brisbane.slots).toEqual([]);
  });

  it("follows daylight saving: the same wall time is an hour apart in UTC either side of the change", () => {
    expect(zonedTimeToUtc("2025-10-03", 9 * 60, SYDNEY)?.toISOString()).toBe("2025-10-02T23:00:00.000Z");
    expect(zonedTimeToUtc("2025-10-06", 9 * 60, SYDNEY)?.toISOString()).toBe("2025-10-05T22:00:00.000Z");
    // 2:30 am on 5 October 2025 does not exist in Sydney.
    expect(zonedTimeToUtc("2025-10-05", 150, SYDNEY)).toBeNull();
  });

  it("leaves out booked times, however the start is given", () => {
    const booked = ["2025-11-02T21:30:00.000Z", new Date("2025-11-02T22:00:00Z"), "not a date"];
    const [monday] = testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, days: 1, booked });
    expect(monday.slots[0].label).toBe("9:30 am");
    expect(monday.slots).toHaveLength(16);
  });

  it("lists from a later day and never past the booking window", () => {
    const days = testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, from: "2025-11-15", days: 7 });
    expect(days.map((d) => d.date)).toEqual(["2025-11-15", "2025-11-16"]);
    expect(testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, from: "2025-12-25" })).toEqual([]);
    // A day before today starts today.
    expect(testDriveSlots({ hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM, from: "2020-01-01", days: 1 })[0].date).toBe("2025-11-03");
  });

  it("offers nothing where the hours are missing or nonsense", () => {
    expect(testDriveSlots({ hours: [], timeZone: SYDNEY, now: MONDAY_6AM, days: 3 }).every((d) => d.slots.length === 0)).toBe(true);
    expect(hoursOn("2025-11-03", [{ weekday: 1, status: "open", open: "17:00", close: "09:00" }])).toBeNull();
    expect(hoursOn("2025-11-03", [{ weekday: 1, status: "appointment" }])).toBeNull();
    expect(hoursOn("2025-11-03", [{ weekday: 1, status: "appointment", open: "09:00", close: "10:00" }])).toEqual({
      open: 540,
      close: 600,
    });
  });
});

describe("findSlot", () => {
  const request = { hours: HOURS, timeZone: SYDNEY, now: MONDAY_6AM };
  it("finds a bookable time and refuses closed, past, booked and malformed ones", () => {
    expect(findSlot(request, "2025-11-04T09:00")?.start).toBe("2025-11-03T22:00:00.000Z");
    expect(findSlot(request, "2025-11-09T09:00")).toBeNull();
    expect(findSlot(request, "2025-11-03T07:00")).toBeNull();
    expect(findSlot(request, "2025-11-04T09:10")).toBeNull();
    expect(findSlot(request, "2025-11-30T09:00")).toBeNull();
    expect(findSlot({ ...request, booked: ["2025-11-03T22:00:00.000Z"] }, "2025-11-04T09:00")).toBeNull();
    expect(findSlot(request, "tomorrow")).toBeNull();
  });
});

describe("labels and zones", () => {
  it("writes a slot as the shopper reads it", () => {
    expect(slotLabel("2025-11-08T13:30")).toBe("Sat 8 Nov, 1:30 pm");
    expect(slotLabel("2025-11-08T00:00")).toBe("Sat 8 Nov, 12:00 am");
  });
  it("takes a state's zone when the dealer names none", () => {
    expect(timeZoneForState("WA")).toBe("Australia/Perth");
    expect(timeZoneForState("QLD")).toBe("Australia/Brisbane");
    expect(timeZoneForState("ACT")).toBe("Australia/Sydney");
  });
});
