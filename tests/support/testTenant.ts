import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseTenantConfig } from "../../server/tenants/registry";
import type { TenantConfig } from "../../server/tenants/schema";

/** The smallest valid tenant.json content for tests: one dealership, one location; override the rest. */
export function minimalTenantInput(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    name: "Test Motors",
    contact: { phone: "02 9000 0000", email: "sales@test.example.com" },
    dealerships: [{ id: "d1", slug, name: "Test Motors" }],
    locations: [
      {
        id: "l1",
        name: "Test Motors",
        slug: "test-motors",
        dealership_id: "d1",
        dealership_slug: slug,
        address: { street: "1 Main Road", city: "Sydney", state: "NSW", postcode: "2000", lat: -33.8, long: 151.2 },
        contact_detail: { phone: "02 9000 0000" },
      },
    ],
    ...overrides,
  };
}

/**
 * One location's tenant.json entry for a dealer built with minimalTenantInput: a sales yard in Sydney of
 * dealership "d1" unless overridden (city, phone, manufacturers, location_type, primary...).
 */
export function locationInput(dealerSlug: string, id: string, overrides: Record<string, unknown> = {}) {
  const { city = "Sydney", phone = "02 9000 0000", ...rest } = overrides as { city?: string; phone?: string } & Record<string, unknown>;
  return {
    id,
    name: `Test Motors ${city} ${id}`,
    slug: `test-motors-${city.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id.toLowerCase()}`,
    dealership_id: "d1",
    dealership_slug: dealerSlug,
    address: { street: "1 Main Road", city, state: "NSW", postcode: "2000", lat: -33.8, long: 151.2 },
    contact_detail: { phone },
    ...rest,
  };
}

/** One dealership of a dealer built with groupTenantInput, with its locations (locationInput overrides plus an id). */
export interface DealershipInput {
  id: string;
  slug: string;
  name?: string;
  locations: ({ id: string } & Record<string, unknown>)[];
}

/**
 * tenant.json content for a dealer with several dealerships, each with its own locations (a dealer group):
 * minimalTenantInput with its dealerships and locations replaced. Each location is locationInput's sales
 * yard tied to its dealership (dealership_id, dealership_slug), with the location's own overrides (city,
 * phone, location_type, manufacturers, slug...); the first location is the primary one unless a location
 * says which is.
 */
export function groupTenantInput(slug: string, dealerships: DealershipInput[], overrides: Record<string, unknown> = {}) {
  const primaryGiven = dealerships.some((d) => d.locations.some((l) => l.primary !== undefined));
  const locations = dealerships.flatMap((d) =>
    d.locations.map(({ id, ...rest }) => locationInput(slug, id, { dealership_id: d.id, dealership_slug: d.slug, ...rest })),
  );
  if (!primaryGiven && locations.length) Object.assign(locations[0], { primary: true });
  return minimalTenantInput(slug, {
    dealerships: dealerships.map((d) => ({ id: d.id, slug: d.slug, name: d.name ?? `Test Motors ${d.slug}` })),
    locations,
    ...overrides,
  });
}

/** A parsed dealer group (every default filled in) from groupTenantInput. */
export function testGroupTenant(slug: string, dealerships: DealershipInput[], overrides: Record<string, unknown> = {}): TenantConfig {
  return parseTenantConfig(groupTenantInput(slug, dealerships, overrides), `${slug}/tenant.json`);
}

/** A parsed tenant config (every default filled in) from minimalTenantInput plus overrides. */
export function testTenant(slug: string, overrides: Record<string, unknown> = {}): TenantConfig {
  return parseTenantConfig(minimalTenantInput(slug, overrides), `${slug}/tenant.json`);
}

/**
 * A tenants folder on disk, as the server reads it (tenants/<slug>/tenant.json), written to a fresh temp
 * directory from tenant.json contents such as minimalTenantInput's. Returns the folder.
 */
export function writeTenantsDir(tenants: { slug: string }[], prefix = "test-tenants-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const tenant of tenants) {
    fs.mkdirSync(path.join(dir, tenant.slug));
    fs.writeFileSync(path.join(dir, tenant.slug, "tenant.json"), JSON.stringify(tenant, null, 2));
  }
  return dir;
}
