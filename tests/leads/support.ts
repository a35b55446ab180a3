/** Dealers, leads and environments for the lead delivery tests. */
import type { Env } from "@server/config/env.server";
import { parseEnv } from "@server/config/env.server";
import type { StoredLead } from "@server/db/leads";
import { tenantConfigSchema, type TenantConfig } from "@server/tenants/schema";
import { minimalTenantInput } from "../support/testTenant";

/** A dealer group with two dealerships; the second's location has its own e-mail. */
export function leadTenant(slug = "alpha", overrides: Record<string, unknown> = {}): TenantConfig {
  const base = minimalTenantInput(slug);
  return tenantConfigSchema.parse({
    ...base,
    name: "Alpha Motor Group",
    domains: ["alpha.example.com.au"],
    contact: { phone: "02 9000 0000", email: "sales@alpha.example.com.au" },
    dealerships: [...base.dealerships, { id: "d2", slug: "alpha-north", name: "Alpha North Toyota" }],
    locations: [
      ...base.locations,
      {
        id: "l2",
        name: "Alpha North Toyota",
        slug: "alpha-north-toyota",
        dealership_id: "d2",
        dealership_slug: "alpha-north",
        address: { street: "9 North Rd", city: "Hornsby", state: "NSW", postcode: "2077", lat: -33.7, long: 151.1 },
        contact_detail: { phone: "02 9111 1111", email: "north@alpha.example.com.au" },
      },
    ],
    ...overrides,
  });
}

export function leadEnv(dataDir: string, extra: Record<string, string> = {}): Env {
  return parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: "tenants", LOG_LEVEL: "silent", ...extra });
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
