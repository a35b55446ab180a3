/**
 * The Supabase adapter against a real Supabase project, when SUPABASE_URL and SUPABASE_ANON_KEY are
 * set with a test phone number configured in the project (Authentication > Phone > test phone numbers:
 * SUPABASE_TEST_PHONE with its fixed code SUPABASE_TEST_OTP, so no real SMS is sent or read). Skipped,
 * visibly, otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SupabasePhoneAuth } from "@server/auth/supabase";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { testTenant } from "../support/testTenant";

const { SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_TEST_PHONE, SUPABASE_TEST_OTP } = process.env;
const live = Boolean(SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_TEST_PHONE && SUPABASE_TEST_OTP);

if (!live) {
  describe("phone sign-in: Supabase (live project)", () => {
    it.skip("runs when SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_TEST_PHONE and SUPABASE_TEST_OTP are set", () => {});
  });
} else {
  describe("phone sign-in: Supabase (live project)", () => {
    const tenant = testTenant("alpha-motors", { name: "Alpha Motors" });
    let db: Database;
    let auth: SupabasePhoneAuth;
    beforeAll(async () => {
      db = await freshPglite();
      await migrate(db);
      auth = new SupabasePhoneAuth({ url: SUPABASE_URL!, anonKey: SUPABASE_ANON_KEY!, db });
    });
    afterAll(async () => {
      await db?.close();
    });

    it("sends a code to the test phone, refuses a wrong one and takes the right one", async () => {
      const sent = await auth.sendCode({
        tenant,
        phone: SUPABASE_TEST_PHONE!,
        details: { first_name: "Test" },
        clientAddress: "192.0.2.50",
      });
      expect(sent.ok).toBe(true);
      const wrong = String((Number(SUPABASE_TEST_OTP) + 1) % 1_000_000).padStart(6, "0");
      expect(await auth.verifyCode({ tenant, phone: SUPABASE_TEST_PHONE!, code: wrong, clientAddress: "192.0.2.50" })).toEqual({
        ok: false,
        reason: "invalid-code",
      });
      const verified = await auth.verifyCode({
        tenant,
        phone: SUPABASE_TEST_PHONE!,
        code: SUPABASE_TEST_OTP!,
        clientAddress: "192.0.2.50",
      });
      expect(verified.ok).toBe(true);
    });
  });
}
