/**
 * The vehicle page through the page cache, as the server runs it (server/http/siteServer.ts wires the
 * cache to Remix with these options): the page is shared for a minute, a signed-in shopper gets the same
 * answer as anyone (nothing personal in it: that comes from /api/me), every copy served counts a used
 * car's view with the car, and a change to the car's stock drops its page. The layout's captcha question
 * is the one every page of the minute shares, and one answer to it is accepted only so often.
 */
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as vehicleLoader } from "~/routes/cars.$slug/route";
import { loader as rootLoader } from "~/root";
import { EVENT } from "~/domain/analyticsEvents";
import { startSession } from "@server/auth/session";
import { CAPTCHA_MESSAGES, checkLeadCaptcha, MIN_FILL_MS, SHARED_QUESTION_WINDOW_MS } from "@server/captcha";
import { upsertUser } from "@server/db/accounts";
import { listAnalyticsEvents } from "@server/db/activity";
import { analyticsWritten } from "@server/analytics.server";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import type { DealerLoadContext } from "@server/http/loadContext";
import { PAGE_VIEW_HEADER, PAGE_VIEW_PAYLOAD_HEADER, withPageCache } from "@server/http/pageCache";
import { recordCachedPageView } from "@server/http/pageViews.server";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { asJsonResponse } from "@server/http/dataAnswer";
import { loaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const alpha = testTenant("alpha-motors");
const quiet = testTenant("quiet-motors", { features: { captcha: false } });
const ORIGIN = `http://${alpha.slug}.localhost`;
const used = testVehicle({ id: "pc-used", slug: "2021-mazda-cx5-pc-used", car_type: "used", price: 31990 });
const fresh = testVehicle({ id: "pc-new", slug: "2025-mazda-cx5-pc-new", car_type: "new", price: 45990 });

let db: Database;
let platform: TestPlatform;
let cookie = "";
/** What each test's page cache stops listening with. */
const stopListening: (() => void)[] = [];

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  db = await freshPglite();
  await migrate(db);
  await upsertVehicles(db, alpha.slug, [used, fresh]);
  platform = await testPlatform({ db, tenants: [alpha, quiet] });
  const user = await upsertUser(db, alpha.slug, { phone: "+61412345678", first_name: "Robin" } as never);
  cookie = (await startSession(platform, alpha, new Request(`${ORIGIN}/sign-in`), { userId: user.id })).split(";")[0];
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
  vi.unstubAllEnvs();
});

beforeEach(() => stopListening.splice(0).forEach((stop) => stop()));

type Context = Partial<DealerLoadContext>;

/** The vehicle route behind the page cache, keyed and counted as the server does. */
function cachedVehiclePage() {
  let renders = 0;
  const cache = withPageCache<Context>(
    async (request, context) => {
      renders += 1;
      const slug = new URL(request.url).pathname.split("/")[2];
      return asJsonResponse(vehicleLoader({ request, params: { slug }, context }));
    },
    {
      onView: recordCachedPageView,
      keyOf: (request, context) => (context.tenant ? `${context.tenant.slug} ${request.url}` : null),
    },
  );
  stopListening.push(platform.onStockChanged((tenant) => cache.clearWhere((key) => key.startsWith(`${tenant} `))));
  const get = (slug: string, headers: Record<string, string> = {}) => {
    const request = new Request(`${ORIGIN}/cars/${slug}`, { headers: { Accept: "text/html", ...headers } });
    return cache(request, contextFor(platform, request));
  };
  return { get, renders: () => renders };
}

const usedViews = async () => (await listAnalyticsEvents(db, alpha.slug, EVENT.usedCarView)).filter((e) => e.payload.car_id === used.id);

describe("the vehicle page in the page cache", () => {
  it("is shared for a minute and asks for its used car views to be counted, with the car", async () => {
    const request = new Request(`${ORIGIN}/cars/${used.slug}`, { headers: { Accept: "text/html" } });
    const response = await loaderResult(vehicleLoader({ request, params: { slug: used.slug }, context: contextFor(platform, request) }));
    expect(response.headers.get("Cache-Control")).toBe(PAGE_CACHE);
    expect(response.headers.get(PAGE_VIEW_HEADER)).toBe(String(EVENT.usedCarView));
    expect(JSON.parse(response.headers.get(PAGE_VIEW_PAYLOAD_HEADER)!)).toEqual({ car_id: used.id });

    const newCar = new Request(`${ORIGIN}/cars/${fresh.slug}`, { headers: { Accept: "text/html" } });
    const newPage = await loaderResult(
      vehicleLoader({ request: newCar, params: { slug: fresh.slug }, context: contextFor(platform, newCar) }),
    );
    expect(newPage.headers.get("Cache-Control")).toBe(PAGE_CACHE);
    expect(newPage.headers.has(PAGE_VIEW_HEADER)).toBe(false);
  });

  it("files the page under its car for a CDN, on the render and on every stored copy", async () => {
    const request = new Request(`${ORIGIN}/cars/${used.slug}`, { headers: { Accept: "text/html" } });
    const response = await loaderResult(vehicleLoader({ request, params: { slug: used.slug }, context: contextFor(platform, request) }));
    expect([response.headers.get("Cache-Tag"), response.headers.get("Surrogate-Key")]).toEqual([`car-${used.id}`, `car-${used.id}`]);
    const page = cachedVehiclePage();
    const first = await page.get(fresh.slug);
    const again = await page.get(fresh.slug);
    expect([first.headers.get("X-Page-Cache"), again.headers.get("X-Page-Cache")]).toEqual(["miss", "hit"]);
    for (const answer of [first, again]) {
      expect(answer.headers.get("Cache-Tag")).toBe(`car-${fresh.id}`);
      expect(answer.headers.get("Surrogate-Key")).toBe(`car-${fresh.id}`);
    }
  });

  it("answers a signed-in shopper from the same copy, and counts every copy served as a view of the car", async () => {
    const page = cachedVehiclePage();
    // Views counted by the tests before this one are written first (page views go in gathered groups).
    await analyticsWritten(db);
    const before = (await usedViews()).length;
    const first = await page.get(used.slug);
    const second = await page.get(used.slug, { Cookie: cookie });
    const third = await page.get(used.slug);
    expect([first, second, third].map((r) => r.headers.get("X-Page-Cache"))).toEqual(["miss", "hit", "hit"]);
    expect(page.renders()).toBe(1);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(await third.text()).toBe(body);
    // The headers that ask for the count stay between the page and the cache.
    expect(second.headers.has(PAGE_VIEW_HEADER)).toBe(false);
    expect(second.headers.has(PAGE_VIEW_PAYLOAD_HEADER)).toBe(false);

    await vi.waitFor(async () => expect((await usedViews()).length).toBe(before + 3));
    const views = (await usedViews()).slice(0, 3);
    expect(views.filter((v) => v.payload.cached === true)).toHaveLength(2);
    expect(views.every((v) => v.path.startsWith(`/cars/${used.slug}`))).toBe(true);
  });

  it("holds nothing of the signed-in shopper: the page a session renders is the page anyone gets", async () => {
    const render = async (headers: Record<string, string>) => {
      const request = new Request(`${ORIGIN}/cars/${used.slug}`, { headers: { Accept: "text/html", ...headers } });
      const { data } = await loaderResult(vehicleLoader({ request, params: { slug: used.slug }, context: contextFor(platform, request) }));
      return JSON.stringify(data);
    };
    // One moment for both (the page carries the time it was made).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    let anyone: string, signedIn: string;
    try {
      anyone = await render({});
      signedIn = await render({ Cookie: cookie });
    } finally {
      vi.useRealTimers();
    }
    expect(signedIn).toBe(anyone);
    expect(signedIn).not.toContain("Robin");
    expect(signedIn).not.toContain("0412");
  });

  it("drops the car's page when its stock changes: a car sold shows sold on the next copy", async () => {
    const page = cachedVehiclePage();
    const before = (await (await page.get(used.slug)).json()) as { car: { available: boolean } };
    expect(before.car.available).toBe(true);
    expect((await page.get(used.slug)).headers.get("X-Page-Cache")).toBe("hit");

    await upsertVehicles(db, alpha.slug, [{ ...used, status: "sold", updated_at: new Date().toISOString() }]);
    await platform.stockChanged(alpha.slug, [used.id]);
    const after = await page.get(used.slug);
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(((await after.json()) as { car: { available: boolean } }).car.available).toBe(false);
    await upsertVehicles(db, alpha.slug, [{ ...used, updated_at: new Date().toISOString() }]);
    await platform.stockChanged(alpha.slug, [used.id]);
  });
});

describe("the captcha question on shared pages", () => {
  const rootData = async (tenant = alpha, now?: Date) => {
    if (now) vi.setSystemTime(now);
    const request = new Request(`http://${tenant.slug}.localhost/`);
    const { data } = await loaderResult(rootLoader({ request, params: {}, context: contextFor(platform, request) }));
    return data;
  };

  it("is one question per dealer per minute, the same whoever asks, none where the captcha is off", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const minute = Math.floor(Date.now() / SHARED_QUESTION_WINDOW_MS) * SHARED_QUESTION_WINDOW_MS;
      const early = await rootData(alpha, new Date(minute + 1000));
      const late = await rootData(alpha, new Date(minute + 59_000));
      const next = await rootData(alpha, new Date(minute + 61_000));
      expect(early.captchaQuestion).toEqual(late.captchaQuestion);
      expect(next.captchaQuestion!.token).not.toBe(early.captchaQuestion!.token);
      expect(early.captchaQuestion!.question).toMatch(/^What is \d plus \d\?$/);
      expect((await rootData(quiet)).captchaQuestion).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("is answered by a shopper without JavaScript, and one answer is accepted five times from an address and twenty in all", async () => {
    const issued = new Date();
    vi.useFakeTimers({ toFake: ["Date"] });
    let question: { question: string; token: string };
    try {
      question = (await rootData(alpha, issued)).captchaQuestion!;
    } finally {
      vi.useRealTimers();
    }
    const [a, b] = question.question.match(/\d/g)!.map(Number);
    const form = new FormData();
    form.set("captcha_token", question.token);
    form.set("captcha_answer", String(a + b));
    const at = new Date(Math.floor(issued.getTime() / SHARED_QUESTION_WINDOW_MS) * SHARED_QUESTION_WINDOW_MS + MIN_FILL_MS + 1000);
    const check = (remoteIp: string) => checkLeadCaptcha(platform, alpha, form, { remoteIp, now: at });

    for (let i = 0; i < 5; i++) expect((await check("198.51.100.7")).passed).toBe(true);
    const sixth = await check("198.51.100.7");
    expect(sixth).toMatchObject({ passed: false, message: CAPTCHA_MESSAGES.expired });
    // The shopper is asked a question of their own, not the shared one again.
    expect(sixth.question!.token).not.toBe(question.token);

    // Other shoppers answer the same question until it has been accepted twenty times in all.
    const results = [];
    for (let i = 0; i < 16; i++) results.push((await check(`203.0.113.${i + 1}`)).passed);
    expect(results.filter(Boolean)).toHaveLength(15);
    expect(results.at(-1)).toBe(false);
  });
});
