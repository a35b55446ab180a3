/**
 * POST /api/watchlist/save-car and /api/watchlist/remove-car through their real route modules, on an
 * embedded database: signed out (401 with the sign-in address for fetch callers, a redirect for a plain
 * form post), another phone refused, another dealer's car not found, a sold car not saved unless already
 * saved, save and remove (both idempotent), and GET /api/me's saved car ids. Dealers are built here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as meLoader } from "~/routes/api.me/route";
import { action as removeAction } from "~/routes/api.watchlist.remove-car/route";
import { action as saveAction, loader as saveLoader } from "~/routes/api.watchlist.save-car/route";
import { startSession } from "@server/auth/session";
import { upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { listWatchlist } from "@server/db/watchlist";
import { finishPendingSave } from "@server/watchlist/watchlistRequest";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const DEALER = "alpha-motors";
const OTHER = "beta-motors";
const ORIGIN = `http://${DEALER}.localhost`;
const PHONE = "+61412345678";
const alpha = testTenant(DEALER);
const beta = testTenant(OTHER);

const car = testVehicle({ id: "car-1", slug: "2022-toyota-hilux-car-1", name: "2022 Toyota HiLux SR5" });
const sold = testVehicle({ id: "car-sold", slug: "2021-mazda-cx5-car-sold", name: "2021 Mazda CX-5", status: "sold" });
const theirs = testVehicle({ id: "car-beta", slug: "2020-ford-ranger-car-beta", name: "2020 Ford Ranger", dealership_slug: OTHER });

let db: Database;
let platform: TestPlatform;
let cookie = "";

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [alpha, beta] });
  await upsertVehicles(db, DEALER, [car, sold]);
  await upsertVehicles(db, OTHER, [theirs]);
  const user = await upsertUser(db, DEALER, { phone: PHONE });
  const setCookie = await startSession(platform, alpha, new Request(`${ORIGIN}/sign-in`), { userId: user.id });
  cookie = setCookie.split(";")[0];
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

type Handler = (args: { request: Request; context: ReturnType<typeof contextFor>; params: object }) => Promise<Response>;

function post(
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  opts: { json?: boolean; signedIn?: boolean } = { json: true, signedIn: true },
) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN };
  if (opts.json) headers.Accept = "application/json";
  if (opts.signedIn) headers.Cookie = cookie;
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
  return handler({ request, context: contextFor(platform, request), params: {} });
}

const save = (fields: Record<string, string>, opts?: { json?: boolean; signedIn?: boolean }) =>
  post(saveAction as Handler, "/api/watchlist/save-car", fields, opts);
const remove = (fields: Record<string, string>, opts?: { json?: boolean; signedIn?: boolean }) =>
  post(removeAction as Handler, "/api/watchlist/remove-car", fields, opts);
const saved = () => listWatchlist(db, DEALER, PHONE);

describe("watchlist: signed out", () => {
  it("answers a fetch caller 401 with the sign-in address, which comes back through the save", async () => {
    const response = await save({ car_id: car.id }, { json: true, signedIn: false });
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as { success: boolean; signIn: string };
    expect(body.success).toBe(false);
    const signIn = new URL(body.signIn, ORIGIN);
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("type")).toBe("watchlist");
    expect(signIn.searchParams.get("redirect")).toBe(`/api/watchlist/save-car?car_id=car-1&redirect=%2Fcars%2F${car.slug}`);
    expect(signIn.searchParams.get("back")).toBe(`/cars/${car.slug}`);
    expect(await saved()).toEqual([]);
  });

  it("redirects a plain form post to sign-in, keeping a same-site redirect and dropping another site's", async () => {
    const response = await save({ car_id: car.id, redirect: "https://evil.example/x" }, { json: false, signedIn: false });
    expect(response.status).toBe(302);
    const signIn = new URL(response.headers.get("Location")!, ORIGIN);
    expect(signIn.searchParams.get("type")).toBe("watchlist");
    expect(signIn.searchParams.get("back")).toBe(`/cars/${car.slug}`);
    const back = await save({ car_id: car.id, redirect: "/search?make=Toyota" }, { json: false, signedIn: false });
    const again = new URL(back.headers.get("Location")!, ORIGIN);
    expect(again.searchParams.get("back")).toBe("/search?make=Toyota");
  });

  it("a GET never changes the watchlist: the save the sign-in was for is finished by the sign-in's own POST", async () => {
    const path = `/api/watchlist/save-car?car_id=car-1&redirect=${encodeURIComponent(`/cars/${car.slug}`)}`;
    const signedOut = new Request(`${ORIGIN}${path}`);
    const first = await saveLoader({ request: signedOut, context: contextFor(platform, signedOut), params: {} });
    expect(first.headers.get("Location")).toMatch(/^\/sign-in\?type=watchlist/);

    // Signed in, from this site or another, with or without the browser's headers: back to the page, nothing saved.
    for (const headers of [
      { Cookie: cookie } as Record<string, string>,
      { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
    ]) {
      const request = new Request(`${ORIGIN}${path}`, { headers });
      const response = await saveLoader({ request, context: contextFor(platform, request), params: {} });
      expect(response.headers.get("Location")).toBe(`/cars/${car.slug}`);
    }
    expect(await saved()).toEqual([]);

    // The sign-in that came from the save (POST /sign-in, the code checked) saves the car and lands on the page with the toast.
    expect(await finishPendingSave(platform, alpha, PHONE, path)).toBe(`/cars/${car.slug}?saved=car-1`);
    expect(await saved()).toEqual(["car-1"]);
    // Any other way back after a sign-in is not a save.
    expect(await finishPendingSave(platform, alpha, PHONE, "/my-garage")).toBeNull();
    await remove({ car_id: car.id });
  });
});

describe("watchlist: signed in", () => {
  it("refuses a phone_number other than the session's (403), and takes the session's own in either form", async () => {
    const response = await save({ car_id: car.id, phone_number: "0499 999 999" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false });
    expect(await saved()).toEqual([]);
    expect((await save({ car_id: car.id, phone_number: "0412 345 678" })).status).toBe(200);
    await remove({ car_id: car.id });
  });

  it("does not know another dealer's car (404), nor a malformed id (400)", async () => {
    expect((await save({ car_id: theirs.id })).status).toBe(404);
    expect((await remove({ car_id: theirs.id })).status).toBe(404);
    expect((await save({ car_id: "<script>" })).status).toBe(400);
    expect((await save({})).status).toBe(400);
    expect(await saved()).toEqual([]);
  });

  it("saves and removes, each idempotent, with the car's name; GET /api/me lists the saved ids", async () => {
    const saveEvents = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_events WHERE tenant = $1 AND event_id = 39", [DEALER]))[0].n;
    const before = await saveEvents();
    for (let i = 0; i < 2; i++) {
      const response = await save({ car_id: car.id });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, saved: true, carName: "2022 Toyota HiLux SR5" });
    }
    expect(await saved()).toEqual(["car-1"]);
    // Event 39 once per car saved, not per repeat.
    expect(await saveEvents()).toBe(before + 1);

    const meRequest = new Request(`${ORIGIN}/api/me`, { headers: { Cookie: cookie } });
    const me = await meLoader({ request: meRequest, context: contextFor(platform, meRequest), params: {} });
    expect(await me.json()).toMatchObject({ signedIn: true, savedCarIds: ["car-1"] });

    for (let i = 0; i < 2; i++) {
      const response = await remove({ car_id: car.id });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, saved: false, carName: "2022 Toyota HiLux SR5" });
    }
    expect(await saved()).toEqual([]);
  });

  it("refuses to save a sold car (409, a clear message) unless it is already saved; it can always be removed", async () => {
    const response = await save({ car_id: sold.id });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      error: "This car has been sold, so it can no longer be saved to your watchlist.",
    });
    await db.query("INSERT INTO watchlist (tenant, phone, car_id) VALUES ($1, $2, $3)", [DEALER, PHONE, sold.id]);
    expect((await save({ car_id: sold.id })).status).toBe(200);
    expect((await remove({ car_id: sold.id })).status).toBe(200);
    expect(await saved()).toEqual([]);
  });

  it("answers a fetch marked by the browser (Sec-Fetch-Mode: cors, Accept: */*) in JSON, as the page's fetcher sends it", async () => {
    const request = new Request(`${ORIGIN}/api/watchlist/save-car`, {
      method: "POST",
      body: new URLSearchParams({ car_id: car.id }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "*/*", "Sec-Fetch-Mode": "cors", Cookie: cookie },
    });
    const response = await (saveAction as Handler)({ request, context: contextFor(platform, request), params: {} });
    expect(await response.json()).toMatchObject({ success: true, saved: true });
    await remove({ car_id: car.id });
  });

  it("without JavaScript, redirects back to the page with the outcome in the URL", async () => {
    const plain = { json: false, signedIn: true };
    const saving = await save({ car_id: car.id, redirect: `/cars/${car.slug}?saved=old#top` }, plain);
    expect(saving.status).toBe(302);
    expect(saving.headers.get("Location")).toBe(`/cars/${car.slug}?saved=car-1#top`);
    const removing = await remove({ car_id: car.id, redirect: "//evil.example" }, plain);
    expect(removing.headers.get("Location")).toBe(`/cars/${car.slug}?removed=car-1`);
    const refused = await save({ car_id: sold.id }, plain);
    expect(refused.headers.get("Location")).toBe(`/cars/${sold.slug}?watchlist_error=sold`);
  });

  it("from a card on a results page, back to the same results with their query as written (the page cache's address)", async () => {
    const plain = { json: false, signedIn: true };
    const results = "/search/toyota?price=5000:60000&sortBy=price:desc&page=2";
    const saving = await save({ car_id: car.id, redirect: `${results}&removed=car-1` }, plain);
    expect(saving.headers.get("Location")).toBe(`${results}&saved=car-1`);
    const removing = await remove({ car_id: car.id, redirect: results }, plain);
    expect(removing.headers.get("Location")).toBe(`${results}&removed=car-1`);
  });
});
