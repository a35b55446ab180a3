/**
 * Every lead the browser tests sent through the demo dealers' real forms (JavaScript on and off), as
 * the dealer receives it: this project runs after both (playwright.config.ts) and reads the shared
 * server's lead folders, DATA_DIR/leads/<dealer>/ (no SMTP_URL: the e-mails are .eml files).
 * - every ADF file is valid against the published ADF 1.0 DTD (xmllint, tests/fixtures/adf);
 * - every `crm` e-mail is plain text whose body, as it is on the wire, is that lead's ADF file;
 * - every `staff` e-mail has its text and HTML, Reply-To the shopper, and the same ADF attached;
 * - the forms sent every kind of lead the site makes, each to its desk on the demo dealers (general and
 *   careers enquiries are sent on the captcha test server, captchaServer.ts, whose ADF files are validated too).
 * Run it on its own after a browser run with `--no-deps` and that run's E2E_DATA_DIR and E2E_CAPTCHA_DATA_DIR; without `--no-deps`
 * Playwright runs both browser projects first.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { LEAD_KINDS } from "../../server/leads/kinds";
import { adfFileProblems } from "../leads/adfValidation";
import { e2eCaptchaDataDir, e2eDataDir, TENANTS } from "./site";

interface Delivered {
  dealer: string;
  id: string;
  adf: string | null;
  crm: { raw: string; mail: ParsedMail } | null;
  staff: { raw: string; mail: ParsedMail } | null;
}

const leadsDir = (dealer: string, dataDir = e2eDataDir()) => path.join(dataDir, "leads", dealer);

/** A server's ADF files, every dealer's. */
const adfFiles = (dataDir: string) =>
  TENANTS.flatMap((dealer) =>
    fs.existsSync(leadsDir(dealer, dataDir))
      ? fs
          .readdirSync(leadsDir(dealer, dataDir))
          .filter((f) => f.endsWith(".xml"))
          .map((f) => path.join(leadsDir(dealer, dataDir), f))
      : [],
  );

/** Each dealer's leads by id, with whichever of the three files were written. */
async function deliveredLeads(): Promise<Delivered[]> {
  const leads: Delivered[] = [];
  for (const dealer of TENANTS) {
    const dir = leadsDir(dealer);
    if (!fs.existsSync(dir)) continue;
    const files = fs.readdirSync(dir).filter((f) => /\.(xml|crm\.eml|staff\.eml)$/.test(f));
    const ids = [...new Set(files.map((f) => f.replace(/\.(xml|crm\.eml|staff\.eml)$/, "")))];
    for (const id of ids) {
      const read = (name: string) => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), "utf8") : null);
      const mail = async (raw: string | null) => (raw === null ? null : { raw, mail: await simpleParser(raw) });
      leads.push({
        dealer,
        id,
        adf: read(`${id}.xml`),
        crm: await mail(read(`${id}.crm.eml`)),
        staff: await mail(read(`${id}.staff.eml`)),
      });
    }
  }
  return leads;
}

const kindOf = (lead: Delivered) => String((lead.staff ?? lead.crm)?.mail.headers.get("x-lead-kind") ?? "");
const bodyOf = (raw: string) => raw.slice(raw.indexOf("\r\n\r\n") + 4).replace(/\r\n/g, "\n");

test.describe("every lead the demo dealers' forms sent, as the dealer receives it", () => {
  test.describe.configure({ mode: "serial" });
  let leads: Delivered[] = [];
  test.beforeAll(async () => {
    leads = await deliveredLeads();
  });

  test("every ADF file is valid against the ADF 1.0 DTD", () => {
    const files = adfFiles(e2eDataDir());
    expect(files.length).toBeGreaterThan(20);
    expect(adfFileProblems(files)).toEqual([]);
    // The captcha test server's too: the contact and vehicle enquiries sent through its captcha.
    const captchaFiles = adfFiles(e2eCaptchaDataDir());
    expect(captchaFiles.length).toBeGreaterThan(3);
    expect(adfFileProblems(captchaFiles)).toEqual([]);
  });

  test("every crm e-mail is plain text whose body is its lead's ADF, as it is on the wire", () => {
    const crm = leads.filter((l) => l.crm);
    expect(crm.length).toBeGreaterThan(20);
    for (const lead of crm) {
      const { raw, mail } = lead.crm!;
      expect(mail.headers.get("content-type"), lead.id).toEqual({ value: "text/plain", params: { charset: "utf-8" } });
      expect(mail.attachments, lead.id).toEqual([]);
      expect(lead.adf, `${lead.id}: a crm e-mail without its ADF file`).not.toBeNull();
      if (/^Content-Transfer-Encoding: 8bit$/im.test(raw)) expect(bodyOf(raw), lead.id).toBe(lead.adf!.replace(/\n+$/, "\n"));
      expect(mail.text?.replace(/\r\n/g, "\n").trimEnd(), lead.id).toBe(lead.adf!.trimEnd());
      expect(mail.subject, lead.id).toMatch(/^.+ - .+ - .+$/);
    }
  });

  test("every staff e-mail has text and HTML, Reply-To the shopper and the same ADF attached", () => {
    const staff = leads.filter((l) => l.staff);
    expect(staff.length).toBeGreaterThan(20);
    for (const lead of staff) {
      const { mail } = lead.staff!;
      expect(mail.text, lead.id).toMatch(/ through the .+ website, for .+\./);
      expect(String(mail.html), lead.id).toMatch(/^<!doctype html>/);
      if (lead.adf === null) {
        // A lead naming no shopper (a signed-out phone reveal): staff only, nothing for a CRM.
        expect([lead.crm, mail.attachments.length, mail.replyTo], lead.id).toEqual([null, 0, undefined]);
        continue;
      }
      expect(
        mail.attachments.map((a) => [a.filename, a.contentType]),
        lead.id,
      ).toEqual([[`lead-${lead.id}.xml`, "application/xml"]]);
      expect(mail.attachments[0].content.toString("utf8"), lead.id).toBe(lead.adf);
      const customer = lead.adf.slice(lead.adf.indexOf("<customer>"), lead.adf.indexOf("</customer>"));
      const email = /<email>([^<]*)<\/email>/.exec(customer)?.[1];
      if (email) expect(mail.replyTo?.value[0]?.address, lead.id).toBe(email.replace(/&amp;/g, "&"));
      // The e-mail and the ADF name the same dealership.
      const vendor = /<vendorname>([^<]*)<\/vendorname>/
        .exec(lead.adf)![1]
        .replace(/&amp;/g, "&")
        .replace(/&apos;/g, "'");
      expect(mail.text, lead.id).toContain(`, for ${vendor}.`);
    }
  });

  test("the forms sent every kind of lead the site makes, each to its desk", () => {
    const kinds = new Set(leads.map(kindOf));
    // General and careers enquiries are sent on /contact's own test server (captchaServer.ts checks their files).
    for (const kind of LEAD_KINDS.filter((k) => k !== "general" && k !== "careers")) {
      expect(kinds, `no ${kind} lead was sent`).toContain(kind);
    }
    const staffTo = (lead: Delivered) =>
      lead.staff?.mail.to && !Array.isArray(lead.staff.mail.to) ? lead.staff.mail.to.value.map((a) => a.address) : [];
    const crmTo = (lead: Delivered) =>
      lead.crm?.mail.to && !Array.isArray(lead.crm.mail.to) ? lead.crm.mail.to.value.map((a) => a.address) : [];
    for (const lead of leads) {
      const kind = kindOf(lead);
      if (lead.dealer === "westside-used") {
        expect(staffTo(lead), `${lead.id} ${kind}`).toEqual(["hello@westsideused.example.com.au"]);
        if (lead.crm) expect(crmTo(lead)).toEqual(["westside-used@leads.dealercrm.example.com.au"]);
      }
      if (lead.dealer === "coastal-gwm") {
        const desk =
          kind === "service"
            ? "service"
            : kind === "finance" || kind === "online-payment"
              ? "finance"
              : kind === "parts" || kind === "general" || kind === "careers"
                ? "sales"
                : "sales";
        expect(staffTo(lead), `${lead.id} ${kind}`).toEqual([`${desk}@coastalgwm.example.com.au`]);
        if (lead.crm) expect(crmTo(lead)).toEqual(["coastal-gwm@leads.dealercrm.example.com.au"]);
      }
      if (lead.dealer === "summit-auto-group" && (kind === "finance" || kind === "online-payment")) {
        expect(staffTo(lead), `${lead.id} ${kind}`).toEqual(["finance@summitautogroup.example.com.au"]);
      }
    }
  });
});
