/**
 * Each delivery channel against a fake of the service it talks to: the CRM webhook (request shape,
 * signature, idempotency key, failures), the dealer's SMTP relay (recipient, headers, ADF attachment,
 * refusals) and, without SMTP_URL, the .eml file; and the ADF file written whole under one name.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "~/domain/vehicle";
import type { StoredLead } from "@server/db/leads";
import { buildAdf } from "@server/leads/adf";
import { adfFileChannel, adfPath } from "@server/leads/channels/adfFile";
import { EmailChannel, emlPath, headerText } from "@server/leads/channels/email";
import type { DeliveryContext } from "@server/leads/channels/types";
import { postToCrm, webhookChannel } from "@server/leads/channels/webhook";
import { verifySignature } from "@server/leads/signature";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeCrm, type FakeCrm } from "../fakes/crmServer";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtpServer";
import { testVehicle } from "../support/testVehicle";
import { leadEnv, leadFiles, leadTenant, partialFiles, storedLead, tempDir } from "./support";
import { adfProblems, child, parseXml } from "./xml";

const car = testVehicle({ id: "car-1", slug: "2022-toyota-hilux-sr5-car-1" });

function context(
  overrides: { lead?: StoredLead; vehicle?: Vehicle | null; tenant?: TenantConfig; env?: DeliveryContext["env"] } & { dataDir: string },
): DeliveryContext {
  const lead = overrides.lead ?? storedLead();
  const vehicle = overrides.vehicle === undefined ? car : overrides.vehicle;
  const tenant = overrides.tenant ?? leadTenant();
  return {
    lead,
    vehicle,
    tenant,
    env: overrides.env ?? leadEnv(overrides.dataDir),
    adf: () => buildAdf({ lead, vehicle, tenant }),
    signal: new AbortController().signal,
  };
}

let dataDir = tempDir("channels");
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = tempDir("channels");
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("CRM webhook", () => {
  let crm: FakeCrm;
  beforeAll(async () => {
    crm = await startFakeCrm({ secret: "crm-secret" });
  });
  afterEach(() => {
    crm.requests.length = 0;
    crm.plan([]);
    crm.defaultStatus = 200;
  });
  afterAll(() => crm.close());

  const withCrm = (extra: Record<string, string> = {}) =>
    leadEnv(dataDir, { CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: "crm-secret", ...extra });

  it("posts the lead and its car as JSON, signed, with the lead id as idempotency key", async () => {
    const lead = storedLead();
    await webhookChannel.deliver(context({ dataDir, lead, env: withCrm() }));
    expect(crm.requests).toHaveLength(1);
    const [request] = crm.requests;
    expect(request.problems).toEqual([]);
    expect(request.headers["idempotency-key"]).toBe(lead.id);
    expect(request.headers["x-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature("crm-secret", request.body, request.headers["x-signature"] as string)).toBe(true);
    expect(request.json).toEqual({
      event: "lead.created",
      lead,
      dealer: { slug: "alpha", name: "Alpha Motor Group" },
      dealership: { id: "d2", slug: "alpha-north", name: "Alpha North Toyota" },
      car: expect.objectContaining({
        id: "car-1",
        title: "2022 Toyota HiLux SR5 GUN126R",
        stock_number: "T1001",
        vin: "MR0HA3CD100123456",
        price: 54990,
        url: "https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-car-1",
      }),
    });
  });

  it("a dealer's own webhook is signed with the secret its tenant.json names", async () => {
    const own = await startFakeCrm({ secret: "alpha-only", path: "/alpha" });
    try {
      const tenant = leadTenant("alpha", { leadDelivery: { webhook: { url: own.url, secretEnv: "CRM_WEBHOOK_SECRET_ALPHA" } } });
      await webhookChannel.deliver(context({ dataDir, tenant, env: withCrm({ CRM_WEBHOOK_SECRET_ALPHA: "alpha-only" }) }));
      expect(own.requests.map((r) => r.problems)).toEqual([[]]);
      expect(crm.requests).toHaveLength(0);
    } finally {
      await own.close();
    }
  });

  it("without a secret the lead is posted unsigned", async () => {
    const open = await startFakeCrm({ secret: null });
    try {
      await webhookChannel.deliver(context({ dataDir, env: leadEnv(dataDir, { CRM_WEBHOOK_URL: open.url }) }));
      expect(open.requests.map((r) => r.problems)).toEqual([[]]);
      expect(open.requests[0].headers["x-signature"]).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it("a wrong secret is what the CRM would refuse (the fake checks signatures)", async () => {
    await webhookChannel.deliver(context({ dataDir, env: withCrm({ CRM_WEBHOOK_SECRET: "wrong" }) }));
    expect(crm.requests[0].problems).toEqual(["signature missing or wrong"]);
  });

  it("any answer but 2xx is a failure naming the status", async () => {
    crm.plan([500, 404, 429]);
    for (const status of [500, 404, 429]) {
      await expect(webhookChannel.deliver(context({ dataDir, env: withCrm() }))).rejects.toThrow(
        new RegExp(`^CRM webhook answered HTTP ${status}: `),
      );
    }
  });

  it("a redirect is a failure: the signed lead is not sent anywhere else", async () => {
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(302, { Location: crm.url });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/leads`;
      await expect(postToCrm({ url, secret: "s" }, "{}", "lead-1", new AbortController().signal)).rejects.toThrow(/HTTP 302/);
      expect(crm.requests).toHaveLength(0);
    } finally {
      redirecting.close();
    }
  });

  it("a CRM that does not answer times out", async () => {
    crm.hold();
    try {
      await expect(
        postToCrm({ url: crm.url, secret: "crm-secret" }, '{"lead":{"id":"l"}}', "l", new AbortController().signal, 300),
      ).rejects.toThrow("CRM webhook unreachable: no answer within 0.3 s");
    } finally {
      crm.release();
    }
  });

  it("a CRM that is down is a failure naming why", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(postToCrm({ url: `http://127.0.0.1:${port}/`, secret: null }, "{}", "l", new AbortController().signal)).rejects.toThrow(
      /^CRM webhook unreachable: .*ECONNREFUSED/,
    );
  });
});

describe("lead e-mail", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: "dealer-relay", password: "p@ss word" });
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });
  afterAll(() => smtp.close());

  it("goes over SMTP_URL to the dealership's address, from the website, with the ADF attached", async () => {
    const channel = new EmailChannel(smtp.url);
    const lead = storedLead();
    try {
      await channel.deliver(context({ dataDir, lead, env: leadEnv(dataDir, { SMTP_URL: smtp.url }) }));
    } finally {
      channel.close();
    }
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail.to).toEqual(["north@alpha.example.com.au"]);
    expect(mail.from).toBe("leads@alpha.example.com.au");
    const { parsed } = mail;
    expect(parsed.subject).toBe("New lead: Vehicle Enquiry - 2022 Toyota HiLux SR5 GUN126R (stock T1001) from Sam Nguyen");
    expect(parsed.from?.value).toEqual([{ name: "Alpha Motor Group website", address: "leads@alpha.example.com.au" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "Sam Nguyen", address: "sam@example.com" }]);
    expect(parsed.messageId).toBe(`<lead-${lead.id}@alpha.example.com.au>`);
    expect(parsed.headers.get("x-lead-id")).toBe(lead.id);
    expect(parsed.text).toContain("Car: 2022 Toyota HiLux SR5 GUN126R (stock T1001)");
    expect(parsed.text).toContain("Is it still available?");
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment.filename).toBe(`lead-${lead.id}.xml`);
    expect(attachment.contentType).toBe("text/xml");
    const adf = parseXml(attachment.content.toString("utf8"));
    expect(adfProblems(adf.root)).toEqual([]);
    expect(child(child(adf.root, "prospect"), "id").text).toBe(lead.id);
  });

  it("nothing a shopper types can add a header: line breaks never reach one", async () => {
    const channel = new EmailChannel(smtp.url);
    // Not normalised on purpose: the channel must be safe on its own.
    const lead = storedLead({
      name: "Sam\r\nBcc: victim@example.com",
      last_name: "X\nSubject: hacked",
      email: "sam@example.com\r\nCc: other@example.com",
      category: "Used\r\nX-Injected: 1",
      subcategory: "",
    });
    try {
      await channel.deliver(context({ dataDir, lead, env: leadEnv(dataDir, { SMTP_URL: smtp.url }) }));
    } finally {
      channel.close();
    }
    const [mail] = smtp.messages;
    expect(mail.to).toEqual(["north@alpha.example.com.au"]);
    const { parsed } = mail;
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("cc")).toBe(false);
    expect(parsed.headers.has("x-injected")).toBe(false);
    expect(parsed.replyTo).toBeUndefined(); // not a plain address
    expect(parsed.subject).toBe(
      "New lead: Used X-Injected: 1 - 2022 Toyota HiLux SR5 GUN126R (stock T1001) from Sam Bcc: victim@example.com X Subject: hacked",
    );
    const headerBlock = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
    expect(headerText("a\r\nb\u0085c\u2028d")).toBe("a b c d");
  });

  it("an SMTP refusal is a failure naming it, and the next attempt goes through", async () => {
    const channel = new EmailChannel(smtp.url);
    smtp.refuseNext(1);
    try {
      await expect(channel.deliver(context({ dataDir, env: leadEnv(dataDir, { SMTP_URL: smtp.url }) }))).rejects.toThrow(/^SMTP: .*451/);
      await channel.deliver(context({ dataDir, env: leadEnv(dataDir, { SMTP_URL: smtp.url }) }));
    } finally {
      channel.close();
    }
    expect(smtp.messages).toHaveLength(1);
  });

  it("wrong SMTP credentials are a failure", async () => {
    const url = smtp.url.replace("p%40ss%20word", "nope");
    const channel = new EmailChannel(url);
    try {
      await expect(channel.deliver(context({ dataDir, env: leadEnv(dataDir, { SMTP_URL: url }) }))).rejects.toThrow(/^SMTP: /);
    } finally {
      channel.close();
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it("without SMTP_URL the same message is written as <lead-id>.eml beside the ADF file", async () => {
    const channel = new EmailChannel(undefined);
    const lead = storedLead();
    await channel.deliver(context({ dataDir, lead }));
    const file = emlPath({ dataDir }, "alpha", lead.id);
    expect(file).toBe(path.join(dataDir, "leads", "alpha", `${lead.id}.eml`));
    const raw = fs.readFileSync(file, "utf8");
    expect(raw).toMatch(/\r\n/); // a real RFC 5322 message, as mail programs expect
    const parsed = await simpleParser(raw);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([{ name: "", address: "north@alpha.example.com.au" }]);
    expect(parsed.subject).toContain("New lead: Vehicle Enquiry");
    expect(parsed.attachments.map((a) => a.filename)).toEqual([`lead-${lead.id}.xml`]);
    expect(adfProblems(parseXml(parsed.attachments[0].content.toString("utf8")).root)).toEqual([]);
    // Delivered again (a retry after a crash): the same file, replaced.
    await channel.deliver(context({ dataDir, lead }));
    expect(leadFiles(dataDir, "alpha")).toEqual([`${lead.id}.eml`]);
  });
});

describe("ADF file", () => {
  it("is written to DATA_DIR/leads/<dealer>/<lead-id>.xml; a second delivery replaces it, leaving no temporary file", async () => {
    const lead = storedLead();
    await adfFileChannel.deliver(context({ dataDir, lead }));
    const file = adfPath({ dataDir }, "alpha", lead.id);
    const first = fs.readFileSync(file, "utf8");
    expect(adfProblems(parseXml(first).root)).toEqual([]);
    await adfFileChannel.deliver(context({ dataDir, lead: { ...lead, message: "Second copy" } }));
    expect(fs.readFileSync(file, "utf8")).toContain("Second copy");
    expect(leadFiles(dataDir, "alpha")).toEqual([`${lead.id}.xml`]);
    expect(partialFiles(dataDir, "alpha")).toEqual([]);
  });

  it("a half-written file of a process that died is removed by the next write; one being written is left alone", async () => {
    const partial = path.join(dataDir, "leads", "alpha", ".partial");
    fs.mkdirSync(partial, { recursive: true });
    const dead = `other.xml.${2 ** 22 + 4321}.0123456789ab.tmp`; // no such process
    const alive = `other.xml.${process.ppid}.0123456789ab.tmp`;
    fs.writeFileSync(path.join(partial, dead), "<adf>");
    fs.writeFileSync(path.join(partial, alive), "<adf>");
    await adfFileChannel.deliver(context({ dataDir }));
    expect(partialFiles(dataDir, "alpha")).toEqual([alive]);
  });

  it("a failed write leaves neither the final file nor a temporary one", async () => {
    const lead = storedLead();
    // The final name is taken by a folder: the rename fails.
    fs.mkdirSync(path.join(dataDir, "leads", "alpha", `${lead.id}.xml`), { recursive: true });
    await expect(adfFileChannel.deliver(context({ dataDir, lead }))).rejects.toThrow();
    expect(partialFiles(dataDir, "alpha")).toEqual([]);
  });
});
