/**
 * Which channels a dealer's leads go to, and where: decided from the environment (secrets, the SMTP
 * server, the platform's CRM webhook) and the dealer's tenant.json `leadDelivery` block. Pure apart
 * from reading the configuration it is given.
 */
import path from "node:path";
import type { StoredLead } from "../db/leads";
import type { Env } from "../config/env.server";
import type { DealerLocation, TenantConfig } from "../tenants/schema";

/** The ADF/XML file is always written; the e-mail and the CRM webhook are per dealer. */
export const CHANNELS = ["adf", "email", "webhook"] as const;
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

/** The channels a new lead of this dealer is queued for. */
export function leadChannelsFor(env: LeadEnv, tenant: TenantConfig): ChannelName[] {
  return [
    "adf",
    ...(tenant.leadDelivery.email.enabled ? (["email"] as const) : []),
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
export function leadFileName(leadId: string, extension: "xml" | "eml"): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(leadId)) throw new Error("bad lead id for a file name");
  return `${leadId}.${extension}`;
}

export interface LeadDealership {
  id: string;
  slug: string;
  name: string;
  location: DealerLocation | null;
}

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/**
 * The dealership a lead names (its payload's dealership_slug or dealership_id, e.g. the car's
 * dealership or the shopper's choice) when it is one of this dealer's, with its location (a visible
 * sales location first).
 */
export function leadDealership(tenant: TenantConfig, lead: Pick<StoredLead, "payload">): LeadDealership | null {
  const slug = text(lead.payload.dealership_slug);
  const id = text(lead.payload.dealership_id);
  const dealership = tenant.dealerships.find((d) => (slug && d.slug === slug) || (id && d.id === id));
  if (!dealership) return null;
  const locations = tenant.locations.filter((l) => l.dealership_id === dealership.id || l.dealership_slug === dealership.slug);
  const rank = (l: DealerLocation) => (l.visible ? 0 : 2) + (l.location_type === "sales" ? 0 : 1) - (l.primary ? 0.5 : 0);
  const location = [...locations].sort((a, b) => rank(a) - rank(b))[0] ?? null;
  return { ...dealership, location };
}

/**
 * Who gets the lead e-mail: the dealer's fixed list when set; else the address set for the dealership
 * the lead names; else that dealership's location e-mail; else the dealer's contact e-mail.
 */
export function emailRecipients(tenant: TenantConfig, lead: Pick<StoredLead, "payload">): string[] {
  const config = tenant.leadDelivery.email;
  if (config.to.length) return [...config.to];
  const dealership = leadDealership(tenant, lead);
  if (dealership) {
    const configured = config.dealerships[dealership.slug];
    if (configured) return [configured];
    const locationEmail = dealership.location?.contact_detail.email;
    if (config.useLocationEmail && locationEmail) return [locationEmail];
  }
  return [tenant.contact.email];
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
