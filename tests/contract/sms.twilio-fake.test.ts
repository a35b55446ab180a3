/**
 * The SMS port's contract on the Twilio adapter against the fake Twilio (tests/fakes/twilioServer.ts),
 * which checks each request's shape (basic auth, the account in the path, a form with To in E.164, Body,
 * and From or MessagingServiceSid); and what only Twilio does: chosen by its three settings together, the
 * Messaging Service form, failures named with Twilio's code and never the token, and the webhook refusing
 * a reply not signed with the auth token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsSenderFromEnv } from "@server/auth";
import { TwilioSmsSender, twilioSignature } from "@server/auth/twilio";
import { parseEnv } from "@server/config/env.server";
import { hasConsent, recordConsent } from "@server/db/alertConsents";
import { action } from "~/routes/api.sms.inbound/route";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilioServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { describeSmsContract, webhookUrl } from "./sms.contract";

const tenants = [testTenant("alpha-motors"), testTenant("beta-cars")] as [ReturnType<typeof testTenant>, ReturnType<typeof testTenant>];
const FROM = "+61480000000";
let fake: FakeTwilio;
let platform: TestPlatform;
beforeAll(async () => {
  fake = await startFakeTwilio();
  platform = await testPlatform({
    tenants,
    syncSearch: false,
    settings: { TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM, TWILIO_API_URL: fake.url },
  });
});
afterAll(async () => {
  await platform.close();
  await fake.close();
});

/** A reply as Twilio posts it: a form signed with the auth token (or another token). */
function signed(tenant: (typeof tenants)[number], fields: Record<string, string>, token = fake.authToken): Request {
  const url = webhookUrl(tenant);
  const params = { AccountSid: fake.accountSid, ApiVersion: "2010-04-01", ...fields };
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilioSignature(token, url, Object.entries(params)),
    },
    body: new URLSearchParams(params),
  });
}

describeSmsContract("Twilio (fake API)", async () => ({
  sender: platform.sms,
  platform,
  tenants,
  delivered: async () => fake.messages.map(({ to, body }) => ({ to, body })),
  reply: (tenant, fields) => signed(tenant, fields),
  close: async () => {
    expect(fake.problems()).toEqual([]);
  },
}));

describe("the Twilio adapter", () => {
  it("is chosen by its three settings together, and a part of them stops start-up", () => {
    const base = { DATA_DIR: "/tmp/twilio-env-test" };
    const env = parseEnv({ ...base, TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM });
    expect(createSmsSenderFromEnv(env, { info: () => undefined }).kind).toBe("twilio");
    expect(createSmsSenderFromEnv(parseEnv(base), { info: () => undefined }).kind).toBe("outbox");
    expect(platform.sms.kind).toBe("twilio");
    expect(() => parseEnv({ ...base, TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: fake.authToken })).toThrow(/TWILIO_FROM/);
    expect(() => parseEnv({ ...base, TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => parseEnv({ ...base, TWILIO_ACCOUNT_SID: "nope", TWILIO_AUTH_TOKEN: fake.authToken, TWILIO_FROM: FROM })).toThrow(
      /TWILIO_ACCOUNT_SID/,
    );
    // The error names the variable, never its value.
    expect(() =>
      parseEnv({ ...base, TWILIO_ACCOUNT_SID: fake.accountSid, TWILIO_AUTH_TOKEN: "secret-but-bad", TWILIO_FROM: FROM }),
    ).toThrow(/^(?!.*secret-but-bad).*TWILIO_AUTH_TOKEN/);
  });

  it("posts a form with To, From and Body, basic auth with the account SID and token, to the account's Messages", async () => {
    await platform.sms.send({ to: "+61412000010", body: "Hello", tenant: "alpha-motors" });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
      status: 201,
      problems: [],
    });
    expect(request.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.form).toEqual({ To: "+61412000010", From: FROM, Body: "Hello" });
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}`);
  });

  it("sends through a Messaging Service when TWILIO_FROM is its SID", async () => {
    const service = `MG${"a".repeat(32)}`;
    const sender = new TwilioSmsSender({ accountSid: fake.accountSid, authToken: fake.authToken, from: service, apiUrl: fake.url });
    await sender.send({ to: "+61412000011", body: "Hi", tenant: "alpha-motors" });
    expect(fake.requests.at(-1)!.form).toEqual({ To: "+61412000011", MessagingServiceSid: service, Body: "Hi" });
  });

  it("a refusal or an outage fails with Twilio's status and code, never the token; it is not retried here", async () => {
    const before = fake.requests.length;
    fake.failNext({ status: 503 });
    await expect(platform.sms.send({ to: "+61412000012", body: "x", tenant: "alpha-motors" })).rejects.toThrow(
      /^Twilio: HTTP 503 error 20500/,
    );
    expect(fake.requests.length).toBe(before + 1);
    fake.failNext({ status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" });
    const refused = await platform.sms.send({ to: "+61412000012", body: "x", tenant: "alpha-motors" }).catch((e: Error) => e);
    expect(String(refused)).toMatch(/HTTP 400 error 21610: Attempt to send to unsubscribed recipient/);
    const wrongToken = new TwilioSmsSender({ accountSid: fake.accountSid, authToken: "0".repeat(32), from: FROM, apiUrl: fake.url });
    const failed = await wrongToken.send({ to: "+61412000012", body: "x", tenant: "alpha-motors" }).catch((e: Error) => e);
    expect(String(failed)).toMatch(/HTTP 401 error 20003/);
    expect(String(failed)).not.toContain("0".repeat(32));
    expect(String(failed)).not.toContain(fake.authToken);
    fake.requests.splice(before); // the refusals above were on purpose
  });

  it("the webhook refuses a reply not signed with the auth token, or unsigned, and records nothing", async () => {
    const mobile = "+61412000013";
    await recordConsent(platform.db, {
      tenant: "alpha-motors",
      phone: mobile,
      channel: "sms",
      address: mobile,
      given: true,
      source: "garage",
    });
    const context = { platform, tenant: tenants[0], clientAddress: "203.0.113.9" };
    const forged = signed(tenants[0], { From: mobile, Body: "STOP" }, "1".repeat(32));
    expect(((await action({ request: forged, params: {}, context })) as Response).status).toBe(403);
    const unsigned = new Request(webhookUrl(tenants[0]), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ From: mobile, Body: "STOP" }),
    });
    expect(((await action({ request: unsigned, params: {}, context })) as Response).status).toBe(403);
    expect(await hasConsent(platform.db, "alpha-motors", "sms", mobile)).toBe(true);
  });
});
