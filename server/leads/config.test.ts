import { describe, expect, it } from "vitest";
import { leadEnv, leadTenant, storedLead } from "../../tests/leads/support";
import {
  checkLeadDeliveryConfig,
  emailRecipients,
  emailSender,
  leadChannelsFor,
  leadFileName,
  leadFilesDir,
  webhookTarget,
} from "./config";

describe("lead delivery configuration", () => {
  const env = leadEnv("/tmp/data");

  it("by default: the ADF file and the e-mail; the webhook only when a URL is configured", () => {
    expect(leadChannelsFor(env, leadTenant())).toEqual(["adf", "email"]);
    const withCrm = leadEnv("/tmp/data", { CRM_WEBHOOK_URL: "https://crm.example.com/leads", CRM_WEBHOOK_SECRET: "s" });
    expect(leadChannelsFor(withCrm, leadTenant())).toEqual(["adf", "email", "webhook"]);
    expect(webhookTarget(withCrm, leadTenant())).toEqual({
      url: "https://crm.example.com/leads",
      secret: "s",
      secretName: "CRM_WEBHOOK_SECRET",
    });
  });

  it("a dealer can switch the e-mail and the platform's webhook off", () => {
    const withCrm = leadEnv("/tmp/data", { CRM_WEBHOOK_URL: "https://crm.example.com/leads" });
    const quiet = leadTenant("alpha", { leadDelivery: { email: { enabled: false }, webhook: { enabled: false } } });
    expect(leadChannelsFor(withCrm, quiet)).toEqual(["adf"]);
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
    expect(leadChannelsFor(withSecret, own)).toContain("webhook");
    expect(() => checkLeadDeliveryConfig(withSecret, [own])).not.toThrow();
    expect(() => checkLeadDeliveryConfig(env, [own])).toThrow(
      /alpha: leadDelivery\.webhook\.secretEnv names CRM_WEBHOOK_SECRET_ALPHA, which is not set/,
    );
  });

  it("tenant.json cannot name just any environment variable as a secret", () => {
    expect(() => leadTenant("alpha", { leadDelivery: { webhook: { secretEnv: "DATABASE_URL" } } })).toThrow(/CRM_WEBHOOK_SECRET_/);
    expect(() => leadTenant("alpha", { leadDelivery: { webhook: { url: "ftp://x.example.com" } } })).toThrow();
  });

  it("e-mail goes to the dealer's contact, or the location of the dealership the lead names, or as configured", () => {
    const tenant = leadTenant();
    expect(emailRecipients(tenant, storedLead({ payload: {} }))).toEqual(["sales@alpha.example.com.au"]);
    expect(emailRecipients(tenant, storedLead({ payload: { dealership_slug: "alpha-north" } }))).toEqual(["north@alpha.example.com.au"]);
    expect(emailRecipients(tenant, storedLead({ payload: { dealership_id: "d2" } }))).toEqual(["north@alpha.example.com.au"]);
    // Dealership d1's location has no e-mail of its own.
    expect(emailRecipients(tenant, storedLead({ payload: { dealership_slug: "alpha" } }))).toEqual(["sales@alpha.example.com.au"]);
    const byDealership = leadTenant("alpha", {
      leadDelivery: { email: { dealerships: { "alpha-north": "leads-north@alpha.example.com.au" } } },
    });
    expect(emailRecipients(byDealership, storedLead())).toEqual(["leads-north@alpha.example.com.au"]);
    const fixed = leadTenant("alpha", { leadDelivery: { email: { to: ["crm@alpha.example.com.au"] } } });
    expect(emailRecipients(fixed, storedLead())).toEqual(["crm@alpha.example.com.au"]);
    const noLocation = leadTenant("alpha", { leadDelivery: { email: { useLocationEmail: false } } });
    expect(emailRecipients(noLocation, storedLead())).toEqual(["sales@alpha.example.com.au"]);
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
    expect(() => leadFilesDir(env, "../etc")).toThrow();
    expect(() => leadFileName("../../x", "eml")).toThrow();
  });
});
