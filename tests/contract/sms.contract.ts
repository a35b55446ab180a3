/**
 * The SMS port's contract (server/auth/sms.ts `SmsSender`, docs/alerts.md): the embedded outbox and the
 * Twilio adapter (against the fake Twilio, tests/fakes/twilioServer.ts) must both pass it. A message to an
 * E.164 mobile arrives whole (several lines, any characters); a number not in E.164 is refused and nothing
 * is sent; and a shopper's STOP reply, as that provider posts it to /api/sms/inbound, withdraws the
 * mobile's SMS consent at once, answered with empty TwiML, while other replies and nonsense change nothing
 * and never get a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentHistory, hasConsent, recordConsent } from "@server/db/alertConsents";
import type { SmsSender } from "@server/auth/sms";
import type { TenantConfig } from "@server/tenants/schema";
import { action, EMPTY_TWIML } from "~/routes/api.sms.inbound/route";
import type { TestPlatform } from "../support/testPlatform";

export interface SmsHarness {
  sender: SmsSender;
  /** What the provider accepted (or the outbox holds), oldest first. */
  delivered(): Promise<{ to: string; body: string }[]>;
  /** A platform whose SMS port is this adapter, and its dealers. */
  platform: TestPlatform;
  tenants: [TenantConfig, TenantConfig];
  /** A reply as this provider posts it to the dealer's webhook. */
  reply(tenant: TenantConfig, fields: Record<string, string>): Request;
  close(): Promise<void>;
}

export const webhookUrl = (tenant: TenantConfig) => `http://${tenant.slug}.localhost/api/sms/inbound`;

export function describeSmsContract(name: string, setup: () => Promise<SmsHarness>) {
  describe(`SMS port contract: ${name}`, () => {
    let harness: SmsHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.close();
    });
    const post = (tenant: TenantConfig, fields: Record<string, string>) =>
      action({
        request: harness.reply(tenant, fields),
        params: {},
        context: { platform: harness.platform, tenant, clientAddress: "203.0.113.9" },
      }) as Promise<Response>;

    it("delivers a message to an E.164 mobile whole: several lines, any characters", async () => {
      const body = "Alpha Motors: New arrival — 2023 GWM Haval Jolion, $31,990. https://alpha.example/cars/c1\nReply STOP to opt out";
      await harness.sender.send({ to: "+61412000001", body, tenant: "alpha-motors" });
      expect((await harness.delivered()).filter((m) => m.to === "+61412000001")).toEqual([{ to: "+61412000001", body }]);
    });

    it("refuses a number not in E.164 and sends nothing", async () => {
      const before = (await harness.delivered()).length;
      for (const to of ["0412000002", "+0412000002", "61412000002", "+61 412 000 002", ""])
        await expect(harness.sender.send({ to, body: "x", tenant: "alpha-motors" })).rejects.toThrow(/E\.164/);
      expect(await harness.delivered()).toHaveLength(before);
    });

    it("a STOP reply withdraws the mobile's SMS consent at once, with every dealer that had it, answered with empty TwiML", async () => {
      const [alpha, beta] = harness.tenants;
      const { db } = harness.platform;
      const mobile = "+61412000003";
      for (const tenant of [alpha, beta])
        await recordConsent(db, {
          tenant: tenant.slug,
          phone: mobile,
          channel: "sms",
          address: mobile,
          given: true,
          source: "save-search",
        });
      const answer = await post(alpha, { From: mobile, To: "+61400000000", Body: "  stop \n" });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/xml/);
      expect(await answer.text()).toBe(EMPTY_TWIML);
      expect(await hasConsent(db, alpha.slug, "sms", mobile)).toBe(false);
      expect(await hasConsent(db, beta.slug, "sms", mobile)).toBe(false);
      expect((await consentHistory(db, alpha.slug, mobile))[0]).toMatchObject({ given: false, source: "sms-stop", channel: "sms" });
    });

    it.each(["STOPALL", "Unsubscribe", "cancel", "END", "quit"])("%s stops messages too", async (word) => {
      const [alpha] = harness.tenants;
      const mobile = `+6141200${String(word.length).padStart(2, "0")}${word.charCodeAt(0)}`;
      await recordConsent(harness.platform.db, {
        tenant: alpha.slug,
        phone: mobile,
        channel: "sms",
        address: mobile,
        given: true,
        source: "save-search",
      });
      expect((await post(alpha, { From: mobile, To: "+61400000000", Body: word })).status).toBe(200);
      expect(await hasConsent(harness.platform.db, alpha.slug, "sms", mobile)).toBe(false);
    });

    it("any other reply changes nothing; nonsense is a 400, never a 500", async () => {
      const [alpha] = harness.tenants;
      const mobile = "+61412000004";
      await recordConsent(harness.platform.db, {
        tenant: alpha.slug,
        phone: mobile,
        channel: "sms",
        address: mobile,
        given: true,
        source: "save-search",
      });
      for (const Body of ["Is it still available?", "stop it please", "", "STOP STOP"])
        expect((await post(alpha, { From: mobile, To: "+61400000000", Body })).status).toBe(200);
      expect(await hasConsent(harness.platform.db, alpha.slug, "sms", mobile)).toBe(true);
      expect((await post(alpha, { To: "+61400000000", Body: "STOP" })).status).toBe(400);
      expect((await post(alpha, { From: "0412 000 004", To: "+61400000000", Body: "STOP" })).status).toBe(400);
      expect(await hasConsent(harness.platform.db, alpha.slug, "sms", mobile)).toBe(true);
    });
  });
}
