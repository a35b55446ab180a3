/**
 * Which channels a dealer's leads go to: decided from the environment (secrets, the SMTP server, the
 * platform's CRM webhook), the dealer's tenant.json `leadDelivery` block and the lead's routing
 * (routing.ts). Pure apart from reading the configuration it is given.
 */
import path from "node:path";
import type { StoredLead } from "../db/leads";
import type { Env } from "../config/env.server";
import type { TenantConfig } from "../tenants/schema";
import type { LeadRoute } from "./routing";

/**
 * The channels a lead can be queued for: the ADF/XML file, the CRM e-mail (the ADF as the body), the staff
 * e-mail (a readable message with the ADF attached) and the CRM webhook. `email` is the one e-mail channel
 * of leads stored before e-mail formats existed: it sends both formats, each to its recipients.
 */
export const CHANNELS = ["adf", "email-crm", "email-staff", "webhook", "email"] as const;
export type ChannelName = (typeof CHANNELS)[number];

export type LeadEnv = Pick<
  Env,
  "dataDir" | "CRM_WEBHOOK_URL" | "CRM_WEBHOOK_SECRET" | "SMTP_URL" | "LEAD_EMAIL_FROM" | "crmWebhookSecrets"
>;

export interface WebhookTarget {
  url: string;
  /** Null when no secret is configured: the lead is then posted unsigned. */
  secret: string | null;
  /** The environment variable the secret comes from (for messages; never the secret). */
  secretName: string;
}

/** The dealer's CRM webhook: its own URL or the platform's, and the secret named for it. */
export function webhookTarget(env: LeadEnv, tenant: TenantConfig): WebhookTarget | null {
  const config = tenant.leadDelivery.webhook;
  if (!config.enabled) return null;
  const url = config.url ?? env.CRM_WEBHOOK_URL;
  if (!url) return null;
  if (config.secretEnv) return { url, secret: env.crmWebhookSecrets[config.secretEnv] ?? null, secretName: config.secretEnv };
  return { url, secret: env.CRM_WEBHOOK_SECRET ?? null, secretName: "CRM_WEBHOOK_SECRET" };
}

/**
 * Whether a lead can be an ADF/XML 1.0 document: the standard's customer contact needs an e-mail address
 * or a phone number. A lead with neither (a phone reveal by a shopper who is not signed in, a trade-in
 * valuation started before the shopper gave their details) reaches staff and the webhook, never a CRM.
 */
export function hasCustomerContact(lead: Pick<StoredLead, "email" | "phone">): boolean {
  return lead.email.trim() !== "" || lead.phone.trim() !== "";
}

/** The channels a new lead of this dealer is queued for, given where its routing sends it. */
export function leadChannelsFor(
  env: LeadEnv,
  tenant: TenantConfig,
  lead: Pick<StoredLead, "email" | "phone">,
  route: Pick<LeadRoute, "recipients">,
): ChannelName[] {
  const contact = hasCustomerContact(lead);
  const email = tenant.leadDelivery.email.enabled;
  return [
    ...(contact ? (["adf"] as const) : []),
    ...(email && contact && route.recipients.crm.length ? (["email-crm"] as const) : []),
    ...(email && route.recipients.staff.length ? (["email-staff"] as const) : []),
    ...(webhookTarget(env, tenant) ? (["webhook"] as const) : []),
  ];
}

export class LeadDeliveryConfigError extends Error {}

/**
 * Checked at start-up: a dealer whose webhook names a secret variable that is not set would post
 * unsigned leads its CRM rejects, so the server refuses to start and says which dealer and variable.
 */
export function checkLeadDeliveryConfig(env: LeadEnv, tenants: TenantConfig[]): void {
  const problems: string[] = [];
  for (const tenant of tenants) {
    const { webhook } = tenant.leadDelivery;
    if (webhook.enabled && webhook.secretEnv && !env.crmWebhookSecrets[webhook.secretEnv]) {
      problems.push(`${tenant.slug}: leadDelivery.webhook.secretEnv names ${webhook.secretEnv}, which is not set`);
    }
  }
  if (problems.length) throw new LeadDeliveryConfigError(`Lead delivery settings: ${problems.join("; ")}`);
}

/** Where a dealer's ADF and .eml files are written: DATA_DIR/leads/<tenant>. */
export function leadFilesDir(env: Pick<Env, "dataDir">, tenant: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(tenant)) throw new Error("bad dealer slug for a lead folder");
  return path.join(env.dataDir, "leads", tenant);
}

/** A lead id safe to use as a file name (ids are UUIDs; anything else is refused, never rewritten). */
export function leadFileName(leadId: string, extension: "xml" | "crm.eml" | "staff.eml"): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(leadId)) throw new Error("bad lead id for a file name");
  return `${leadId}.${extension}`;
}

/** The From of lead e-mails: LEAD_EMAIL_FROM, else leads@ the dealer's first domain, named after the dealer. */
export function emailSender(env: LeadEnv, tenant: TenantConfig): { name: string; address: string } {
  const domain = tenant.domains[0] ?? "localhost";
  return { name: `${tenant.name} website`, address: env.LEAD_EMAIL_FROM ?? `leads@${domain}` };
}

/** The name the ADF file gives the lead's source. */
export function providerName(tenant: TenantConfig): string {
  return tenant.leadDelivery.providerName ?? `${tenant.name} website`;
}
