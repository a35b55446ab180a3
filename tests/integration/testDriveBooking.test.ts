/**
 * Booking a test drive through the real route modules (/book-test-drive/ and GET /api/test-drive-slots)
 * on an embedded database: the free times come from the dealership's opening hours, a booked time is
 * stored with its lead and leaves the list, a taken time is refused with the form kept, two shoppers
 * asking for one time at once get it once, and bad input never answers 500. Dealers are built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as bookAction, loader as bookLoader } from "~/routes/book-test-drive/route";
import { loader as slotsLoader } from "~/routes/api.test-drive-slots/route";
import { SLOT_TAKEN_MESSAGE, SLOT_UNAVAILABLE_MESSAGE, LOCATION_MESSAGE } from "~/routes/book-test-drive/testDrive.server";
import type { Database } from "@server/db/database";
import { listLeads } from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import type { SlotDay } from "~/domain/testDriveSlots";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { locationInput, testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const DEALER = "alpha-motors";
const HOST = `http://${DEALER}.localhost`;
/** Open every day from 7 am to 9 pm, so every run of the suite finds free times this week. */
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "open", open: "07:00", close: "21:00" }));
const tenant = testTenant(DEALER, {
  timeZone: "Australia/Perth",
  locations: [
    locationInput(DEALER, "l1", { city: "Perth", primary: true, contact_detail: { phone: "08 9000 0000", opening_hours: EVERY_DAY } }),
    locationInput(DEALER, "l2", { city: "Joondalup", contact_detail: { phone: "08 9000 0001", opening_hours: EVERY_DAY } }),
    locationInput(DEALER, "l3", {
      city: "Midland",
      location_type: "service",
      contact_detail: { phone: "08 9000 0002", opening_hours: EVERY_DAY },
    }),
  ],
});
const usedCar = testVehicle({ id: "td-used", slug: "2021-mazda-cx-5-td-used", car_type: "used", location_id: "l2" });

let db: Database;
let platform: TestPlatform;

type Refusal = { formId: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };

function form(values: Record<string, string>) {
  return new URLSearchParams({
    intent: "test-drive",
    first_name: "Jo",
    last_name: "Citizen",
    email: "jo@example.com",
    phone: "0412 345 678",
    postcode: "6000",
    message: "",
    opt_in: "on",
    ...values,
  });
}

async function book(values: Record<string, string>, query = "") {
  const request = new Request(`${HOST}/book-test-drive/${query}`, { method: "POST", body: form(values) });
  return bookAction({ request, params: {}, context: contextFor(platform, request) });
}

async function pageData(query = "") {
  const request = new Request(`${HOST}/book-test-drive/${query}`);
  const { data } = await loaderResult(bookLoader({ request, params: {}, context: contextFor(platform, request) }));
  return data as { location: { slug: string } | null; locations: { slug: string }[]; days: SlotDay[] };
}

async function slots(query: string) {
  const request = new Request(`${HOST}/api/test-drive-slots?${query}`);
  return slotsLoader({ request, params: {}, context: contextFor(platform, request) });
}

/** The n-th free time the page offers now at the page's dealership. */
async function freeTime(n = 0, query = ""): Promise<string> {
  const { days } = await pageData(query);
  return days.flatMap((d) => d.slots)[n]!.value;
}

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  await upsertVehicles(db, DEALER, [usedCar]);
  platform = await testPlatform({ db, tenants: [tenant], settings: { CAPTCHA: "off", RATE_LIMITS: "off" } });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  await db.query("DELETE FROM test_drive_bookings");
  await db.query("DELETE FROM leads");
  await db.query("DELETE FROM analytics_events");
});

describe("the booking page", () => {
  it("offers the sales yards and the chosen one's free times, the car's own yard first", async () => {
    const page = await pageData();
    expect(page.locations.map((l) => l.slug)).toEqual(["test-motors-perth-l1", "test-motors-joondalup-l2"]);
    expect(page.location?.slug).toBe("test-motors-perth-l1");
    expect(page.days.length).toBeGreaterThan(0);
    expect(page.days.every((d) => d.slots.every((s) => s.value >= `${d.date}T07:00` && s.value <= `${d.date}T20:30`))).toBe(true);
    expect((await pageData(`?car_id=${usedCar.id}`)).location?.slug).toBe("test-motors-joondalup-l2");
    expect((await pageData("?location=test-motors-joondalup-l2")).location?.slug).toBe("test-motors-joondalup-l2");
    // A service-only yard or nonsense falls back to the primary yard.
    expect((await pageData("?location=test-motors-midland-l3")).location?.slug).toBe("test-motors-perth-l1");
    expect((await pageData("?location=%3Cscript%3E")).location?.slug).toBe("test-motors-perth-l1");
  });
});

describe("booking a time", () => {
  it("holds the time, stores the lead with it, counts event 48 for a used car and takes the time off the list", async () => {
    const time = await freeTime(0, `?car_id=${usedCar.id}`);
    const response = await book({ preferred_time: time, location: "test-motors-joondalup-l2" }, `?car_id=${usedCar.id}`);
    expect(response.status).toBe(302);
    const [lead] = await listLeads(db, DEALER);
    // /success names the lead, so it thanks the shopper for its category.
    expect(response.headers.get("Location")).toBe(`/success?car=${usedCar.slug}&lead=${lead.id}`);
    expect(lead.payload).toHaveProperty("lead_attributes");
    expect(lead).toMatchObject({ category: "Test Drive", car_id: usedCar.id, name: "Jo" });
    expect(lead.message).toContain("Dealership: Test Motors Joondalup l2");
    expect(lead.message).toMatch(/Test drive booked: \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m \(Australia\/Perth time\)/);
    expect(lead.payload).toMatchObject({ test_drive_slot: time, location_id: "l2", car_id: usedCar.id });
    const bookings = await db.query<{ lead_id: string; location_id: string }>("SELECT lead_id, location_id FROM test_drive_bookings");
    expect(bookings).toEqual([{ lead_id: lead.id, location_id: "l2" }]);
    const events = await db.query<{ event_id: number }>("SELECT event_id FROM analytics_events");
    expect(events.map((e) => e.event_id)).toEqual([48]);
    expect(await freeTime(0, `?car_id=${usedCar.id}`)).not.toBe(time);
    const api = (await (await slots(`location=test-motors-joondalup-l2&date=${time.slice(0, 10)}`)).json()) as { days: SlotDay[] };
    expect(api.days[0].slots.map((s) => s.value)).not.toContain(time);
  });

  it("a taken time is refused beside the field, everything typed kept, and nothing is stored", async () => {
    const time = await freeTime();
    expect((await book({ preferred_time: time, email: "first@example.com" })).status).toBe(302);
    const response = await book({ preferred_time: time, email: "second@example.com", message: "Morning please", last_name: "Second" });
    expect(response.status).toBe(409);
    const body = (await response.json()) as Refusal;
    expect(body.fieldErrors).toEqual({ preferred_time: SLOT_TAKEN_MESSAGE });
    expect(body.repopulateFields).toMatchObject({
      email: "second@example.com",
      message: "Morning please",
      last_name: "Second",
      preferred_time: time,
    });
    expect(await listLeads(db, DEALER)).toHaveLength(1);
  });

  it("two shoppers asking for the same time at once: one has it, the other is told", async () => {
    const time = await freeTime(3);
    const answers = await Promise.all([
      book({ preferred_time: time, email: "a@example.com", first_name: "Ann" }),
      book({ preferred_time: time, email: "b@example.com", first_name: "Bob" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(await db.query("SELECT id FROM test_drive_bookings")).toHaveLength(1);
    expect(await listLeads(db, DEALER)).toHaveLength(1);
  });

  it("the same time at two yards is two bookings", async () => {
    const time = await freeTime(2);
    expect((await book({ preferred_time: time, location: "test-motors-perth-l1" })).status).toBe(302);
    expect((await book({ preferred_time: time, location: "test-motors-joondalup-l2", email: "x@example.com" })).status).toBe(302);
  });

  it("without a time the lead is sent for a call back, and no time is held", async () => {
    const response = await book({ preferred_time: "" });
    expect(response.status).toBe(302);
    expect(await db.query("SELECT id FROM test_drive_bookings")).toHaveLength(0);
    const [lead] = await listLeads(db, DEALER);
    expect(lead.payload).not.toHaveProperty("test_drive_slot");
    // No car: a general enquiry's event.
    expect((await db.query<{ event_id: number }>("SELECT event_id FROM analytics_events")).map((e) => e.event_id)).toEqual([22]);
  });

  it("times we do not offer are refused with the form kept: closed hours, off the half hour, too late, a service yard", async () => {
    const time = await freeTime();
    const day = time.slice(0, 10);
    for (const preferred_time of [`${day}T05:00`, `${day}T21:00`, `${day}T10:10`, "2099-01-01T10:00"]) {
      const response = await book({ preferred_time });
      expect(response.status, preferred_time).toBeGreaterThanOrEqual(400);
      expect(response.status, preferred_time).toBeLessThan(500);
    }
    const unavailable = await book({ preferred_time: `${day}T21:00` });
    expect(((await unavailable.json()) as Refusal).fieldErrors).toEqual({ preferred_time: SLOT_UNAVAILABLE_MESSAGE });
    const service = await book({ preferred_time: time, location: "test-motors-midland-l3" });
    expect(service.status).toBe(400);
    expect(((await service.json()) as Refusal).fieldErrors).toEqual({ location: LOCATION_MESSAGE });
    expect(await listLeads(db, DEALER)).toHaveLength(0);
  });

  it("bad input never answers 500", async () => {
    const bodies: (BodyInit | null)[] = [
      null,
      "{}",
      JSON.stringify({ intent: "test-drive" }),
      form({ preferred_time: "tomorrow" }),
      form({ preferred_time: "2026-02-30T10:00" }),
      form({ preferred_time: "x".repeat(5000) }),
      form({ location: "x".repeat(500) }),
      form({ intent: "reserve" }),
      form({ email: "" }),
    ];
    for (const body of bodies) {
      const request = new Request(`${HOST}/book-test-drive/?car_id=%00`, { method: "POST", body });
      const response = await bookAction({ request, params: {}, context: contextFor(platform, request) });
      expect(response.status, String(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, String(body)).toBeLessThan(500);
    }
  });
});

describe("the captcha, where the dealer has it on", () => {
  it("a form without the check's answer is refused with the question, nothing booked and everything typed kept", async () => {
    const time = await freeTime(5);
    const checked = { ...platform, env: { ...platform.env, CAPTCHA: "on" as const } };
    const request = new Request(`${HOST}/book-test-drive/`, { method: "POST", body: form({ preferred_time: time, message: "Kept" }) });
    const response = await bookAction({ request, params: {}, context: contextFor(checked, request) });
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal & { captcha?: unknown };
    expect(body.fieldErrors).toHaveProperty("captcha_answer");
    expect(body.captcha).toBeTruthy();
    expect(body.repopulateFields).toMatchObject({ message: "Kept", preferred_time: time });
    expect(await db.query("SELECT id FROM test_drive_bookings")).toHaveLength(0);
  });
});

describe("GET /api/test-drive-slots", () => {
  it("answers a dealership's free times from a day, kept by caches briefly", async () => {
    const time = await freeTime();
    const response = await slots(`location=test-motors-perth-l1&date=${time.slice(0, 10)}&days=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=10");
    const body = (await response.json()) as { location: { timeZone: string }; days: SlotDay[] };
    expect(body.location.timeZone).toBe("Australia/Perth");
    expect(body.days).toHaveLength(2);
    expect(body.days[0].slots.map((s) => s.value)).toContain(time);
  });

  it("refuses bad parameters with a 400 and an unknown dealership with a 404", async () => {
    for (const query of [
      "",
      "location=",
      "location=%3Cb%3E",
      "location=test-motors-perth-l1&date=2026-13-01",
      "location=test-motors-perth-l1&date=soon",
      "location=test-motors-perth-l1&days=15",
      "location=test-motors-perth-l1&days=-1",
    ]) {
      const response = await slots(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await slots("location=test-motors-midland-l3")).status).toBe(404);
    expect((await slots("location=nowhere")).status).toBe(404);
  });
});
