/**
 * Shopper sessions on the embedded database: only token hashes stored, rotation at sign-in, one
 * dealer's session nothing on another's, expiry, sign-out, pruning, and requireShopper's redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, getSessionUser, pruneSignInRows, replaceOneTimeCode, upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { destroySession, requireShopper, shopperFromRequest, signInUrl, startSession } from "@server/auth/session";
import { SESSION_COOKIE } from "@server/auth/sessionCookie";
import { hashSessionToken } from "@server/auth/sessionToken";
import type { TenantConfig } from "@server/tenants/schema";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";

let db: Database;
let platform: TestPlatform;
const alpha: TenantConfig = testTenant("alpha-motors");
const beta: TenantConfig = testTenant("beta-motors");

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  platform = await testPlatform({ db, tenants: [alpha, beta] });
});
afterAll(async () => {
  await platform?.close();
  await db?.close();
});

const tokenOf = (setCookie: string) => setCookie.split(";")[0].slice(SESSION_COOKIE.length + 1);
const withCookie = (token: string | null, url = "http://alpha-motors.localhost/garage", headers: Record<string, string> = {}) =>
  new Request(url, { headers: { ...headers, ...(token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {}) } });

describe("sessions", () => {
  it("store only the hash of the cookie's token and resolve the shopper on the same dealer only", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000001", first_name: "Ava" });
    const setCookie = await startSession(platform, alpha, withCookie(null), { userId: user.id });
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax$`));
    const token = tokenOf(setCookie);
    const stored = await db.query<{ id: string; token_hash: string }>("SELECT id, token_hash FROM sessions WHERE user_id = $1", [user.id]);
    expect(stored).toEqual([{ id: expect.any(String), token_hash: hashSessionToken(token) }]);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await shopperFromRequest(platform, alpha, withCookie(token))).toEqual({
      userId: user.id,
      phone: "+61412000001",
      first_name: "Ava",
      last_name: "",
      email: "",
    });
    expect(await shopperFromRequest(platform, beta, withCookie(token, "http://beta-motors.localhost/"))).toBeNull();
    expect(await shopperFromRequest(platform, alpha, withCookie(null))).toBeNull();
  });

  it("rotate at sign-in: a new token, the browser's old session deleted", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000002" });
    const first = tokenOf(await startSession(platform, alpha, withCookie(null), { userId: user.id }));
    const second = tokenOf(await startSession(platform, alpha, withCookie(first), { userId: user.id }));
    expect(second).not.toBe(first);
    expect(await shopperFromRequest(platform, alpha, withCookie(first))).toBeNull();
    expect((await shopperFromRequest(platform, alpha, withCookie(second)))?.userId).toBe(user.id);
  });

  it("are Secure over HTTPS", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000003" });
    const setCookie = await startSession(platform, alpha, withCookie(null, "https://alpha.example.com/"), { userId: user.id });
    expect(setCookie).toContain("; Secure");
  });

  it("end at sign-out with a cookie that clears itself", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000004" });
    const token = tokenOf(await startSession(platform, alpha, withCookie(null), { userId: user.id }));
    const cleared = await destroySession(platform, alpha, withCookie(token));
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0`));
    expect(await shopperFromRequest(platform, alpha, withCookie(token))).toBeNull();
    expect(await destroySession(platform, alpha, withCookie(null))).toContain("Max-Age=0");
  });

  it("expire after 30 days and are pruned", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000005" });
    const t0 = new Date("2026-01-01T00:00:00Z");
    const token = await createSession(db, alpha.slug, user.id, 30 * 24 * 3600_000, t0);
    expect((await getSessionUser(db, alpha.slug, token, new Date("2026-01-30T23:00:00Z")))?.id).toBe(user.id);
    expect(await getSessionUser(db, alpha.slug, token, new Date("2026-01-31T00:00:01Z"))).toBeNull();
    const pruned = await pruneSignInRows(db, new Date("2026-02-01T00:00:00Z"));
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await db.query("SELECT 1 FROM sessions WHERE token_hash = $1", [hashSessionToken(token)])).toEqual([]);
  });

  it("prune one-time codes a day after they expired, not before", async () => {
    const t0 = new Date("2026-03-01T00:00:00Z");
    const id = await replaceOneTimeCode(db, alpha.slug, { phone: "+61412000009", codeHash: "h", details: {}, ttlMs: 600_000 }, t0);
    const left = async () => (await db.query("SELECT id FROM one_time_codes WHERE id = $1", [id])).length;
    await pruneSignInRows(db, new Date("2026-03-01T12:00:00Z"));
    expect(await left()).toBe(1);
    await pruneSignInRows(db, new Date("2026-03-02T00:11:00Z"));
    expect(await left()).toBe(0);
  });
});

describe("requireShopper", () => {
  const context = () => ({ platform, tenant: alpha, clientAddress: "203.0.113.5", nonce: "n" });

  it("returns the signed-in shopper", async () => {
    const user = await upsertUser(db, alpha.slug, { phone: "+61412000006" });
    const token = tokenOf(await startSession(platform, alpha, withCookie(null), { userId: user.id }));
    expect((await requireShopper({ request: withCookie(token), context: context() }, "garage")).userId).toBe(user.id);
  });

  it("redirects to the sign-in screen with this page and the referring page (same site only)", async () => {
    const request = withCookie(
      null,
      "http://alpha-motors.localhost/garage?sort=price&_routes=root%2Croutes%2Fgarage&_data=routes%2Fgarage",
      {
        Referer: "http://alpha-motors.localhost/cars/2022-kia-x?tab=1",
      },
    );
    const thrown = await requireShopper({ request, context: context() }, "favourites").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const location = new URL(response.headers.get("Location")!, "http://alpha-motors.localhost");
    expect(location.pathname).toBe("/sign-in");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      type: "favourites",
      redirect: "/garage?sort=price",
      back: "/cars/2022-kia-x?tab=1",
    });
  });

  it("sends back to / when the referring page is another site or missing", () => {
    const foreign = signInUrl(withCookie(null, "http://alpha-motors.localhost/garage", { Referer: "https://evil.example/x" }), "garage");
    expect(new URL(foreign, "http://x").searchParams.get("back")).toBe("/");
    const none = signInUrl(withCookie(null, "http://alpha-motors.localhost/garage"), "garage");
    expect(new URL(none, "http://x").searchParams.get("back")).toBe("/");
    const broken = signInUrl(withCookie(null, "http://alpha-motors.localhost/garage", { Referer: "not a url" }), "garage");
    expect(new URL(broken, "http://x").searchParams.get("back")).toBe("/");
  });

  it("sends back to the page the gate belongs to (the car) when there is no referring page of this site", () => {
    const direct = signInUrl(
      withCookie(null, "http://alpha-motors.localhost/cars/trade-in?car_id=a1"),
      "trade-in",
      "/cars/2020-mazda-cx-5-a1",
    );
    expect(new URL(direct, "http://x").searchParams.get("back")).toBe("/cars/2020-mazda-cx-5-a1");
    const foreign = signInUrl(
      withCookie(null, "http://alpha-motors.localhost/cars/trade-in?car_id=a1", { Referer: "https://evil.example/x" }),
      "trade-in",
      "/cars/2020-mazda-cx-5-a1",
    );
    expect(new URL(foreign, "http://x").searchParams.get("back")).toBe("/cars/2020-mazda-cx-5-a1");
    const referred = signInUrl(
      withCookie(null, "http://alpha-motors.localhost/cars/trade-in?car_id=a1", { Referer: "http://alpha-motors.localhost/search" }),
      "trade-in",
      "/cars/2020-mazda-cx-5-a1",
    );
    expect(new URL(referred, "http://x").searchParams.get("back")).toBe("/search");
    const unsafe = signInUrl(withCookie(null, "http://alpha-motors.localhost/garage"), "garage", "//evil.example/x");
    expect(new URL(unsafe, "http://x").searchParams.get("back")).toBe("/");
  });

  it("answers 404 on a host that serves no dealer", async () => {
    const thrown = await requireShopper({ request: withCookie(null), context: { platform } }, "garage").catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });
});
