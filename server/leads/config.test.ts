import { describe, expect, it } from "vitest";
import { leadEnv, leadTenant, storedLead } from "../../tests/leads/support";
import {
  checkLeadDeliveryConfig,
  emailSender,
  hasCustomerContact,
  leadChannelsFor,
  leadFileName,
  leadFilesDir,
  webhookTarget,
} from "./config";
import { routeLead } from "./routing";

const routeOf = (tenant = leadTenant(), lead = storedLead()) => routeLead(tenant, lead);

describe("lead delivery configuration", () => {
  const env = leadEnv("/tmp/data");

  it("by default: the ADF file and the staff e-mail; the webhook only when a URL is configured", () => {
    const lead = storedLead();
    expect(leadChannelsFor(env, leadTenant(), lead, routeOf())).toEqual(["adf", "email-staff"]);
    const withCrm = leadEnv("/tmp/data", { CRM_WEBHOOK_URL: "https://crm.example.com/leads", CRM_WEBHOOK_SECRET: "s" });
    expect(leadChannelsFor(withCrm, leadTenant(), lead, routeOf())).toEqual(["adf", "email-staff", "webhook"]);
    expect(webhookTarget(withCrm, leadTenant())).toEqual({
      url: "https://crm.example.com/leads",
      secret: "s",
      secretName: "CRM_WEBHOOK_SECRET",
    });
  });

  it("a dealer can switch the e-mail and the platform's webhook off", () => {
    const withCrm = leadEnv("/tmp/data", { CRM_WEBHOOK_URL: "https://crm.example.com/leads" });
    const quiet = leadTenant("alpha", { leadDelivery: { email: { enabled: false }, webhook: { enabled: false } } });
    expect(leadChannelsFor(withCrm, quiet, storedLead(), routeOf(quiet))).toEqual(["adf"]);
  });

  it("a CRM address gets the crm e-mail, staff addresses the staff e-mail, both when both are set", () => {
    const crmOnly = leadTenant("alpha", { leadDelivery: { email: { to: ["crm@alpha.example.com.au"] } } });
    expect(leadChannelsFor(env, crmOnly, storedLead(), routeOf(crmOnly))).toEqual(["adf", "email-crm"]);
    const both = leadTenant("alpha", {
      leadDelivery: { email: { to: ["crm@alpha.example.com.au", { address: "desk@alpha.example.com.au", format: "staff" }] } },
    });
    expect(leadChannelsFor(env, both, storedLead(), routeOf(both))).toEqual(["adf", "email-crm", "email-staff"]);
  });

  it("a lead with neither e-mail nor phone cannot be ADF: no file, no CRM e-mail, but staff still hear of it", () => {
    const both = leadTenant("alpha", {
      leadDelivery: { email: { to: ["crm@alpha.example.com.au", { address: "desk@alpha.example.com.au", format: "staff" }] } },
    });
    const anonymous = storedLead({ category: "Phone Reveal", subcategory: "Call Now", name: "", last_name: "", email: "", phone: "" });
    expect(hasCustomerContact(anonymous)).toBe(false);
    expect(leadChannelsFor(env, both, anonymous, routeOf(both, anonymous))).toEqual(["email-staff"]);
    expect(hasCustomerContact({ email: "", phone: "0412345678" })).toBe(true);
  });

  it("a dealer's own webhook uses the secret from the environment variable it names", () => {
    const own = leadTenant("alpha", {
      leadDelivery: { webhook: { url: "https://alpha-crm.example.com/in", secretEnv: "CRM_WEBHOOK_SECRET_ALPHA" } },
    });
    const withSecret = leadEnv("/tmp/data", { CRM_WEBHOOK_SECRET: "global", CRM_WEBHOOK_SECRET_ALPHA: "alpha-secret" });
    expect(webhookTarget(withSecret, own)).toEqual({
      url: "https://alpha-crm.example.com/in",
      secret: "alpha-secret",
      secretName: "CRM_WEBHOOK_SECRET_ALPHA",
    });
    expect(leadChannelsFor(withSecret, own, storedLead(), routeOf(own))).toContain("webhook");
    expect(() => checkLeadDeliveryConfig(withSecret, [own])).not.toThrow();
    expect(() => checkLeadDeliveryConfig(env, [own])).toThrow(
      /alpha: leadDelivery\.webhook\.secretEnv names CRM_WEBHOOK_SECRET_ALPHA, which is not set/,
    );
  });

  it("tenant.json cannot name just any environment variable as a secret", () => {
    expect(() => leadTenant("alpha", { leadDelivery: { webhook: { secretEnv: "DATABASE_URL" } } })).toThrow(/CRM_WEBHOOK_SECRET_/);
    expect(() => leadTenant("alpha", { leadDelivery: { webhook: { url: "ftp://x.example.com" } } })).toThrow();
  });

  it("the sender is LEAD_EMAIL_FROM or leads@ the dealer's domain", () => {
    expect(emailSender(env, leadTenant())).toEqual({ name: "Alpha Motor Group website", address: "leads@alpha.example.com.au" });
    expect(emailSender(leadEnv("/tmp/data", { LEAD_EMAIL_FROM: "noreply@platform.example.com" }), leadTenant()).address).toBe(
      "noreply@platform.example.com",
    );
  });

  it("the environment refuses an SMTP_URL that is not smtp(s)", () => {
    expect(() => leadEnv("/tmp/data", { SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(leadEnv("/tmp/data", { SMTP_URL: "smtps://u:p@mail.example.com:465" }).SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
  });

  it("lead files live in DATA_DIR/leads/<dealer>/<lead id>; odd names are refused, never rewritten", () => {
    expect(leadFilesDir(env, "alpha")).toBe("/tmp/data/leads/alpha");
    expect(leadFileName("0b7c1d2e-1111-4222-8333-444455556666", "xml")).toBe("0b7c1d2e-1111-4222-8333-444455556666.xml");
    expect(leadFileName("0b7c1d2e-1111-4222-8333-444455556666", "crm.eml")).toBe("0b7c1d2e-1111-4222-8333-444455556666.crm.eml");
    expect(() => leadFilesDir(env, "../etc")).toThrow();
    expect(() => leadFileName("../../x", "staff.eml")).toThrow();
  });
});
