/**
 * The SMS port's contract on the embedded outbox (DATA_DIR/sms-outbox.jsonl), and what only it does: the
 * webhook takes an unsigned reply while Twilio is not configured (a developer replying by curl).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxSmsSender, SMS_OUTBOX_FILE } from "@server/auth/sms";
import { hasConsent, recordConsent } from "@server/db/alertConsents";
import { action, loader } from "~/routes/api.sms.inbound/route";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { describeSmsContract, webhookUrl } from "./sms.contract";

const tenants = [testTenant("alpha-motors"), testTenant("beta-cars")] as [ReturnType<typeof testTenant>, ReturnType<typeof testTenant>];
let platform: TestPlatform;
beforeAll(async () => {
  platform = await testPlatform({ tenants, syncSearch: false });
});
afterAll(() => platform.close());

const unsigned = (tenant: (typeof tenants)[number], fields: Record<string, string>) =>
  new Request(webhookUrl(tenant), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

describeSmsContract("embedded outbox", async () => {
  const file = path.join(platform.env.dataDir, SMS_OUTBOX_FILE);
  return {
    sender: platform.sms,
    platform,
    tenants,
    delivered: async () =>
      fs.existsSync(file)
        ? fs
            .readFileSync(file, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as { to: string; body: string })
            .map(({ to, body }) => ({ to, body }))
        : [],
    reply: unsigned,
    close: async () => undefined,
  };
});

describe("the embedded outbox", () => {
  it("is the platform's SMS port without Twilio, one JSON line per message", async () => {
    expect(platform.sms).toBeInstanceOf(OutboxSmsSender);
    await platform.sms.send({ to: "+61412000099", body: "hello", tenant: "alpha-motors" });
    const last = JSON.parse(fs.readFileSync(path.join(platform.env.dataDir, SMS_OUTBOX_FILE), "utf8").trim().split("\n").at(-1)!);
    expect(last).toMatchObject({ to: "+61412000099", body: "hello", tenant: "alpha-motors" });
  });

  it("the webhook takes an unsigned reply (Twilio is not configured) and answers GET with 405", async () => {
    const mobile = "+61412000098";
    await recordConsent(platform.db, {
      tenant: "alpha-motors",
      phone: mobile,
      channel: "sms",
      address: mobile,
      given: true,
      source: "garage",
    });
    const request = unsigned(tenants[0], { From: mobile, Body: "STOP" });
    const answer = (await action({
      request,
      params: {},
      context: { platform, tenant: tenants[0], clientAddress: "127.0.0.1" },
    })) as Response;
    expect(answer.status).toBe(200);
    expect(await hasConsent(platform.db, "alpha-motors", "sms", mobile)).toBe(false);
    expect(loader().status).toBe(405);
  });
});
