import { describe, expect, it } from "vitest";
import { isQuietHour, messageSlot, nextDay, nextSendableAt, retryAt, sydneyDay, sydneyTime } from "./schedule";

const at = (iso: string) => new Date(iso);
const never = () => false;

describe("Sydney days", () => {
  it("a day is Sydney's calendar day, not UTC's, on both sides of daylight saving", () => {
    // Winter (AEST, UTC+10): 23:30 UTC on 14 July is 09:30 on 15 July in Sydney.
    expect(sydneyDay(at("2026-07-14T23:30:00Z"))).toBe("2026-07-15");
    expect(sydneyDay(at("2026-07-14T13:59:00Z"))).toBe("2026-07-14");
    expect(sydneyDay(at("2026-07-14T14:00:00Z"))).toBe("2026-07-15");
    // Summer (AEDT, UTC+11): midnight in Sydney is 13:00 UTC the day before.
    expect(sydneyDay(at("2026-01-14T12:59:00Z"))).toBe("2026-01-14");
    expect(sydneyDay(at("2026-01-14T13:00:00Z"))).toBe("2026-01-15");
  });

  it("the next day crosses months and years", () => {
    expect(nextDay("2026-01-31")).toBe("2026-02-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("08:00 in Sydney is 22:00 UTC the day before in winter and 21:00 in summer, DST change days included", () => {
    expect(sydneyTime("2026-07-15", 8).toISOString()).toBe("2026-07-14T22:00:00.000Z");
    expect(sydneyTime("2026-01-15", 8).toISOString()).toBe("2026-01-14T21:00:00.000Z");
    // Daylight saving starts on Sunday 4 October 2026 at 02:00 and ends on Sunday 5 April 2026 at 03:00.
    expect(sydneyTime("2026-10-04", 8).toISOString()).toBe("2026-10-03T21:00:00.000Z");
    expect(sydneyTime("2026-10-03", 8).toISOString()).toBe("2026-10-02T22:00:00.000Z");
    expect(sydneyTime("2026-04-05", 8).toISOString()).toBe("2026-04-04T22:00:00.000Z");
    expect(sydneyTime("2026-04-04", 8).toISOString()).toBe("2026-04-03T21:00:00.000Z");
  });
});

describe("quiet hours (21:00 to 08:00 Sydney)", () => {
  it.each([
    ["winter 20:59", "2026-07-15T10:59:00Z", false],
    ["winter 21:00", "2026-07-15T11:00:00Z", true],
    ["winter 07:59", "2026-07-14T21:59:00Z", true],
    ["winter 08:00", "2026-07-14T22:00:00Z", false],
    ["summer 20:59", "2026-01-15T09:59:00Z", false],
    ["summer 21:00", "2026-01-15T10:00:00Z", true],
    ["summer 07:59", "2026-01-14T20:59:00Z", true],
    ["summer 08:00", "2026-01-14T21:00:00Z", false],
  ])("%s is quiet: %s", (_name, time, quiet) => {
    expect(isQuietHour(at(time))).toBe(quiet);
  });

  it("a message due in quiet hours is held until 08:00, the same morning or the next", () => {
    // 22:30 Sydney (winter) -> 08:00 next morning.
    expect(nextSendableAt(at("2026-07-15T12:30:00Z")).toISOString()).toBe("2026-07-15T22:00:00.000Z");
    // 03:00 Sydney (summer) -> 08:00 that morning.
    expect(nextSendableAt(at("2026-01-14T16:00:00Z")).toISOString()).toBe("2026-01-14T21:00:00.000Z");
    // Outside quiet hours: at once.
    expect(nextSendableAt(at("2026-07-15T01:00:00Z")).toISOString()).toBe("2026-07-15T01:00:00.000Z");
  });

  it("the night daylight saving starts or ends, the hold still ends at 08:00 Sydney", () => {
    // 22:30 AEST on Saturday 3 October; the clocks go forward that night: 08:00 AEDT Sunday is 21:00 UTC.
    expect(nextSendableAt(at("2026-10-03T12:30:00Z")).toISOString()).toBe("2026-10-03T21:00:00.000Z");
    // 22:30 AEDT on Saturday 4 April; the clocks go back that night: 08:00 AEST Sunday is 22:00 UTC.
    expect(nextSendableAt(at("2026-04-04T11:30:00Z")).toISOString()).toBe("2026-04-04T22:00:00.000Z");
  });

  it("a retry never lands in quiet hours", () => {
    // 20:50 Sydney + 30 minutes -> 08:00 next morning.
    expect(retryAt(at("2026-07-15T10:50:00Z"), 30 * 60_000).toISOString()).toBe("2026-07-15T22:00:00.000Z");
    expect(retryAt(at("2026-07-15T01:00:00Z"), 60_000).toISOString()).toBe("2026-07-15T01:01:00.000Z");
  });
});

describe("gathering alerts into the day's message", () => {
  it("a message goes one gathering window after its first alert, so alerts found together make one digest", () => {
    const found = at("2026-07-15T01:00:00Z"); // 11:00 Sydney
    const slot = messageSlot(found, found, never, 30_000);
    expect(slot).toEqual({ day: "2026-07-15", sendAt: at("2026-07-15T01:00:30Z") });
    // Seen later by the worker, the window has passed: at once.
    expect(messageSlot(found, at("2026-07-15T02:00:00Z"), never, 30_000).sendAt).toEqual(at("2026-07-15T02:00:00Z"));
  });

  it("an alert found in the evening is held until 08:00 and belongs to the next morning's message", () => {
    const slot = messageSlot(at("2026-07-15T11:30:00Z"), at("2026-07-15T11:30:00Z"), never, 30_000); // 21:30 Sydney
    expect(slot).toEqual({ day: "2026-07-16", sendAt: at("2026-07-15T22:00:00Z") });
  });

  it("an alert found just before 21:00 waits if its window ends in quiet hours", () => {
    const slot = messageSlot(at("2026-07-15T10:59:50Z"), at("2026-07-15T10:59:50Z"), never, 30_000); // 20:59:50
    expect(slot).toEqual({ day: "2026-07-16", sendAt: at("2026-07-15T22:00:00Z") });
  });

  it("after the day's message went, an alert waits for the next day's, at 08:00 (one message a day)", () => {
    const found = at("2026-07-15T03:00:00Z"); // 13:00 Sydney on the 15th
    const slot = messageSlot(found, found, (day) => day === "2026-07-15", 30_000);
    expect(slot).toEqual({ day: "2026-07-16", sendAt: at("2026-07-15T22:00:00Z") });
    const twoUsed = messageSlot(found, found, (day) => day <= "2026-07-16", 30_000);
    expect(twoUsed).toEqual({ day: "2026-07-17", sendAt: at("2026-07-16T22:00:00Z") });
  });
});
