/**
 * A dealer's own analytics tags (docs/analytics.md), as the dealer would see them arrive. Westside Used
 * has a GTM container, a GA4 id and a Meta Pixel in its tenant.json; Summit stores its events only.
 * The tags' scripts are stubbed with page.route (this machine has no internet, and no test may reach
 * Google or Meta): each answers a one-line script, so the calls stay where the vendors' snippets keep them
 * until their library arrives, `window.dataLayer` for GTM and gtag.js, `fbq.queue` for the Meta Pixel.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { siteUrl } from "./site";
import { findCar, inStock } from "./vehicleStock";
import { sellingPrice } from "~/domain/priceDisplay";

const WESTSIDE = "westside-used";
const SUMMIT = "summit-auto-group";
const TAG_SCRIPT = /^https:\/\/(www\.googletagmanager\.com\/(gtm\.js|gtag\/js)|connect\.facebook\.net\/[^/]+\/fbevents\.js)/;
const TAG_HOST = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.(com|net)/;

/** What a shopper types into the enquiry: none of it may reach a tag. */
const SHOPPER = { name: "Marigold", email: "marigold.tags@example.com", phone: "0413 579 246" };

const car = findCar(
  WESTSIDE,
  "in-stock car with a price",
  (v) => inStock(v) && v.item_type === "car" && sellingPrice(v) > 10 && !v.reserved && v.images.length > 0,
);
const carPath = `/cars/${car.slug}`;

/** Stubs the tag scripts (noting which were asked for, in order) and refuses any hit to Google or Meta. */
async function stubTags(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  await page.route(TAG_SCRIPT, (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.tagStubsRun = (window.tagStubsRun || 0) + 1;" });
  });
  await page.route(TAG_HOST, (route) => (TAG_SCRIPT.test(route.request().url()) ? route.fallback() : route.abort()));
  return loaded;
}

interface TagCalls {
  /** GTM's objects and gtag's commands (an `arguments` object each, read here as an array). */
  dataLayer: unknown[];
  /** Meta's calls waiting for fbevents.js: [method, name, params]. */
  fbq: unknown[][];
}

function tagCalls(page: Page): Promise<TagCalls> {
  return page.evaluate(() => {
    const w = window as unknown as { dataLayer?: unknown[]; fbq?: { queue?: ArrayLike<unknown>[] } };
    const plain = (entry: unknown) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry;
    return { dataLayer: (w.dataLayer ?? []).map(plain), fbq: (w.fbq?.queue ?? []).map((call) => Array.from(call)) };
  });
}

const gtmEvents = (calls: TagCalls, name: string) =>
  calls.dataLayer.filter((e): e is Record<string, unknown> => !Array.isArray(e) && (e as { event?: string })?.event === name);
const gtagEvents = (calls: TagCalls, name: string) =>
  calls.dataLayer
    .filter((e): e is unknown[] => Array.isArray(e) && e[0] === "event" && e[1] === name)
    .map((e) => e[2] as Record<string, unknown>);
const metaCalls = (calls: TagCalls, method: string, name: string) =>
  calls.fbq.filter((c) => c[0] === method && c[1] === name).map((c) => c[2] as Record<string, unknown>);

async function openCar(page: Page) {
  const response = await page.goto(siteUrl(WESTSIDE, carPath));
  expect(response?.status()).toBe(200);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  }
  return response!;
}

test.describe("Westside Used, with its GTM container, GA4 id and Meta Pixel", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the tags run in the shopper's browser, with script");

  test("a vehicle page tells GTM and GA4 view_item and Meta ViewContent, with tag scripts asked for only after the page's own code", async ({
    page,
  }) => {
    const loaded = await stubTags(page);
    const scripts: string[] = [];
    page.on("request", (request: Request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await openCar(page);
    const price = sellingPrice(car);

    await expect.poll(async () => gtmEvents(await tagCalls(page), "view_item").length, { timeout: 10_000 }).toBe(1);
    const calls = await tagCalls(page);
    const item = { item_id: car.id, item_brand: car.make, price, quantity: 1 };
    expect(gtmEvents(calls, "view_item")[0]).toMatchObject({ ecommerce: { currency: "AUD", value: price, items: [item] } });
    expect((gtmEvents(calls, "view_item")[0].ecommerce as { items: { item_name: string }[] }).items[0].item_name).toContain(car.model);
    expect(gtagEvents(calls, "view_item")).toEqual([
      expect.objectContaining({ currency: "AUD", value: price, items: [expect.objectContaining(item)] }),
    ]);
    expect(metaCalls(calls, "track", "ViewContent")).toEqual([
      expect.objectContaining({
        content_ids: [car.id],
        content_type: "vehicle",
        value: price,
        currency: "AUD",
        make: car.make,
        model: car.model,
        year: car.year,
      }),
    ]);
    // Each tag set up as its vendor's snippet would be: GTM's start, gtag's config, the pixel's init.
    expect(gtmEvents(calls, "gtm.js")).toHaveLength(1);
    expect(calls.dataLayer).toContainEqual(["config", "G-W57S1DE8AU", { send_page_view: false }]);
    expect(calls.fbq).toContainEqual(["init", "480215903716452"]);

    // The three scripts, each once, from the dealer's ids; none in the server's HTML. The page is the page
    // cache's copy (no nonce in it): the policy trusts them because the page's own code added them
    // ('strict-dynamic'), and each ran.
    expect(loaded.sort()).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://www.googletagmanager.com/gtag/js?id=G-W57S1DE8AU",
      "https://www.googletagmanager.com/gtm.js?id=GTM-W57SD3M",
    ]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { tagStubsRun?: number }).tagStubsRun)).toBe(3);
    const html = await response.text();
    expect(html).not.toMatch(/<script[^>]+(googletagmanager|connect\.facebook\.net)/);
    // After the page's own code: the site's and the page's modules (those its HTML preloads) were all asked
    // for before any tag script. (The results page's code, prefetched when idle, may come after.)
    const own = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
    const firstTag = scripts.findIndex((url) => TAG_SCRIPT.test(url));
    const pageCode = scripts
      .map((url, index) => ({ url, index }))
      .filter(({ url }) => /\/assets\/(site|route)-[\w-]+\.js$/.test(url) && own.has(new URL(url).pathname));
    expect(pageCode.length).toBeGreaterThan(0);
    expect(firstTag).toBeGreaterThan(Math.max(...pageCode.map(({ index }) => index)));
    // The policy lets them in on this dealer: through 'strict-dynamic', and by host for older browsers.
    expect(response.headers()["content-security-policy"]).toMatch(
      /script-src [^;]*'strict-dynamic'[^;]*https:\/\/www\.googletagmanager\.com[^;]*https:\/\/connect\.facebook\.net/,
    );
  });

  test("a phone reveal and an enquiry tell the tags Lead and generate_lead with the lead's kind, car and price, never the shopper's details, and a reload of /success tells them nothing again", async ({
    page,
  }) => {
    await stubTags(page);
    await openCar(page);
    const price = sellingPrice(car);

    // The masked number revealed: the dealer's 'Phone Reveal' lead.
    await page
      .getByRole("complementary", { name: "About this car" })
      .getByRole("button", { name: /show the dealer's phone number/i })
      .click();
    await expect.poll(async () => metaCalls(await tagCalls(page), "track", "Lead").length, { timeout: 10_000 }).toBe(1);
    let calls = await tagCalls(page);
    expect(metaCalls(calls, "track", "Lead")[0]).toMatchObject({
      content_name: "Phone Reveal / Call Now",
      content_ids: [car.id],
      value: price,
    });
    expect(gtmEvents(calls, "generate_lead")).toEqual([
      expect.objectContaining({ lead_kind: "Phone Reveal / Call Now", car_id: car.id, value: price, currency: "AUD" }),
    ]);
    expect(metaCalls(calls, "trackCustom", "dealer_event_25")).toEqual([expect.objectContaining({ dealer_event_id: 25, car_id: car.id })]);
    expect(gtmEvents(calls, "dealer_event_25")).toEqual([expect.objectContaining({ dealer_event_id: 25 })]);

    // The enquiry, as a shopper sends it.
    const form = page.locator("#enquire");
    await expect(page.locator('form[id^="lead-"]:not([data-interactive])')).toHaveCount(0, { timeout: 15_000 });
    await form.getByLabel("First Name").fill(SHOPPER.name);
    await form.getByLabel("Email Address").fill(SHOPPER.email);
    await form.getByLabel("Mobile Number").fill(SHOPPER.phone);
    const message = form.getByLabel(/Message|Comments/);
    if (await message.count()) await message.first().fill(`Please call ${SHOPPER.name} on ${SHOPPER.phone}`);
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/success\?.*lead=[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { name: /Thank you/ })).toBeVisible();

    const kind = "Used Vehicle Enquiry / Vehicle Enquiry";
    await expect.poll(async () => gtmEvents(await tagCalls(page), "generate_lead").length, { timeout: 10_000 }).toBe(2);
    calls = await tagCalls(page);
    expect(gtmEvents(calls, "generate_lead")[1]).toEqual({
      event: "generate_lead",
      lead_kind: kind,
      lead_category: "Used Vehicle Enquiry",
      lead_subcategory: "Vehicle Enquiry",
      car_id: car.id,
      value: price,
      currency: "AUD",
    });
    expect(gtagEvents(calls, "generate_lead")[1]).toMatchObject({ lead_kind: kind, car_id: car.id, value: price });
    expect(metaCalls(calls, "track", "Lead")[1]).toMatchObject({
      content_name: kind,
      content_ids: [car.id],
      value: price,
      currency: "AUD",
    });
    // The success page's own view, with its address (no contact details in it to clean).
    expect(gtmEvents(calls, "dealer_page_view").at(-1)?.page_location).toMatch(/\/success\?.*lead=/);

    // Nothing the shopper typed is in anything the tags were told (nor the phone's digits run together).
    const told = JSON.stringify(calls);
    for (const typed of [SHOPPER.name, SHOPPER.email, SHOPPER.phone, SHOPPER.phone.replace(/\s/g, ""), "413579246"]) {
      expect(told, `the tags were told ${typed}`).not.toContain(typed);
    }

    // A reload of /success: the tags start again and see the page, but not the same lead a second time.
    await page.reload();
    await expect.poll(async () => gtmEvents(await tagCalls(page), "dealer_page_view").length, { timeout: 10_000 }).toBeGreaterThan(0);
    calls = await tagCalls(page);
    expect(gtmEvents(calls, "gtm.js")).toHaveLength(1);
    expect(gtmEvents(calls, "generate_lead")).toEqual([]);
    expect(gtagEvents(calls, "generate_lead")).toEqual([]);
    expect(metaCalls(calls, "track", "Lead")).toEqual([]);
  });

  test("a tag script that cannot load (no connection, a blocker) breaks nothing: the page works and the calls wait", async ({ page }) => {
    await page.route(TAG_HOST, (route) => route.abort("internetdisconnected"));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openCar(page);
    await expect.poll(async () => metaCalls(await tagCalls(page), "track", "ViewContent").length, { timeout: 10_000 }).toBe(1);
    await page.getByText("Share", { exact: true }).first().click();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("Summit Auto Group, whose events are only stored", () => {
  test("has no tag script, no call to Google or Meta, no tag host in its policy and no tag code fetched", async ({
    page,
    javaScriptEnabled,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    const summitCar = findCar(SUMMIT, "in-stock car", (v) => inStock(v) && v.item_type === "car");
    const response = await page.goto(siteUrl(SUMMIT, `/cars/${summitCar.slug}`));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).not.toMatch(TAG_HOST);
    if (javaScriptEnabled) {
      await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => ({ dataLayer: "dataLayer" in window, fbq: "fbq" in window }))).toEqual({
        dataLayer: false,
        fbq: false,
      });
    }
    await expect(page.locator('script[src*="googletagmanager"], script[src*="facebook"]')).toHaveCount(0);
    expect(asked.filter((url) => TAG_HOST.test(url) || /tagScripts/.test(url))).toEqual([]);
  });
});

test.describe("Westside Used without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain-HTML journey");

  test("the vehicle page and its enquiry work as plain HTML, with no tag anywhere", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    await openCar(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${car.year} ${car.make} ${car.model}`);
    const form = page.locator("#enquire");
    await form.getByLabel("First Name").fill(SHOPPER.name);
    await form.getByLabel("Email Address").fill(SHOPPER.email);
    await form.getByLabel("Mobile Number").fill(SHOPPER.phone);
    await form.getByRole("button", { name: "Send Enquiry" }).click();
    await expect(page).toHaveURL(/\/success\?.*lead=[0-9a-f-]{36}/);
    await expect(page.getByRole("heading", { name: "Thank you for your Used Vehicle Enquiry!" })).toBeVisible();
    expect(asked.filter((url) => TAG_HOST.test(url))).toEqual([]);
  });
});
