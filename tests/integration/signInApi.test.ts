/**
 * The sign-in endpoints through their real route modules, on an embedded database: POST /api/rate-limit
 * (may a code be sent now? it spends nothing) and GET /api/check-if-contact-exists (exists only,
 * limited per address so it cannot enumerate a dealer's customers).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as rateLimitAction, loader as rateLimitLoader } from "~/routes/api.rate-limit/route";
import { loader as contactLoader } from "~/routes/api.check-if-contact-exists/route";
import { CONTACT_CHECKS_PER_ADDRESS, CODE_SENDS_PER_ADDRESS } from "@server/auth/limits";
import { upsertUser } from "@server/db/accounts";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { loadTenantsFromDir } from "@server/tenants/registry";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";

const DEALER = "alpha-motors";
const OTHER = "beta-motors";
let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
  const tenantsDir = writeTenantsDir([minimalTenantInput(DEALER), minimalTenantInput(OTHER)]);
  platform = await testPlatform({
    db,
    tenants: loadTenantsFromDir(tenantsDir),
    defaultTenant: DEALER,
    settings: { TENANTS_DIR: tenantsDir },
  });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
});

beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

const tenant = (slug = DEALER) => platform.tenants.get(slug)!;

function call<T>(handler: (args: T) => Promise<Response>, request: Request, clientAddress: string) {
  return handler({ request, context: contextFor(platform, request, { clientAddress }), params: {} } as T);
}

const rateLimit = (body: BodyInit, clientAddress: string, headers: Record<string, string> = {}) =>
  call<ActionFunctionArgs>(
    rateLimitAction,
    new Request(`http://${DEALER}.localhost/api/rate-limit`, { method: "POST", body, headers }),
    clientAddress,
  );

const contactCheck = (phone: string, clientAddress: string, host = `${DEALER}.localhost`) =>
  call<LoaderFunctionArgs>(
    contactLoader,
    new Request(`http://${host}/api/check-if-contact-exists?phone_number=${encodeURIComponent(phone)}`),
    clientAddress,
  );

describe("POST /api/rate-limit", () => {
  it("answers ok while a code may be sent, and asking spends nothing", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await rateLimit(new URLSearchParams({ phone: "0412 700 001" }), "198.51.100.1");
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await res.json()).toEqual({ ok: true });
    }
  });

  it("answers 429 { ok: false } with Retry-After within 60 s of a code, for every form of the phone", async () => {
    const sent = await platform.auth.sendCode({ tenant: tenant(), phone: "0412700002", details: {}, clientAddress: "198.51.100.2" });
    expect(sent.ok).toBe(true);
    for (const form of ["0412700002", "+61412700002", "61412700002"]) {
      const res = await rateLimit(JSON.stringify({ phone: form }), "198.51.100.2", { "Content-Type": "application/json" });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ ok: false });
    }
    // Another dealer's allowance is its own.
    const elsewhere = await call<ActionFunctionArgs>(
      rateLimitAction,
      new Request(`http://${OTHER}.localhost/api/rate-limit`, { method: "POST", body: new URLSearchParams({ phone: "0412700002" }) }),
      "198.51.100.2",
    );
    expect(elsewhere.status).toBe(200);
  });

  it("answers 429 when the shopper's address has had its codes for the hour", async () => {
    const address = "198.51.100.3";
    for (let i = 0; i < CODE_SENDS_PER_ADDRESS.max; i++) {
      const phone = `04127100${String(i).padStart(2, "0")}`;
      expect((await platform.auth.sendCode({ tenant: tenant(), phone, details: {}, clientAddress: address })).ok).toBe(true);
    }
    expect((await rateLimit(new URLSearchParams({ phone: "0412720000" }), address)).status).toBe(429);
    expect((await rateLimit(new URLSearchParams({ phone: "0412720000" }), "198.51.100.4")).status).toBe(200);
    const refused = await platform.auth.sendCode({ tenant: tenant(), phone: "0412720000", details: {}, clientAddress: address });
    expect(refused).toEqual({ ok: false, reason: "too-many-attempts" });
  });

  it("answers 400 for a missing or non-mobile phone and an unreadable body, 405 for GET", async () => {
    for (const body of [new URLSearchParams({ phone: "02 9000 0000" }), new URLSearchParams({}), "{not json"]) {
      const res = await rateLimit(body, "198.51.100.5", typeof body === "string" ? { "Content-Type": "application/json" } : {});
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ ok: false });
    }
    expect((await rateLimitLoader()).status).toBe(405);
  });
});

describe("GET /api/check-if-contact-exists", () => {
  it("says whether the dealer has a shopper with the mobile, in any form, and nothing else", async () => {
    await upsertUser(db, DEALER, { phone: "+61412730001", first_name: "Ava", email: "ava@example.com" });
    for (const form of ["0412730001", "+61412730001", "61412730001", "0412 730 001"]) {
      const res = await contactCheck(form, "198.51.100.10");
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await res.json()).toEqual({ exists: true });
    }
    expect(await (await contactCheck("0412730002", "198.51.100.10")).json()).toEqual({ exists: false });
    expect(await (await contactCheck("not a phone", "198.51.100.10")).json()).toEqual({ exists: false });
    expect(await (await contactCheck("0412730001", "198.51.100.10", `${OTHER}.localhost`)).json()).toEqual({ exists: false });
  });

  it("refuses an address after its look-ups for the hour, with Retry-After", async () => {
    const address = "198.51.100.11";
    for (let i = 0; i < CONTACT_CHECKS_PER_ADDRESS.max; i++)
      expect((await contactCheck(`04127400${String(i).padStart(2, "0")}`, address)).status).toBe(200);
    const refused = await contactCheck("0412740099", address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect((await contactCheck("0412740099", "198.51.100.12")).status).toBe(200);
  });

  it("is not limited with RATE_LIMITS=off (a test server's browsers all come from one address)", async () => {
    const limited = platform;
    platform = { ...limited, env: { ...limited.env, RATE_LIMITS: "off" } };
    try {
      for (let i = 0; i < CONTACT_CHECKS_PER_ADDRESS.max + 2; i++)
        expect((await contactCheck("0412750000", "198.51.100.13")).status).toBe(200);
    } finally {
      platform = limited;
    }
  });
});
