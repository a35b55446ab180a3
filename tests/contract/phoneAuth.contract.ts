/**
 * The phone sign-in contract (server/auth/port.ts): every adapter — embedded (PGlite, PostgreSQL) and
 * Supabase (against the fake Supabase Auth) — must pass it. Each case uses its own phone and address
 * so the allowances of one case never decide another.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhoneAuth, SignInRefusal } from "@server/auth/port";
import { listVerifications } from "@server/db/accounts";
import { listAnalyticsEvents } from "@server/db/activity";
import type { Database } from "@server/db/database";
import { testTenant } from "../support/testTenant";

export interface PhoneAuthHarness {
  auth: PhoneAuth;
  db: Database;
  /** The code last "sent" to this E.164 phone. */
  lastCode(phone: string): Promise<string | null>;
  /** Makes every code sent so far expired. */
  expireCodes(): Promise<void>;
  /** Moves the adapter's clock (allowances, codes) forward. */
  advance(ms: number): void;
  /** What an expired code is refused with: Supabase answers a wrong and an expired code alike. */
  expiredReason: SignInRefusal;
  close(): Promise<void>;
}

const tenant = testTenant("alpha-motors", {
  name: "Alpha Motors",
  dealerships: [
    { id: "d1", slug: "alpha-motors", name: "Alpha Motors" },
    { id: "d2", slug: "alpha-motors-west", name: "Alpha Motors West" },
  ],
});
const other = testTenant("beta-motors", { name: "Beta Motors" });

let next = 0;
/** A fresh mobile and shopper address per case. */
function shopper() {
  next += 1;
  const n = String(10_000 + next).padStart(8, "0");
  return { local: `04${n}`, e164: `+614${n}`, address: `198.51.100.${next}` };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

export function describePhoneAuthContract(name: string, setup: () => Promise<PhoneAuthHarness>) {
  describe(`phone sign-in contract: ${name}`, () => {
    let h: PhoneAuthHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    async function send(phone: string, address: string, details = {}) {
      return h.auth.sendCode({ tenant, phone, details, clientAddress: address });
    }
    const verify = (phone: string, code: string, address = "192.0.2.1", on = tenant) =>
      h.auth.verifyCode({ tenant: on, phone, code, clientAddress: address });

    it("sends a code and verifies it: the dealer's user row, a verification row and an event each", async () => {
      const s = shopper();
      const sent = await send(s.local, s.address, {
        first_name: "Ava",
        last_name: "Nguyen",
        email: "ava@example.com",
        dealership_slug: "alpha-motors-west",
      });
      expect(sent).toEqual({ ok: true, phone: s.e164 });
      const code = await h.lastCode(s.e164);
      expect(code).toMatch(/^\d{6}$/);
      const verified = await verify(s.local, code!);
      expect(verified).toEqual({
        ok: true,
        shopper: { userId: expect.any(String), phone: s.e164, first_name: "Ava", last_name: "Nguyen", email: "ava@example.com" },
      });
      const rows = (await listVerifications(h.db, tenant.slug)).filter((v) => v.dealership_slug === "alpha-motors-west");
      expect(rows.map((v) => v.verification_type)).toEqual(["sms", "verify"]);
      expect(rows[1].user_id).toBe(verified.ok ? verified.shopper.userId : null);
      const events = (await listAnalyticsEvents(h.db, tenant.slug)).map((e) => e.event_id);
      expect(events).toEqual(expect.arrayContaining([36, 37]));
    });

    it("refuses a phone that is not an Australian mobile", async () => {
      expect(await send("02 9000 0000", "192.0.2.9")).toEqual({ ok: false, reason: "invalid-phone" });
      expect(await verify("12345", "123456")).toEqual({ ok: false, reason: "invalid-phone" });
    });

    it("refuses a wrong code, then takes the right one", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      expect(await verify(s.local, wrongCode(code))).toEqual({ ok: false, reason: "invalid-code" });
      expect(await verify(s.local, "12ab56")).toEqual({ ok: false, reason: "invalid-code" });
      expect((await verify(s.local, code)).ok).toBe(true);
    });

    it("blocks the sixth try after five wrong codes, even with the right code", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      for (let i = 0; i < 5; i++) expect(await verify(s.local, wrongCode(code))).toEqual({ ok: false, reason: "invalid-code" });
      expect(await verify(s.local, code)).toEqual({ ok: false, reason: "too-many-attempts" });
    });

    it("keeps the five wrong codes per phone across new codes within the hour", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const first = (await h.lastCode(s.e164))!;
      for (let i = 0; i < 3; i++) await verify(s.local, wrongCode(first));
      h.advance(61_000);
      expect((await send(s.local, s.address)).ok).toBe(true);
      const second = (await h.lastCode(s.e164))!;
      for (let i = 0; i < 2; i++) expect(await verify(s.local, wrongCode(second))).toEqual({ ok: false, reason: "invalid-code" });
      expect(await verify(s.local, second)).toEqual({ ok: false, reason: "too-many-attempts" });
    });

    it("refuses an expired code", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      await h.expireCodes();
      expect(await verify(s.local, code)).toEqual({ ok: false, reason: h.expiredReason });
    });

    it("refuses a code used once already", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      expect((await verify(s.local, code)).ok).toBe(true);
      expect(await verify(s.local, code)).toEqual({ ok: false, reason: "invalid-code" });
    });

    it("lets two simultaneous right answers sign in once", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      const results = await Promise.all([verify(s.local, code), verify(s.e164, code), verify(s.local, code)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });

    it("refuses a new code within 60 s and sends one after", async () => {
      const s = shopper();
      expect((await send(s.local, s.address)).ok).toBe(true);
      expect(await send(s.local, s.address)).toEqual({ ok: false, reason: "too-many-attempts" });
      h.advance(61_000);
      expect((await send(s.local, s.address)).ok).toBe(true);
    });

    it("sends at most five codes per phone an hour", async () => {
      const s = shopper();
      for (let i = 0; i < 5; i++) {
        expect((await send(s.local, `${s.address}${i}`)).ok).toBe(true);
        h.advance(61_000);
      }
      expect(await send(s.local, s.address)).toEqual({ ok: false, reason: "too-many-attempts" });
    });

    it("treats 0412..., +61412... and 61412... as one phone", async () => {
      const s = shopper();
      expect(await send(s.e164.replace("+", ""), s.address)).toEqual({ ok: true, phone: s.e164 });
      expect(await send(s.local.replace(/^(\d{4})(\d{3})/, "$1 $2 "), s.address)).toEqual({ ok: false, reason: "too-many-attempts" });
      const code = (await h.lastCode(s.e164))!;
      const verified = await verify(`+61 ${s.e164.slice(3, 6)} ${s.e164.slice(6)}`, code);
      expect(verified.ok && verified.shopper.phone).toBe(s.e164);
    });

    it("keeps dealers apart: a code sent on one dealer's site does not sign in on another's", async () => {
      const s = shopper();
      await send(s.local, s.address);
      const code = (await h.lastCode(s.e164))!;
      const elsewhere = await verify(s.local, code, "192.0.2.1", other);
      expect(elsewhere.ok).toBe(false);
    });
  });
}
