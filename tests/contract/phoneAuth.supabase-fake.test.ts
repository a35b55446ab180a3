/**
 * The phone sign-in contract on the Supabase adapter, against the fake Supabase Auth (which checks
 * every request's shape), with the site's records in PGlite.
 */
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SupabasePhoneAuth } from "@server/auth/supabase";
import { migrate } from "@server/db/migrate";
import type { Database } from "@server/db/database";
import { freshPglite } from "../support/freshPglite";
import { startFakeSupabaseAuth, type FakeSupabaseAuth } from "../fakes/supabaseAuth";
import { testTenant } from "../support/testTenant";
import { emptyTables, testDatabase } from "../support/testPlatform";
import { describePhoneAuthContract } from "./phoneAuth.contract";

const fakes: FakeSupabaseAuth[] = [];

describePhoneAuthContract("Supabase (fake Supabase Auth)", async () => {
  const fake = await startFakeSupabaseAuth();
  fakes.push(fake);
  const db = await freshPglite();
  await migrate(db);
  let clock = Date.now();
  return {
    auth: new SupabasePhoneAuth({ url: fake.url, anonKey: fake.anonKey, db, now: () => new Date(clock) }),
    db,
    lastCode: async (phone) => fake.lastCode(phone),
    expireCodes: async () => fake.expireCodes(),
    advance: (ms) => {
      clock += ms;
    },
    expiredReason: "invalid-code",
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await db.close();
      await fake.close();
    },
  };
});

describe("Supabase adapter: requests and failures", () => {
  const tenant = testTenant("alpha-motors", { name: "Alpha Motors" });
  /** One database for these tests, emptied before each. */
  let db: Database;
  beforeAll(async () => {
    db = await testDatabase();
  });
  beforeEach(() => emptyTables(db));
  afterAll(async () => {
    for (const fake of fakes) await fake.close().catch(() => {});
    await db?.close();
  });

  async function setup() {
    const fake = await startFakeSupabaseAuth();
    fakes.push(fake);
    return { fake, auth: new SupabasePhoneAuth({ url: fake.url, anonKey: fake.anonKey, db }) };
  }

  it("sends signInWithOtp with the E.164 phone, channel sms and the metadata, verifyOtp with type sms, then signs out", async () => {
    const { fake, auth } = await setup();
    const sent = await auth.sendCode({
      tenant,
      phone: "0412 999 001",
      details: { first_name: "Ava", last_name: "Lee", email: "ava@example.com", dealership_slug: "not-ours" },
      clientAddress: "198.51.100.200",
    });
    expect(sent).toEqual({ ok: true, phone: "+61412999001" });
    const otp = fake.requests.find((r) => r.path === "/auth/v1/otp")!;
    expect(otp.headers.apikey).toBe(fake.anonKey);
    expect(otp.json).toMatchObject({
      phone: "+61412999001",
      channel: "sms",
      data: { first_name: "Ava", last_name: "Lee", email: "ava@example.com", website: "alpha-motors", dealership_slug: "alpha-motors" },
    });
    const verified = await auth.verifyCode({ tenant, phone: "61412999001", code: fake.lastCode("+61412999001")!, clientAddress: "x" });
    expect(verified).toMatchObject({ ok: true, shopper: { phone: "+61412999001", first_name: "Ava", email: "ava@example.com" } });
    const verify = fake.requests.find((r) => r.path === "/auth/v1/verify")!;
    expect(verify.json).toMatchObject({ phone: "+61412999001", type: "sms", token: fake.lastCode("+61412999001") });
    expect(fake.requests.map((r) => `${r.path} ${r.status}`)).toEqual(["/auth/v1/otp 200", "/auth/v1/verify 200", "/auth/v1/logout 204"]);
    expect(fake.problems()).toEqual([]);
  });

  it("answers unavailable when Supabase fails, and too-many-attempts when it limits", async () => {
    const { fake, auth } = await setup();
    fake.failNext("/auth/v1/otp", 500);
    expect(await auth.sendCode({ tenant, phone: "0412999002", details: {}, clientAddress: "a1" })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    fake.failNext("/auth/v1/otp", 429, "over_sms_send_rate_limit");
    expect(await auth.sendCode({ tenant, phone: "0412999003", details: {}, clientAddress: "a2" })).toEqual({
      ok: false,
      reason: "too-many-attempts",
    });
    expect((await auth.sendCode({ tenant, phone: "0412999004", details: {}, clientAddress: "a3" })).ok).toBe(true);
    fake.failNext("/auth/v1/verify", 503);
    const code = fake.lastCode("+61412999004")!;
    expect(await auth.verifyCode({ tenant, phone: "0412999004", code, clientAddress: "a3" })).toEqual({ ok: false, reason: "unavailable" });
    // A Supabase outage is not the shopper's wrong try: the code still works.
    expect((await auth.verifyCode({ tenant, phone: "0412999004", code, clientAddress: "a3" })).ok).toBe(true);
  });

  it("answers unavailable when Supabase cannot be reached or refuses the key", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new SupabasePhoneAuth({ url: `http://127.0.0.1:${port}`, anonKey: "k", db });
    expect(await down.sendCode({ tenant, phone: "0412999005", details: {}, clientAddress: "a4" })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    const fake = await startFakeSupabaseAuth();
    fakes.push(fake);
    const wrongKey = new SupabasePhoneAuth({ url: fake.url, anonKey: "not-the-key", db });
    expect(await wrongKey.sendCode({ tenant, phone: "0412999006", details: {}, clientAddress: "a5" })).toEqual({
      ok: false,
      reason: "unavailable",
    });
  });
});
