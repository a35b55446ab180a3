/** Dealers, leads, environments and small helpers for the lead delivery tests. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Env } from "@server/config/env.server";
import { parseEnv } from "@server/config/env.server";
import type { StoredLead } from "@server/db/leads";
import type { Vehicle } from "~/domain/vehicle";
import { buildAdf } from "@server/leads/adf";
import type { DeliveryContext } from "@server/leads/channels/types";
import { hasCustomerContact } from "@server/leads/config";
import { routeLead } from "@server/leads/routing";
import { tenantConfigSchema, type TenantConfig } from "@server/tenants/schema";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";

/** tenant.json content for leadTenant: a dealer group with two dealerships; the second's location has its own e-mail. */
export function leadTenantInput(slug = "alpha", overrides: Record<string, unknown> = {}) {
  const base = minimalTenantInput(slug);
  return {
    ...base,
    name: "Alpha Motor Group",
    domains: [`${slug}.example.com.au`],
    contact: { phone: "02 9000 0000", email: `sales@${slug}.example.com.au` },
    dealerships: [...base.dealerships, { id: "d2", slug: `${slug}-north`, name: "Alpha North Toyota" }],
    locations: [
      ...base.locations,
      {
        id: "l2",
        name: "Alpha North Toyota",
        slug: `${slug}-north-toyota`,
        dealership_id: "d2",
        dealership_slug: `${slug}-north`,
        address: { street: "9 North Rd", city: "Hornsby", state: "NSW", postcode: "2077", lat: -33.7, long: 151.1 },
        contact_detail: { phone: "02 9111 1111", email: `north@${slug}.example.com.au` },
      },
    ],
    ...overrides,
  };
}

/** A dealer group with two dealerships; the second's location has its own e-mail. */
export function leadTenant(slug = "alpha", overrides: Record<string, unknown> = {}): TenantConfig {
  return tenantConfigSchema.parse(leadTenantInput(slug, overrides));
}

let leadTenantsFolder: string | undefined;

/**
 * A tenants folder these tests write: the lead tests' own dealers, "alpha" and "beta" as leadTenant
 * builds them, never the shipped demo dealers in tenants/. One folder per content in the temp directory,
 * shared by every test process and run (written once, then reused), so nothing is left behind per run.
 */
export function leadTenantsDir(): string {
  if (leadTenantsFolder) return leadTenantsFolder;
  const tenants = [leadTenantInput("alpha"), leadTenantInput("beta")];
  const hash = createHash("sha256").update(JSON.stringify(tenants)).digest("hex").slice(0, 16);
  const folder = path.join(os.tmpdir(), `dealer-leads-tenants-${hash}`);
  if (!fs.existsSync(folder)) {
    const written = writeTenantsDir(tenants, "dealer-leads-tenants-new-");
    try {
      fs.renameSync(written, folder);
    } catch (error) {
      // Another test process wrote the same folder first: use that one.
      fs.rmSync(written, { recursive: true, force: true });
      if (!fs.existsSync(folder)) throw error;
    }
  }
  return (leadTenantsFolder = folder);
}

/** The lead tests' environment: data under `dataDir`, dealers from leadTenantsDir() (unless `extra` names a TENANTS_DIR). */
export function leadEnv(dataDir: string, extra: Record<string, string> = {}): Env {
  return parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: leadTenantsDir(), LOG_LEVEL: "silent", ...extra });
}

export function storedLead(overrides: Partial<StoredLead> = {}): StoredLead {
  return {
    id: "0b7c1d2e-1111-4222-8333-444455556666",
    tenant: "alpha",
    category: "Used Vehicle Enquiry",
    subcategory: "Vehicle Enquiry",
    car_id: "v-1",
    name: "Sam",
    last_name: "Nguyen",
    email: "sam@example.com",
    phone: "0412345678",
    postcode: "2150",
    message: "Is it still available?",
    payload: { dealership_slug: "alpha-north", opt_in: true },
    source_path: "/cars/2022-toyota-hilux-sr5-v1",
    created_at: "2026-11-20T01:02:03.456Z",
    ...overrides,
  };
}

/** What the worker hands a channel for one delivery: the lead routed and its ADF built as the worker does. */
export function deliveryContext(options: {
  dataDir: string;
  lead?: StoredLead;
  vehicle: Vehicle | null;
  tenant?: TenantConfig;
  env?: DeliveryContext["env"];
}): DeliveryContext {
  const lead = options.lead ?? storedLead();
  const { vehicle } = options;
  const tenant = options.tenant ?? leadTenant();
  const route = routeLead(tenant, lead, vehicle);
  return {
    lead,
    vehicle,
    tenant,
    env: options.env ?? leadEnv(options.dataDir),
    route,
    adf: hasCustomerContact(lead) ? () => buildAdf({ lead, vehicle, tenant, route }) : null,
    signal: new AbortController().signal,
  };
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `dealer-leads-${name}-`));

/** Polls until `check` returns a truthy value (returned), or fails after `timeoutMs` saying what it waited for. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000, everyMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The lead files (ADF and .eml) written for a dealer, by name. */
export function leadFiles(dataDir: string, tenant: string): string[] {
  const dir = path.join(dataDir, "leads", tenant);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

/** Temporary files left in a dealer's lead folder (half-written files of a write in progress or a dead process). */
export function partialFiles(dataDir: string, tenant: string): string[] {
  const dir = path.join(dataDir, "leads", tenant, ".partial");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
