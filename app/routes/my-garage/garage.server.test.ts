/**
 * The garage's loader and action as Remix calls them, on an embedded database: signed out it asks for
 * sign-in (type my-garage, back here); signed in it lists the saved cars with their status now (a sold
 * car JUST SOLD, a car gone from the website no longer available); Remove removes and says which car
 * went; another dealer's session is nobody here; a dealer without the garage answers 404. A dealer whose
 * garage is on another of the spec's paths answers there, and its other garage paths move to it (301).
 * Dealers are built here (never tenants/).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cardTag } from "~/domain/vehicleTags";
import { createSession, upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../../../tests/support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { addToWatchlist, listWatchlist } from "@server/db/watchlist";
import { dealerFlags } from "@server/tenants/publicSite";
import { testPlatform, type TestPlatform } from "../../../tests/support/testPlatform";
import { contextFor } from "../../../tests/support/loadContext";
import { loaderResult, type LoaderResult } from "../../../tests/support/loaderResult";
import { testTenant } from "../../../tests/support/testTenant";
import { testVehicle } from "../../../tests/support/testVehicle";
import { action, loader } from "./route";
import type { SavedCar } from "./garageView";

const DEALER = "harbour-gwm";
const OTHER = "ridge-motors";
const NO_GARAGE = "plain-cars";
const MOTORAMA = "motorama-springwood";
const PHONE = "+61412730001";
const dealer = testTenant(DEALER, { name: "Harbour GWM" });
const other = testTenant(OTHER, { name: "Ridge Motors" });
const noGarage = testTenant(NO_GARAGE, { name: "Plain Cars", features: { garage: false } });
const motorama = testTenant(MOTORAMA, { name: "Motorama Springwood", paths: { watchlist: "/mymotorama" } });

const onSale = testVehicle({ id: "car-on-sale", slug: "2022-toyota-hilux-sr5-on-sale", name: "2022 Toyota HiLux SR5", price: 54990 });
const sold = testVehicle({
  id: "car-sold",
  slug: "2021-mazda-cx-5-sold",
  name: "2021 Mazda CX-5 Maxx",
  make: "Mazda",
  model: "CX-5",
  status: "sold",
});
const hidden = testVehicle({
  id: "car-hidden",
  slug: "2019-ford-ranger-hidden",
  name: "2019 Ford Ranger XLT",
  show_on_dealer_website: false,
});

let db: Database;
let platform: TestPlatform;
let cookie: string;
let otherCookie: string;
let motoramaCookie: string;

const url = (slug: string, path = "/my-garage") => `http://${slug}.localhost${path}`;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [dealer, other, noGarage, motorama], defaultTenant: DEALER });
  await upsertVehicles(db, DEALER, [onSale, sold, hidden]);
  await upsertVehicles(db, MOTORAMA, [onSale]);
  const user = await upsertUser(db, DEALER, { phone: PHONE, first_name: "Ava" });
  cookie = `dealer_session=${await createSession(db, DEALER, user.id, 60_000)}`;
  // The same phone signed in on another dealer's site.
  const elsewhere = await upsertUser(db, OTHER, { phone: PHONE, first_name: "Ava" });
  otherCookie = `dealer_session=${await createSession(db, OTHER, elsewhere.id, 60_000)}`;
  const motoramaShopper = await upsertUser(db, MOTORAMA, { phone: PHONE, first_name: "Ava" });
  motoramaCookie = `dealer_session=${await createSession(db, MOTORAMA, motoramaShopper.id, 60_000)}`;
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  await db.query("DELETE FROM watchlist");
});

async function run(fn: () => Promise<unknown>): Promise<LoaderResult<unknown>> {
  try {
    return await loaderResult(fn());
  } catch (thrown) {
    if (thrown instanceof Response) return loaderResult(thrown);
    throw thrown;
  }
}

function get(slug = DEALER, withCookie: string | null = cookie, path = "/my-garage") {
  const request = new Request(url(slug, path), {
    headers: { ...(withCookie ? { Cookie: withCookie } : {}), Referer: url(slug, "/search") },
  });
  return run(() => loader({ request, context: contextFor(platform, request), params: {} }));
}

function remove(carId: string, slug = DEALER, withCookie: string | null = cookie, path = "/my-garage") {
  const request = new Request(url(slug, path), {
    method: "POST",
    body: new URLSearchParams({ intent: "remove", car_id: carId }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url(slug, ""), ...(withCookie ? { Cookie: withCookie } : {}) },
  });
  return run(() => action({ request, context: contextFor(platform, request), params: {} }));
}

async function garage(response: LoaderResult<unknown>) {
  expect(response.status).toBe(200);
  return response.data as { cars: SavedCar[]; removed: { name: string } | null; searchPath: string };
}

describe("the garage page (/my-garage)", () => {
  it("signed out: sign-in with type my-garage, then back here", async () => {
    const response = await get(DEALER, null);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, url(DEALER));
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("type")).toBe("my-garage");
    expect(location.searchParams.get("redirect")).toBe("/my-garage");
    expect(location.searchParams.get("back")).toBe("/search");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("always asks, whatever the dealer's gating (the garage is personal)", async () => {
    expect(dealer.gating.enabled).toBe(false);
    expect((await get(DEALER, "dealer_session=not-a-real-token")).status).toBe(302);
  });

  it("another dealer's session is nobody here", async () => {
    await addToWatchlist(db, DEALER, PHONE, onSale.id);
    const response = await get(DEALER, otherCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/sign-in\?type=my-garage&/);
    // And a Remove posted with it removes nothing.
    expect((await remove(onSale.id, DEALER, otherCookie)).status).toBe(302);
    expect(await listWatchlist(db, DEALER, PHONE)).toEqual([onSale.id]);
  });

  it("lists the saved cars with their status now: on sale, JUST SOLD, no longer available", async () => {
    await addToWatchlist(db, DEALER, PHONE, onSale.id);
    await addToWatchlist(db, DEALER, PHONE, sold.id);
    await addToWatchlist(db, DEALER, PHONE, hidden.id);
    await addToWatchlist(db, DEALER, PHONE, "car-gone-from-stock");
    const response = await get();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { cars, removed } = await garage(response);
    expect(removed).toBeNull();
    const byId = new Map(cars.map((c) => [c.id, c]));
    expect(cars).toHaveLength(4);
    expect(byId.get(onSale.id)).toMatchObject({ state: "available", title: "2022 Toyota HiLux SR5", card: { price: 54990 } });
    const soldCar = byId.get(sold.id)!;
    expect(soldCar.state).toBe("sold");
    expect(cardTag(soldCar.card!, dealerFlags(dealer), new Date())?.label).toBe("JUST SOLD");
    expect(byId.get(hidden.id)).toMatchObject({ state: "gone", card: null });
    expect(byId.get("car-gone-from-stock")).toMatchObject({ state: "gone", title: "", card: null });
  });

  it("Remove takes the car off the list and comes back saying which car went (sold and gone cars too)", async () => {
    await addToWatchlist(db, DEALER, PHONE, onSale.id);
    await addToWatchlist(db, DEALER, PHONE, sold.id);
    await addToWatchlist(db, DEALER, PHONE, "car-gone-from-stock");

    const response = await remove(sold.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/my-garage?removed=${sold.id}`);
    expect(await listWatchlist(db, DEALER, PHONE)).not.toContain(sold.id);

    const after = await garage(await get(DEALER, cookie, `/my-garage?removed=${sold.id}`));
    expect(after.removed).toEqual({ name: "2021 Mazda CX-5 Maxx" });
    expect(after.cars.map((c) => c.id)).not.toContain(sold.id);

    expect((await remove("car-gone-from-stock")).status).toBe(302);
    expect((await garage(await get(DEALER, cookie, "/my-garage?removed=car-gone-from-stock"))).removed).toEqual({ name: "This car" });
    // A car still saved is not 'removed', whatever the address says.
    expect((await garage(await get(DEALER, cookie, `/my-garage?removed=${onSale.id}`))).removed).toBeNull();
  });

  it("an empty garage links to the search; a bad Remove is refused", async () => {
    const { cars, searchPath } = await garage(await get());
    expect(cars).toEqual([]);
    expect(searchPath).toBe("/search");
    const request = new Request(url(DEALER), {
      method: "POST",
      body: new URLSearchParams({ intent: "remove" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect((await run(() => action({ request, context: contextFor(platform, request), params: {} }))).status).toBe(400);
  });

  it("a dealer without the garage answers 404", async () => {
    expect((await get(NO_GARAGE, null)).status).toBe(404);
    expect((await remove(onSale.id, NO_GARAGE, null)).status).toBe(404);
  });

  describe("on a dealer whose garage is /mymotorama", () => {
    it("answers on its own path: signed out, sign-in comes back there", async () => {
      const response = await get(MOTORAMA, null, "/mymotorama");
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("Location")!, url(MOTORAMA));
      expect(location.searchParams.get("type")).toBe("my-garage");
      expect(location.searchParams.get("redirect")).toBe("/mymotorama");
    });

    it("lists the shopper's cars there, and Remove comes back there", async () => {
      await addToWatchlist(db, MOTORAMA, PHONE, onSale.id);
      const { cars } = await garage(await get(MOTORAMA, motoramaCookie, "/mymotorama"));
      expect(cars.map((c) => c.id)).toEqual([onSale.id]);
      const response = await remove(onSale.id, MOTORAMA, motoramaCookie, "/mymotorama");
      expect(response.headers.get("Location")).toBe(`/mymotorama?removed=${onSale.id}`);
      expect(await listWatchlist(db, MOTORAMA, PHONE)).toEqual([]);
    });

    it("the spec's other garage paths move permanently to it, signed in or not, with the query (never the framework's _routes)", async () => {
      for (const path of ["/my-garage", "/mybigboxcars", "/myblinkr", "/myservco"]) {
        const response = await get(MOTORAMA, null, path);
        expect(response.status, path).toBe(301);
        expect(response.headers.get("Location"), path).toBe("/mymotorama");
        expect(response.headers.get("Cache-Control"), path).toBe("public, max-age=300");
      }
      // As single fetch hands the loader a client-side navigation's data request (`.data` already taken off the path).
      const withQuery = await get(MOTORAMA, motoramaCookie, "/my-garage?removed=car-1&_routes=routes%2Fmy-garage");
      expect(withQuery.status).toBe(301);
      expect(withQuery.headers.get("Location")).toBe("/mymotorama?removed=car-1");
      // The path itself in another case or with a trailing slash is the garage.
      expect((await get(MOTORAMA, motoramaCookie, "/mymotorama/")).status).toBe(200);
      expect((await get(MOTORAMA, motoramaCookie, "/MyMotorama")).status).toBe(200);
    });

    it("and on /my-garage's dealer, /mymotorama moves to /my-garage", async () => {
      const response = await get(DEALER, cookie, "/mymotorama");
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe("/my-garage");
    });

    it("Remove posted to another garage path removes nothing (404)", async () => {
      await addToWatchlist(db, MOTORAMA, PHONE, onSale.id);
      expect((await remove(onSale.id, MOTORAMA, motoramaCookie, "/my-garage")).status).toBe(404);
      expect(await listWatchlist(db, MOTORAMA, PHONE)).toEqual([onSale.id]);
    });

    it("a dealer without the garage answers 404 on every garage path", async () => {
      expect((await get(NO_GARAGE, null, "/mymotorama")).status).toBe(404);
    });

    it("a dealer's config can name only a garage path that has a page", () => {
      for (const path of ["/my-garage", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco"]) {
        expect(testTenant("garage-check", { paths: { watchlist: path } }).paths.watchlist).toBe(path);
      }
      expect(() => testTenant("garage-check", { paths: { watchlist: "/our-garage" } })).toThrow(/paths\.watchlist/);
    });
  });
});
