/**
 * Sending alerts, end to end on one platform (PGlite) with the alert worker's own "run now" entry point and
 * a clock the test sets (docs/alerts.md). Saved searches, consent and pending alerts are written with SQL
 * as the contract says alerts-ui and alerts-match write them (server/db/migrations/018_saved_searches_alerts.sql).
 *
 * Pending alerts become one SMS (the outbox file) or one e-mail (a fake SMTP server), a digest when several;
 * a message waits for its gathering window and for 08:00 after quiet hours, and a shopper gets one a day;
 * two workers racing send each message once; an unsubscribe link (GET shows, POST and the one-click POST
 * withdraw) and a STOP reply stop what follows; a failing provider is retried, then failed with its error
 * kept and no key in it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AlertPayload } from "@server/alerts/types";
import { alertDedupeKey } from "@server/alerts/types";
import { unsubscribeToken } from "@server/alerts/unsubscribeToken";
import { AlertWorker, type AlertWorkerOptions } from "@server/alerts/worker";
import { TwilioSmsSender } from "@server/auth/twilio";
import { SMS_OUTBOX_FILE } from "@server/auth/sms";
import { hasConsent, recordConsent } from "@server/db/alertConsents";
import type { Database } from "@server/db/database";
import { newId } from "@server/db/ids";
import { action as smsInbound } from "~/routes/api.sms.inbound/route";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/pages.unsubscribe/route";
import { ALERTS_TOKEN_BAD } from "~/routes/pages.unsubscribe/unsubscribe.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtpServer";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilioServer";
import { emptyTables, testDatabase, testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { loaderResult } from "../support/loaderResult";

const tenant = testTenant("alpha-motors", { name: "Alpha Motors", domains: ["www.alpha.example"] });
let smtp: FakeSmtp;
let twilio: FakeTwilio;
let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  twilio = await startFakeTwilio();
  db = await testDatabase();
  platform = await testPlatform({ tenants: [tenant], db, syncSearch: false, settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await platform.close();
  await db.close();
  await smtp.close();
  await twilio.close();
});

/** 11:00 on Wednesday 15 July 2026 in Sydney (AEST, UTC+10). */
const MORNING = new Date("2026-07-15T01:00:00Z");
let clock = MORNING;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const workers: AlertWorker[] = [];
const worker = (options: Partial<AlertWorkerOptions> = {}) => {
  const made = new AlertWorker({
    db,
    env: platform.env,
    tenant: (slug) => platform.tenants.get(slug),
    sms: platform.sms,
    unsubscribeKey: platform.alertUnsubscribeKey,
    now: () => clock,
    ...options,
  });
  workers.push(made);
  return made;
};

beforeEach(async () => {
  await emptyTables(db);
  fs.rmSync(path.join(platform.env.dataDir, SMS_OUTBOX_FILE), { force: true });
  smtp.messages.length = 0;
  clock = MORNING;
  for (const w of workers.splice(0)) await w.stop();
});

const car = (id: string, price = 24990) => ({ id, name: `2021 Toyota Corolla ${id}`, price, path: `/cars/${id}` });

async function savedSearch(phone: string, channel: "sms" | "email", options: { email?: string; paused?: boolean; consent?: boolean } = {}) {
  const id = newId();
  await db.query(
    `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, email, paused, created_at)
     VALUES ($1, 'alpha-motors', $2, 'Corollas', '/search/used/toyota', '{"query":"","filters":{},"ranges":{}}', $3, $4, $5, $6)`,
    [id, phone, channel, options.email ?? "", options.paused ?? false, new Date(clock.getTime() - 86_400_000)],
  );
  if (options.consent !== false)
    await recordConsent(db, {
      tenant: "alpha-motors",
      phone,
      channel,
      address: channel === "sms" ? phone : options.email!,
      given: true,
      source: "save-search",
      detail: "/search/used/toyota",
    });
  return id;
}

async function alert(phone: string, payload: AlertPayload, searchId: string | null = null, foundAt = clock) {
  const id = newId();
  await db.query(
    `INSERT INTO shopper_alerts (id, tenant, phone, kind, car_id, saved_search_id, dedupe_key, payload, created_at)
     VALUES ($1, 'alpha-motors', $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [id, phone, payload.kind, payload.car.id, searchId, alertDedupeKey(payload), JSON.stringify(payload), foundAt],
  );
  return id;
}

const arrival = (searchId: string, id = "c1"): [AlertPayload, string] => [
  { kind: "new-arrival", car: car(id), searchName: "Corollas", searchPath: "/search/used/toyota" },
  searchId,
];
const drop: AlertPayload = { kind: "price-drop", car: car("c2", 21990), oldPrice: 23990, newPrice: 21990 };
const sold: AlertPayload = { kind: "sold", car: car("c3"), similar: [car("c4"), car("c5")] };

/** A header of a received e-mail as sent (unfolded), from its raw MIME. */
function rawHeader(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
}
const unsubscribeLink = (mail: FakeSmtp["messages"][number]) => /^<(.+)>$/.exec(rawHeader(mail.raw, "List-Unsubscribe"))![1]!;

function outbox(phone?: string): { to: string; body: string }[] {
  const file = path.join(platform.env.dataDir, SMS_OUTBOX_FILE);
  if (!fs.existsSync(file)) return [];
  const lines = fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; body: string });
  return phone ? lines.filter((l) => l.to === phone) : lines;
}

const alertStates = (phone: string) =>
  db.query<{ status: string; skip_reason: string }>(
    "SELECT status, skip_reason FROM shopper_alerts WHERE phone = $1 ORDER BY created_at, id",
    [phone],
  );
const messages = (phone: string) =>
  db.query<{ day: string; status: string; channel: string; attempts: number; last_error: string; next_attempt_at: Date }>(
    "SELECT day::text AS day, status, channel, attempts, last_error, next_attempt_at FROM alert_messages WHERE phone = $1 ORDER BY day",
    [phone],
  );

describe("alerts become messages", () => {
  it("a pending alert of a shopper with SMS consent is one SMS in the outbox, and sent once", async () => {
    const phone = "+61412000101";
    const search = await savedSearch(phone, "sms");
    await alert(phone, ...arrival(search), new Date(clock.getTime() - 60_000));
    const w = worker();
    const pass = await w.runOnce();
    expect(pass.messages.map((m) => m.result)).toEqual(["sent"]);
    const sent = outbox(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(
      /^Alpha Motors: New arrival for "Corollas": 2021 Toyota Corolla c1, \$24,990\. https:\/\/www\.alpha\.example\/cars\/c1\nReply STOP to opt out$/,
    );
    expect(await alertStates(phone)).toEqual([{ status: "sent", skip_reason: "" }]);
    expect(await messages(phone)).toMatchObject([{ day: "2026-07-15", status: "sent", channel: "sms", attempts: 1 }]);
    later(60 * 60_000);
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(1);
  });

  it("several alerts are one e-mail digest: HTML and text, the dealer named, one-click unsubscribe headers", async () => {
    const phone = "+61412000102";
    const search = await savedSearch(phone, "email", { email: "Sam@Example.com" });
    await alert(phone, ...arrival(search));
    await alert(phone, drop);
    await alert(phone, sold);
    const w = worker();
    expect((await w.runOnce()).messages).toEqual([]); // gathering: the message waits its window
    later(31_000);
    expect((await w.runOnce()).messages.map((m) => [m.result, m.alerts])).toEqual([["sent", 3]]);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["sam@example.com"]);
    expect(mail.parsed.subject).toBe("3 updates on cars you follow at Alpha Motors");
    expect(mail.parsed.from?.value[0]).toMatchObject({ name: "Alpha Motors", address: "alerts@www.alpha.example" });
    expect(mail.parsed.html).toContain("Now $21,990, was $23,990");
    expect(mail.parsed.text).toContain("2021 Toyota Corolla c3 has sold; 2 like it");
    const unsubscribe = rawHeader(mail.raw, "List-Unsubscribe");
    expect(unsubscribe).toMatch(/^<https:\/\/www\.alpha\.example\/pages\/unsubscribe\?t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/);
    expect(rawHeader(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect((await alertStates(phone)).map((a) => a.status)).toEqual(["sent", "sent", "sent"]);
    await w.runOnce();
    expect(smtp.messages).toHaveLength(1);
  });

  it("without SMTP_URL the e-mail is written as an .eml file under the data folder, headers and all", async () => {
    const phone = "+61412000113";
    await savedSearch(phone, "email", { email: "eml@example.com" });
    await alert(phone, drop);
    const [sent] = (await worker({ env: { ...platform.env, SMTP_URL: undefined }, gatherMs: 0 }).runOnce()).messages;
    expect(sent?.result).toBe("sent");
    const file = path.join(platform.env.dataDir, "alerts", "alpha-motors", `${sent!.claim.id}.eml`);
    const eml = fs.readFileSync(file, "utf8");
    expect(rawHeader(eml, "To")).toBe("eml@example.com");
    expect(rawHeader(eml, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(eml).toContain("Content-Type: text/html");
    expect(smtp.messages).toEqual([]);
  });

  it("quiet hours: an alert found at 22:00 is held until 08:00 and goes in the next day's message", async () => {
    const phone = "+61412000103";
    await savedSearch(phone, "sms");
    clock = new Date("2026-07-15T12:00:00Z"); // 22:00 Sydney
    await alert(phone, drop);
    const w = worker();
    await w.runOnce();
    expect(await messages(phone)).toMatchObject([
      { day: "2026-07-16", status: "pending", next_attempt_at: new Date("2026-07-15T22:00:00Z") },
    ]);
    clock = new Date("2026-07-15T21:59:00Z"); // 07:59
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(0);
    clock = new Date("2026-07-15T22:00:00Z"); // 08:00
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(1);
  });

  it("one message a shopper a day: an alert found after the day's message went waits for tomorrow's", async () => {
    const phone = "+61412000104";
    const search = await savedSearch(phone, "sms");
    await alert(phone, ...arrival(search, "c1"));
    const w = worker({ gatherMs: 0 });
    await w.runOnce();
    later(3 * 60 * 60_000); // 14:00
    await alert(phone, ...arrival(search, "c6"));
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(1);
    expect((await messages(phone)).map((m) => [m.day, m.status])).toEqual([
      ["2026-07-15", "sent"],
      ["2026-07-16", "pending"],
    ]);
    clock = new Date("2026-07-15T22:00:00Z"); // 08:00 on the 16th
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(2);
    expect(outbox(phone)[1]!.body).toContain("c6");
  });

  it("two workers racing send each shopper's message once", async () => {
    const phones = Array.from({ length: 6 }, (_, i) => `+6141200020${i}`);
    for (const phone of phones) {
      const search = await savedSearch(phone, "sms");
      await alert(phone, ...arrival(search, "c1"), new Date(clock.getTime() - 60_000));
      await alert(phone, drop, null, new Date(clock.getTime() - 60_000));
    }
    const a = worker({ batchSize: 2 });
    const b = worker({ batchSize: 2 });
    for (let i = 0; i < 5; i++) await Promise.all([a.runOnce(), b.runOnce()]);
    for (const phone of phones) {
      expect(outbox(phone)).toHaveLength(1);
      expect(outbox(phone)[0]!.body).toMatch(/^Alpha Motors: 2 updates/);
    }
  });

  it("no consent, or a paused or deleted search: the alerts are skipped with the reason and nothing is sent", async () => {
    const noConsent = "+61412000105";
    await savedSearch(noConsent, "sms", { consent: false });
    await alert(noConsent, drop);
    const paused = "+61412000106";
    const pausedSearch = await savedSearch(paused, "sms", { paused: true });
    await savedSearch(paused, "email", { email: "p@example.com" });
    await alert(paused, ...arrival(pausedSearch));
    const noSearch = "+61412000107";
    await alert(noSearch, sold);
    await worker({ gatherMs: 0 }).runOnce();
    expect(await alertStates(noConsent)).toEqual([{ status: "skipped", skip_reason: "no consent" }]);
    expect(await alertStates(paused)).toEqual([{ status: "skipped", skip_reason: "saved search paused" }]);
    expect(await alertStates(noSearch)).toEqual([{ status: "skipped", skip_reason: "no consent" }]);
    expect(outbox()).toEqual([]);
    expect(smtp.messages).toEqual([]);
  });
});

describe("unsubscribing", () => {
  const context = { platform: undefined as unknown as TestPlatform, tenant, clientAddress: "203.0.113.5" };
  beforeAll(() => {
    context.platform = platform;
  });

  /** What a mail program sends for a one-click unsubscribe (RFC 8058). */
  const oneClickPost = (url: string) =>
    loaderResult(
      unsubscribeAction({
        request: new Request(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        params: {},
        context,
      }),
    );

  it("by the e-mail's link: GET shows the page and changes nothing; the one-click POST withdraws; later alerts are skipped", async () => {
    const phone = "+61412000108";
    await savedSearch(phone, "email", { email: "kim@example.com" });
    await alert(phone, drop);
    const w = worker({ gatherMs: 0 });
    await w.runOnce();
    const link = unsubscribeLink(smtp.messages[0]!);
    const local = link.replace("https://www.alpha.example", "http://alpha-motors.localhost");

    const page = await loaderResult(unsubscribeLoader({ request: new Request(local), params: {}, context }));
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data).toMatchObject({
      siteName: "Alpha Motors",
      alerts: { state: "valid", channel: "email", address: "k**@example.com", stopped: false },
    });
    expect(await hasConsent(db, "alpha-motors", "email", "kim@example.com")).toBe(true);

    const oneClick = await oneClickPost(local);
    expect(oneClick.status).toBe(303);
    expect(oneClick.headers.get("Location")).toMatch(/stopped=1$/);
    expect(await hasConsent(db, "alpha-motors", "email", "kim@example.com")).toBe(false);

    later(24 * 60 * 60_000);
    await alert(phone, sold);
    await w.runOnce();
    expect(await alertStates(phone)).toEqual([
      { status: "sent", skip_reason: "" },
      { status: "skipped", skip_reason: "no consent" },
    ]);
    expect(smtp.messages).toHaveLength(1);
  });

  it("by the page's button (the token in the form), between gathering and sending: the waiting message is skipped", async () => {
    const phone = "+61412000109";
    await savedSearch(phone, "email", { email: "lee@example.com" });
    await alert(phone, drop);
    await worker({ gatherMs: 0 }).runOnce();
    const link = unsubscribeLink(smtp.messages[0]!);
    const token = new URL(link).searchParams.get("t")!;
    later(60 * 60_000);
    await alert(phone, sold); // waits for tomorrow's message
    await worker({ gatherMs: 0 }).runOnce();
    const button = await loaderResult(
      unsubscribeAction({
        request: new Request("http://alpha-motors.localhost/pages/unsubscribe", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ t: token }),
        }),
        params: {},
        context,
      }),
    );
    expect(button.status).toBe(303);
    clock = new Date("2026-07-15T22:00:00Z");
    await worker().runOnce();
    expect((await messages(phone)).map((m) => m.status)).toEqual(["sent", "skipped"]);
    expect(smtp.messages).toHaveLength(1);
  });

  it("a bad or another dealer's token: a clear message, nothing recorded, never a 500", async () => {
    const otherDealers = unsubscribeToken(platform.alertUnsubscribeKey, {
      tenant: "beta-cars",
      channel: "email",
      address: "kim@example.com",
      phone: "+61412000108",
    });
    for (const t of ["nonsense", "a.b", "x".repeat(3000), otherDealers]) {
      const url = `http://alpha-motors.localhost/pages/unsubscribe?t=${t}`;
      const page = await loaderResult(unsubscribeLoader({ request: new Request(url), params: {}, context }));
      expect(page.status).toBe(400);
      expect(page.data).toMatchObject({ alerts: { state: "invalid", error: ALERTS_TOKEN_BAD } });
      const post = await oneClickPost(url);
      expect(post.status).toBe(400);
    }
    expect(await db.query("SELECT 1 FROM alert_consents")).toEqual([]);
  });

  it("by a STOP reply: the SMS consent is withdrawn and the next alerts are skipped, nothing more sent", async () => {
    const phone = "+61412000110";
    await savedSearch(phone, "sms");
    await alert(phone, drop);
    const w = worker({ gatherMs: 0 });
    await w.runOnce();
    expect(outbox(phone)).toHaveLength(1);
    const reply = (await smsInbound({
      request: new Request("http://alpha-motors.localhost/api/sms/inbound", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ From: phone, To: "+61400000000", Body: "Stop" }),
      }),
      params: {},
      context,
    })) as Response;
    expect(reply.status).toBe(200);
    later(24 * 60 * 60_000);
    await alert(phone, sold);
    await w.runOnce();
    expect((await alertStates(phone)).map((a) => a.status)).toEqual(["sent", "skipped"]);
    expect(outbox(phone)).toHaveLength(1);
  });
});

describe("a failing provider", () => {
  it("is retried with back-off (never into quiet hours), then the message fails with the error kept and no key in it", async () => {
    const phone = "+61412000111";
    await savedSearch(phone, "sms");
    await alert(phone, drop);
    const sms = new TwilioSmsSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: "+61480000000",
      apiUrl: twilio.url,
    });
    const w = worker({ sms, gatherMs: 0, backoff: { baseMs: 60_000, maxMs: 600_000, maxAttempts: 3 }, random: () => 0 });
    twilio.failNext({ status: 503 }, 3);
    await w.runOnce();
    expect(await messages(phone)).toMatchObject([
      { status: "pending", attempts: 1, last_error: "Twilio: HTTP 503 error 20500: Internal Server Error" },
    ]);
    expect((await messages(phone))[0]!.next_attempt_at).toEqual(new Date(clock.getTime() + 30_000));
    later(30_000);
    await w.runOnce();
    later(60_000);
    await w.runOnce();
    const [failed] = await messages(phone);
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed!.last_error).toMatch(/^Twilio: HTTP 503/);
    expect(failed!.last_error).not.toContain(twilio.authToken);
    expect(await alertStates(phone)).toEqual([{ status: "pending", skip_reason: "" }]);
    expect(twilio.messages).toEqual([]);
  });

  it("answering again on the retry, the message goes once", async () => {
    const phone = "+61412000112";
    await savedSearch(phone, "sms");
    await alert(phone, drop);
    const sms = new TwilioSmsSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: "+61480000000",
      apiUrl: twilio.url,
    });
    const w = worker({ sms, gatherMs: 0, random: () => 0 });
    twilio.failNext({ status: 500 });
    await w.runOnce();
    later(20 * 60_000);
    await w.runOnce();
    later(20 * 60_000);
    await w.runOnce();
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
    expect(await messages(phone)).toMatchObject([{ status: "sent", attempts: 2 }]);
  });
});
