/**
 * Saved searches' store and action as Remix calls them, on one embedded platform for the file (issue
 * 27): signed out, a save goes through sign-in, whose POST finishes it; signed in it is stored with the
 * results page's canonical path and search (read again from the path, never trusted from the form) and
 * the shopper's consent; the garage's rename, channel, pause, resume and delete touch only the shopper's
 * own searches with this dealer; at most 20; a dealer who asks for it gets a 'Saved Search' lead; bad
 * input is refused in words and never a 500. Dealers are built here (never tenants/).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession, upsertUser } from "@server/db/accounts";
import { consentHistory, hasConsent } from "@server/db/alertConsents";
import type { Database } from "@server/db/database";
import { createSavedSearch, listSavedSearches } from "@server/db/savedSearches";
import { upsertVehicles } from "@server/db/vehicles";
import { SAVED_SEARCH_LIMIT } from "~/domain/savedSearch";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type LoaderResult } from "../../../tests/support/loaderResult";
import { testDatabase, testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import { loader as garageLoader } from "../my-garage/route";
import { action, loader } from "./route";
import { finishPendingSearchSave } from "./savedSearches.server";

const DEALER = "harbour-motors";
const OTHER = "ridge-motors";
const NO_GARAGE = "plain-cars";
const PHONE = "+61412730001";
const NEIGHBOUR = "+61412730002";
const dealer = testTenant(DEALER, { name: "Harbour Motors", savedSearches: { leadToDealer: true } });
const other = testTenant(OTHER, { name: "Ridge Motors" });
const noGarage = testTenant(NO_GARAGE, { name: "Plain Cars", features: { garage: false } });

const corolla = testVehicle({
  id: "corolla-1",
  slug: "2020-toyota-corolla-1",
  name: "2020 Toyota Corolla",
  model: "Corolla",
  price: 24990,
});
const hilux = testVehicle({ id: "hilux-1", slug: "2022-toyota-hilux-1", name: "2022 Toyota HiLux", price: 54990 });

let db: Database;
let platform: TestPlatform;
const cookies: Record<string, string> = {};

const url = (slug: string, path: string) => `http://${slug}.localhost${path}`;

beforeAll(async () => {
  db = await testDatabase();
  await upsertVehicles(db, DEALER, [corolla, hilux]);
  await upsertVehicles(db, OTHER, [corolla]);
  platform = await testPlatform({ db, tenants: [dealer, other, noGarage], defaultTenant: DEALER });
  const session = async (slug: string, phone: string, first_name: string) => {
    const user = await upsertUser(db, slug, { phone, first_name, email: `${first_name.toLowerCase()}@example.com` });
    return `dealer_session=${await createSession(db, slug, user.id, 60_000)}`;
  };
  cookies.ava = await session(DEALER, PHONE, "Ava");
  cookies.ben = await session(DEALER, NEIGHBOUR, "Ben");
  cookies.avaElsewhere = await session(OTHER, PHONE, "Ava");
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  await db.query("DELETE FROM saved_searches");
  await db.query("DELETE FROM alert_consents");
});

async function run(fn: () => Promise<unknown>): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(fn());
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

function post(
  fields: Record<string, string>,
  options: { slug?: string; cookie?: string | null; json?: boolean; body?: BodyInit; contentType?: string } = {},
) {
  const slug = options.slug ?? DEALER;
  const request = new Request(url(slug, "/saved-searches"), {
    method: "POST",
    body: options.body ?? new URLSearchParams(fields),
    headers: {
      "Content-Type": options.contentType ?? "application/x-www-form-urlencoded",
      Origin: url(slug, ""),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.json ? { Accept: "application/json" } : {}),
    },
  });
  return run(() => action({ request, context: contextFor(platform, request), params: {} }));
}

const save = (over: Record<string, string> = {}) => ({
  intent: "save",
  name: "Used Corolla under $30,000",
  channel: "sms",
  email: "",
  consent: "on",
  search_path: "/search/used-cars/toyota/corolla?price=:30000&sortBy=price:asc",
  ...over,
});

const location = (response: LoaderResult<unknown>) => response.headers.get("Location") ?? "";

describe("saving a search (POST /saved-searches, intent save)", () => {
  it("signed out: to sign-in (type saved-search), whose POST saves it and comes back to the same results", async () => {
    const response = await post(save());
    expect(response.status).toBe(302);
    const signIn = new URL(location(response), url(DEALER, "/"));
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("type")).toBe("saved-search");
    expect(signIn.searchParams.get("back")).toBe("/search/used-cars/toyota/corolla?price=:30000&sortBy=price:asc");
    expect(await listSavedSearches(db, DEALER, PHONE)).toEqual([]);

    const shopper = { userId: "u", phone: PHONE, first_name: "Ava", last_name: "", email: "ava@example.com" };
    const back = await finishPendingSearchSave(platform, dealer, shopper, signIn.searchParams.get("redirect")!);
    expect(back).toBe("/search/used-cars/toyota/corolla?price=:30000&sortBy=price:asc&search_saved=1");
    const [saved] = await listSavedSearches(db, DEALER, PHONE);
    expect(saved).toMatchObject({ name: "Used Corolla under $30,000", channel: "sms", paused: false });
    // Any other way back is not a save's.
    expect(await finishPendingSearchSave(platform, dealer, shopper, "/my-garage")).toBeNull();
  });

  it("a script is told to sign in (401 with the address)", async () => {
    const response = await post(save(), { json: true });
    expect(response.status).toBe(401);
    expect((response.data as { signIn: string }).signIn).toMatch(/^\/sign-in\?type=saved-search&/);
  });

  it("signed in: the canonical results path and the search read from it, the consent, back to the same page", async () => {
    const response = await post(save(), { cookie: cookies.ava });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/search/used-cars/toyota/corolla?price=:30000&sortBy=price:asc&search_saved=1");
    const [saved] = await listSavedSearches(db, DEALER, PHONE);
    expect(saved.searchPath).toBe("/search/used-cars/toyota/corolla?price=:30000");
    expect(saved.search).toEqual({
      query: "",
      filters: { car_type: ["used"], make: ["Toyota"], model: ["Corolla"] },
      ranges: { price: { max: 30000 } },
    });
    expect(await hasConsent(db, DEALER, "sms", PHONE)).toBe(true);
    expect(await consentHistory(db, DEALER, PHONE)).toMatchObject([
      { channel: "sms", address: PHONE, given: true, source: "save-search", detail: "/search/used-cars/toyota/corolla?price=:30000" },
    ]);
  });

  it("by e-mail: the address stored and its consent recorded, a script gets JSON", async () => {
    const response = await post(save({ channel: "email", email: " Ava@Example.com " }), { cookie: cookies.ava, json: true });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ ok: true, message: "Search saved. We'll let you know when a match arrives." });
    const [saved] = await listSavedSearches(db, DEALER, PHONE);
    expect([saved.channel, saved.email]).toEqual(["email", "Ava@Example.com"]);
    expect(await hasConsent(db, DEALER, "email", "ava@example.com")).toBe(true);
    expect(await hasConsent(db, DEALER, "sms", PHONE)).toBe(false);
  });

  it("refuses in words: no consent, e-mail chosen without one, no name, a path that is not a results page", async () => {
    const refused = async (fields: Record<string, string>) => {
      const response = await post(fields, { cookie: cookies.ava });
      expect(response.status).toBe(422);
      return (response.data as { fieldErrors: Record<string, string> }).fieldErrors;
    };
    expect(await refused(save({ consent: "" }))).toEqual({ consent: "Tick the box to agree to alerts: we can't send them without it." });
    expect(await refused(save({ channel: "email" }))).toEqual({ email: "Enter the e-mail address for your alerts." });
    expect(await refused(save({ channel: "email", email: "not an address" }))).toEqual({ email: "Please enter a valid email address." });
    expect(await refused(save({ name: "  " }))).toEqual({ name: "Give this search a name." });
    expect(await refused(save({ name: "x".repeat(81) }))).toEqual({ name: "Keep the name to 80 characters or fewer." });
    expect(await refused(save({ channel: "fax" }))).toEqual({ channel: "Choose how we should tell you: SMS or e-mail." });
    expect(Object.keys(await refused(save({ search_path: "//evil.example/search" })))).toEqual(["search_path"]);
    // A path of this site that is not a results page (or names nothing in stock) is not saved.
    for (const path of ["/cars/2020-toyota-corolla-1", "/search/no-such-make/at-all/really"]) {
      const response = await post(save({ search_path: path }), { cookie: cookies.ava });
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/search?search_error=invalid");
    }
    expect(await listSavedSearches(db, DEALER, PHONE)).toEqual([]);
  });

  it(`at most ${SAVED_SEARCH_LIMIT} a shopper a dealer, said clearly past it`, async () => {
    for (let i = 0; i < SAVED_SEARCH_LIMIT; i++)
      await createSavedSearch(db, DEALER, PHONE, {
        name: `s${i}`,
        searchPath: "/search",
        search: { query: "", filters: {}, ranges: {} },
        channel: "sms",
        email: "",
      });
    const response = await post(save({ search_path: "/search" }), { cookie: cookies.ava });
    expect(location(response)).toBe("/search?search_error=limit");
    const asScript = await post(save({ search_path: "/search" }), { cookie: cookies.ava, json: true });
    expect(asScript.status).toBe(409);
    expect(asScript.data).toEqual({
      ok: false,
      error: `You already have ${SAVED_SEARCH_LIMIT} saved searches with us. Delete one in your garage to save this one.`,
    });
    expect(await listSavedSearches(db, DEALER, PHONE)).toHaveLength(SAVED_SEARCH_LIMIT);
    // Another shopper, and the same phone with another dealer, have their own allowance.
    expect(location(await post(save({ search_path: "/search" }), { cookie: cookies.ben }))).toBe("/search?search_saved=1");
    expect(location(await post(save({ search_path: "/search" }), { slug: OTHER, cookie: cookies.avaElsewhere }))).toBe(
      "/search?search_saved=1",
    );
  });

  it("a dealer who asks for it gets a 'Saved Search' lead with the filters in words; another does not", async () => {
    await db.query("DELETE FROM leads");
    await post(save(), { cookie: cookies.ava });
    await post(save({ search_path: "/search/used-cars/toyota/corolla" }), { slug: OTHER, cookie: cookies.avaElsewhere });
    const leads = await db.query<{ tenant: string; category: string; message: string; phone: string }>(
      "SELECT tenant, category, message, phone FROM leads ORDER BY created_at",
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ tenant: DEALER, category: "Saved Search" });
    expect(leads[0].message).toContain("Used Corolla under $30,000");
    expect(leads[0].message).toContain("Condition: Used; Make: Toyota; Model: Corolla; Price: under $30,000");
  });
});

describe("the garage's changes to a saved search", () => {
  async function saved(phone = PHONE, slug = DEALER) {
    const made = await createSavedSearch(db, slug, phone, {
      name: "Family car",
      searchPath: "/search/used-cars",
      search: { query: "", filters: { car_type: ["used"] }, ranges: {} },
      channel: "sms",
      email: "",
    });
    if (!made.ok) throw new Error("not saved");
    return made.search;
  }

  it("rename, change to e-mail (consent recorded, source garage), pause, resume and delete, back to the garage", async () => {
    const search = await saved();
    expect(location(await post({ intent: "rename", id: search.id, name: "Weekend car" }, { cookie: cookies.ava }))).toBe(
      "/my-garage?saved_search=renamed",
    );
    const channel = await post(
      { intent: "channel", id: search.id, channel: "email", email: "ava@example.com", consent: "on" },
      { cookie: cookies.ava },
    );
    expect(location(channel)).toBe("/my-garage?saved_search=channel");
    expect(await consentHistory(db, DEALER, PHONE)).toMatchObject([
      { channel: "email", address: "ava@example.com", given: true, source: "garage" },
    ]);
    expect(location(await post({ intent: "pause", id: search.id }, { cookie: cookies.ava }))).toBe("/my-garage?saved_search=paused");
    expect((await listSavedSearches(db, DEALER, PHONE))[0]).toMatchObject({
      name: "Weekend car",
      channel: "email",
      email: "ava@example.com",
      paused: true,
    });
    const resumed = await post({ intent: "resume", id: search.id }, { cookie: cookies.ava, json: true });
    expect(resumed.data).toEqual({ ok: true, done: "resumed" });
    expect(location(await post({ intent: "delete", id: search.id }, { cookie: cookies.ava }))).toBe("/my-garage?saved_search=deleted");
    expect(await listSavedSearches(db, DEALER, PHONE)).toEqual([]);
  });

  it("a change of channel needs the consent box and an address for e-mail", async () => {
    const search = await saved();
    const noConsent = await post(
      { intent: "channel", id: search.id, channel: "email", email: "ava@example.com" },
      { cookie: cookies.ava, json: true },
    );
    expect(noConsent.status).toBe(422);
    expect(noConsent.data).toEqual({ ok: false, error: "Tick the box to agree to alerts: we can't send them without it." });
    const noEmail = await post({ intent: "channel", id: search.id, channel: "email", consent: "on" }, { cookie: cookies.ava });
    expect(location(noEmail)).toBe("/my-garage?search_error=unchanged");
    expect((await listSavedSearches(db, DEALER, PHONE))[0].channel).toBe("sms");
  });

  it("another shopper, or the same phone on another dealer's site, cannot touch it; signed out goes to sign-in", async () => {
    const search = await saved();
    for (const [fields, cookie, slug] of [
      [{ intent: "rename", id: search.id, name: "Mine now" }, cookies.ben, DEALER],
      [{ intent: "delete", id: search.id }, cookies.ben, DEALER],
      [{ intent: "pause", id: search.id }, cookies.ben, DEALER],
      [{ intent: "channel", id: search.id, channel: "sms", consent: "on" }, cookies.ben, DEALER],
      [{ intent: "delete", id: search.id }, cookies.avaElsewhere, OTHER],
    ] as const) {
      const response = await post({ ...fields }, { cookie, slug, json: true });
      expect(response.status, JSON.stringify(fields)).toBe(404);
      expect(response.data).toEqual({ ok: false, error: "That saved search is no longer there." });
    }
    const signedOut = await post({ intent: "delete", id: search.id });
    expect(location(signedOut)).toMatch(/^\/sign-in\?type=my-garage&redirect=%2Fmy-garage/);
    expect(await listSavedSearches(db, DEALER, PHONE)).toMatchObject([{ id: search.id, name: "Family car", paused: false }]);
    expect(await consentHistory(db, DEALER, NEIGHBOUR)).toEqual([]);
  });

  it("the garage lists them with the filters in words, and where saved cars' alerts go", async () => {
    await saved();
    const request = new Request(url(DEALER, "/my-garage?saved_search=renamed"), { headers: { Cookie: cookies.ava } });
    const page = (await run(() => garageLoader({ request, context: contextFor(platform, request), params: {} }))).data as {
      savedSearches: { name: string; words: string[]; channel: string; address: string; paused: boolean; path: string }[];
      carAlerts: unknown;
      searchNotice: unknown;
    };
    expect(page.savedSearches).toEqual([
      expect.objectContaining({
        name: "Family car",
        words: ["Condition: Used"],
        channel: "sms",
        address: "0412 730 001",
        paused: false,
        path: "/search/used-cars",
      }),
    ]);
    // No consent recorded for the mobile yet: saved cars' alerts are off (consent is never assumed).
    expect(page.carAlerts).toBeNull();
    expect(page.searchNotice).toEqual({ tone: "success", text: "Search renamed." });
  });
});

describe("bad input never answers 500", () => {
  it("unreadable bodies, unknown intents, odd ids and fields", async () => {
    const answers = await Promise.all([
      post({}, { cookie: cookies.ava }),
      post({ intent: "explode" }, { cookie: cookies.ava, json: true }),
      post({ intent: "delete", id: "../../etc" }, { cookie: cookies.ava }),
      post({ intent: "rename", id: "x".repeat(500), name: "a" }, { cookie: cookies.ava, json: true }),
      post({}, { cookie: cookies.ava, body: '{"intent":"save"}', contentType: "application/json" }),
      post({}, { cookie: cookies.ava, body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" }),
      post(save({ search_path: "/search?price=%zz&make=\u0000" }), { cookie: cookies.ava }),
      post(save({ search_path: "/search/%E0%A4%A" }), { cookie: cookies.ava }),
    ]);
    for (const response of answers) expect(response.status).toBeLessThan(500);
  });

  it("a dealer without the garage has no saved searches (404)", async () => {
    expect((await post(save(), { slug: NO_GARAGE })).status).toBe(404);
  });

  it("a GET saves nothing: back to the results page named, else a page pointing to the garage", async () => {
    const request = new Request(url(DEALER, `/saved-searches?${new URLSearchParams(save())}`), { headers: { Cookie: cookies.ava } });
    const response = await run(() => loader({ request, context: contextFor(platform, request), params: {} }));
    expect(location(response)).toBe("/search/used-cars/toyota/corolla?price=:30000&sortBy=price:asc#save-search");
    expect(await listSavedSearches(db, DEALER, PHONE)).toEqual([]);
  });
});
