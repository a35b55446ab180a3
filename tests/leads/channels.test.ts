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
import { adfFileChannel, adfPath } from "@server/leads/channels/adfFile";
import { EmailChannel, emlPath, headerText, LeadMailer } from "@server/leads/channels/email";
import type { DeliveryContext } from "@server/leads/channels/types";
import { postToCrm, webhookChannel } from "@server/leads/channels/webhook";
import { verifySignature } from "@server/leads/signature";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeCrm, type FakeCrm } from "../fakes/crmServer";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtpServer";
import { testVehicle } from "../support/testVehicle";
import { adfProblems } from "./adfValidation";
import { deliveryContext, leadEnv, leadFiles, leadTenant, partialFiles, storedLead, tempDir } from "./support";
import { child, childrenNamed, parseXml } from "./xml";

const car = testVehicle({ id: "car-1", slug: "2022-toyota-hilux-sr5-car-1" });

function context(
  overrides: { lead?: StoredLead; vehicle?: Vehicle | null; tenant?: TenantConfig; env?: DeliveryContext["env"] } & { dataDir: string },
): DeliveryContext {
  return deliveryContext({ ...overrides, vehicle: overrides.vehicle === undefined ? car : overrides.vehicle });
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
      routing: {
        kind: "vehicle-enquiry",
        label: "Used Vehicle Enquiry",
        department: "sales",
        location: { id: "l2", slug: "alpha-north-toyota", name: "Alpha North Toyota" },
      },
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

  /** Alpha's CRM mailbox and its sales desk's people, as a dealer would set them. */
  const both = leadTenant("alpha", {
    leadDelivery: {
      email: {
        to: ["crm@alpha.example.com.au"],
        dealerships: { "alpha-north": { sales: [{ address: "sales-north@alpha.example.com.au", format: "staff" }] } },
      },
    },
  });
  const overSmtp = () => leadEnv(dataDir, { SMTP_URL: smtp.url });

  /** Delivers one lead on channels of the given formats over one mailer, then closes it. */
  async function send(formats: Array<"crm" | "staff">, ctx: DeliveryContext, url: string | null = smtp.url) {
    const channel = new EmailChannel(new LeadMailer(url ?? undefined), formats);
    try {
      await channel.deliver(ctx);
    } finally {
      channel.close();
    }
  }

  it("crm: to the CRM's mailbox, plain text whose whole body is the lead's ADF, subject dealership - kind - car", async () => {
    const lead = storedLead();
    const ctx = context({ dataDir, lead, tenant: both, env: overSmtp() });
    await send(["crm"], ctx);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail.to).toEqual(["crm@alpha.example.com.au"]);
    expect(mail.from).toBe("leads@alpha.example.com.au");
    const { parsed } = mail;
    expect(parsed.subject).toBe("Alpha North Toyota - Used Vehicle Enquiry - 2022 Toyota HiLux SR5 GUN126R");
    expect(parsed.headers.get("content-type")).toEqual({ value: "text/plain", params: { charset: "utf-8" } });
    expect(parsed.html).toBe(false);
    expect(parsed.attachments).toEqual([]);
    // The body is the ADF document and nothing else, as it is on the wire (8bit): a lead parser reading the raw body reads the ADF.
    expect(mail.raw).toMatch(/^Content-Transfer-Encoding: 8bit$/im);
    expect(mail.raw.slice(mail.raw.indexOf("\r\n\r\n") + 4).replace(/\r\n/g, "\n")).toBe(ctx.adf!().replace(/\n+$/, "\n"));
    expect(parsed.text?.replace(/\r\n/g, "\n").trimEnd()).toBe(ctx.adf!().trimEnd());
    expect(adfProblems(parsed.text!)).toEqual([]);
    expect(child(child(parseXml(parsed.text!).root, "prospect"), "id").text).toBe(lead.id);
    expect(parsed.messageId).toBe(`<lead-${lead.id}.crm@alpha.example.com.au>`);
    expect(parsed.headers.get("x-lead-id")).toBe(lead.id);
  });

  it("crm: non-ASCII names go as they are; a paragraph too long for SMTP falls back to quoted-printable, decoded byte for byte", async () => {
    const named = storedLead({ name: "Zoë", last_name: "Đặng", message: "Is it still available – today?" });
    const namedCtx = context({ dataDir, lead: named, tenant: both, env: overSmtp() });
    await send(["crm"], namedCtx);
    expect(smtp.messages[0].raw).toMatch(/^Content-Transfer-Encoding: 8bit$/im);
    expect(smtp.messages[0].raw).toContain('<name part="first" type="individual">Zoë</name>');
    smtp.messages.length = 0;
    const lead = storedLead({
      name: "Zoë",
      last_name: "Đặng",
      message: `${"Long line of a message ".repeat(60)}\nand a second line – with a dash`,
    });
    const ctx = context({ dataDir, lead, tenant: both, env: overSmtp() });
    await send(["crm"], ctx);
    const { parsed, raw } = smtp.messages[0];
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/im);
    expect(parsed.text?.replace(/\r\n/g, "\n").trimEnd()).toBe(ctx.adf!().trimEnd());
    const contact = child(child(child(parseXml(parsed.text!).root, "prospect"), "customer"), "contact");
    expect(childrenNamed(contact, "name").map((n) => n.text)).toEqual(["Zoë", "Đặng"]);
  });

  it("staff: readable HTML and text for the sales desk, Reply-To the shopper, tel: and mailto: links, the car with its photo and link, the ADF attached", async () => {
    const lead = storedLead();
    await send(["staff"], context({ dataDir, lead, tenant: both, env: overSmtp() }));
    const [mail] = smtp.messages;
    expect(mail.to).toEqual(["sales-north@alpha.example.com.au"]);
    const { parsed } = mail;
    expect(parsed.subject).toBe("New lead: Used Vehicle Enquiry - 2022 Toyota HiLux SR5 GUN126R (stock T1001) from Sam Nguyen");
    expect(parsed.from?.value).toEqual([{ name: "Alpha Motor Group website", address: "leads@alpha.example.com.au" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "Sam Nguyen", address: "sam@example.com" }]);
    expect(parsed.messageId).toBe(`<lead-${lead.id}.staff@alpha.example.com.au>`);
    const html = String(parsed.html);
    expect(html).toContain('href="tel:+61412345678"');
    expect(html).toContain("0412 345 678");
    expect(html).toContain('href="mailto:sam@example.com"');
    expect(html).toContain('href="https://alpha.example.com.au/cars/2022-toyota-hilux-sr5-car-1"');
    expect(html).toMatch(/<img src="https:\/\/alpha\.example\.com\.au\/photos\?src=[^"]+&amp;w=640"/);
    expect(html).toContain("$54,990");
    expect(html).toContain("Is it still available?");
    expect(parsed.text).toContain("Sam Nguyen sent a Used Vehicle Enquiry through the Alpha Motor Group website, for Alpha North Toyota.");
    expect(parsed.text).toContain("Phone: 0412 345 678");
    expect(parsed.text).toContain("Department: Sales at Alpha North Toyota");
    const [attachment] = parsed.attachments;
    expect(attachment.filename).toBe(`lead-${lead.id}.xml`);
    expect(attachment.contentType).toBe("application/xml");
    expect(adfProblems(attachment.content.toString("utf8"))).toEqual([]);
  });

  it("staff: everything the shopper typed is escaped in the HTML", async () => {
    const lead = storedLead({ name: "<script>alert(1)</script>", message: '<img src=x onerror="alert(2)"> & more' });
    await send(["staff"], context({ dataDir, lead, tenant: both, env: overSmtp() }));
    const html = String(smtp.messages[0].parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; more");
  });

  it("nothing a shopper types can add a header: line breaks never reach one", async () => {
    // Not normalised on purpose: the channel must be safe on its own.
    const lead = storedLead({
      name: "Sam\r\nBcc: victim@example.com",
      last_name: "X\nSubject: hacked",
      email: "sam@example.com\r\nCc: other@example.com",
      subcategory: "Vehicle Enquiry\r\nX-Injected: 1",
    });
    await send(["crm", "staff"], context({ dataDir, lead, tenant: both, env: overSmtp() }));
    expect(smtp.messages.map((m) => m.to)).toEqual([["crm@alpha.example.com.au"], ["sales-north@alpha.example.com.au"]]);
    for (const mail of smtp.messages) {
      const { parsed } = mail;
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(parsed.headers.has("cc")).toBe(false);
      expect(parsed.headers.has("x-injected")).toBe(false);
      expect(parsed.replyTo).toBeUndefined(); // not a plain address
      const headerBlock = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
      expect(headerBlock).not.toMatch(/^(Bcc|Cc|X-Injected|Subject: hacked)/im);
    }
    expect(smtp.messages[1].parsed.subject).toBe(
      "New lead: Used Vehicle Enquiry - 2022 Toyota HiLux SR5 GUN126R (stock T1001) from Sam Bcc: victim@example.com X Subject: hacked",
    );
    expect(headerText("a\r\nb\u0085c\u2028d")).toBe("a b c d");
  });

  it("an SMTP refusal is a failure naming it, and the next attempt goes through", async () => {
    smtp.refuseNext(1);
    await expect(send(["crm"], context({ dataDir, tenant: both, env: overSmtp() }))).rejects.toThrow(/^SMTP: .*451/);
    await send(["crm"], context({ dataDir, tenant: both, env: overSmtp() }));
    expect(smtp.messages).toHaveLength(1);
  });

  it("wrong SMTP credentials are a failure", async () => {
    const url = smtp.url.replace("p%40ss%20word", "nope");
    await expect(send(["staff"], context({ dataDir, tenant: both, env: leadEnv(dataDir, { SMTP_URL: url }) }), url)).rejects.toThrow(
      /^SMTP: /,
    );
    expect(smtp.messages).toHaveLength(0);
  });

  it("a format with nobody to send to any more is a failure the dealer can act on", async () => {
    await expect(send(["crm"], context({ dataDir, env: overSmtp() }))).rejects.toThrow(
      "no crm e-mail recipient is configured for this lead any more",
    );
  });

  it("a lead stored before formats existed (channel 'email') goes out in both formats, each to its recipients", async () => {
    await send(["crm", "staff"], context({ dataDir, tenant: both, env: overSmtp() }));
    expect(smtp.messages.map((m) => [m.to, m.parsed.html === false ? "crm" : "staff"])).toEqual([
      [["crm@alpha.example.com.au"], "crm"],
      [["sales-north@alpha.example.com.au"], "staff"],
    ]);
  });

  it("without SMTP_URL each message is written as <lead-id>.<format>.eml beside the ADF file", async () => {
    const lead = storedLead();
    await send(["crm", "staff"], context({ dataDir, lead, tenant: both }), null);
    const crmFile = emlPath({ dataDir }, "alpha", lead.id, "crm");
    expect(crmFile).toBe(path.join(dataDir, "leads", "alpha", `${lead.id}.crm.eml`));
    const raw = fs.readFileSync(crmFile, "utf8");
    expect(raw).toMatch(/\r\n/); // a real RFC 5322 message, as mail programs expect
    const crm = await simpleParser(raw);
    expect(crm.to && !Array.isArray(crm.to) ? crm.to.value : null).toEqual([{ name: "", address: "crm@alpha.example.com.au" }]);
    expect(adfProblems(crm.text!)).toEqual([]);
    const staff = await simpleParser(fs.readFileSync(emlPath({ dataDir }, "alpha", lead.id, "staff"), "utf8"));
    expect(staff.attachments.map((a) => a.filename)).toEqual([`lead-${lead.id}.xml`]);
    // Delivered again (a retry after a crash): the same files, replaced.
    await send(["crm", "staff"], context({ dataDir, lead, tenant: both }), null);
    expect(leadFiles(dataDir, "alpha")).toEqual([`${lead.id}.crm.eml`, `${lead.id}.staff.eml`]);
  });
});

describe("ADF file", () => {
  it("is written to DATA_DIR/leads/<dealer>/<lead-id>.xml; a second delivery replaces it, leaving no temporary file", async () => {
    const lead = storedLead();
    await adfFileChannel.deliver(context({ dataDir, lead }));
    const file = adfPath({ dataDir }, "alpha", lead.id);
    const first = fs.readFileSync(file, "utf8");
    expect(adfProblems(first)).toEqual([]);
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
