/**
 * Loads every dealer site from tenants/<slug>/tenant.json and picks one by host name:
 * configured domains, then <slug>.localhost, then DEFAULT_TENANT for a bare loopback host.
 * Any other host has no site (the caller answers 404).
 */
import fs from "node:fs";
import path from "node:path";
import { tenantConfigSchema, type TenantConfig } from "./schema";

export class TenantConfigError extends Error {
  constructor(
    readonly file: string,
    readonly issues: string[],
  ) {
    super(`Tenant config ${file} is invalid: ${issues.join("; ")}`);
  }
}

export function parseTenantConfig(raw: unknown, file: string): TenantConfig {
  const parsed = tenantConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new TenantConfigError(
      file,
      parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
    );
  }
  const folder = path.basename(path.dirname(file));
  if (folder !== parsed.data.slug && folder !== ".") {
    throw new TenantConfigError(file, [`slug: "${parsed.data.slug}" does not match its folder "${folder}"`]);
  }
  return parsed.data;
}

export function loadTenantsFromDir(dir: string): TenantConfig[] {
  if (!fs.existsSync(dir)) throw new TenantConfigError(dir, ["tenants folder not found"]);
  const tenants: TenantConfig[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(dir, entry.name, "tenant.json");
    if (!fs.existsSync(file)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      throw new TenantConfigError(file, [`not valid JSON (${(error as Error).message})`]);
    }
    tenants.push(parseTenantConfig(raw, file));
  }
  if (tenants.length === 0) throw new TenantConfigError(dir, ["no tenant.json found"]);
  return tenants.sort((a, b) => a.slug.localeCompare(b.slug));
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export class TenantRegistry {
  private bySlug = new Map<string, TenantConfig>();
  private byDomain = new Map<string, TenantConfig>();

  constructor(
    tenants: TenantConfig[],
    private readonly defaultSlug: string,
  ) {
    this.replace(tenants);
  }

  /**
   * Takes new settings for every dealer at once (server/tenants/watchSettings.ts): requests from here on
   * see them. Returns the slugs whose settings changed, were added or removed. Throws, keeping the
   * current settings, when the default dealer would be missing.
   */
  replace(tenants: TenantConfig[]): string[] {
    const bySlug = new Map<string, TenantConfig>();
    const byDomain = new Map<string, TenantConfig>();
    for (const tenant of tenants) {
      bySlug.set(tenant.slug, tenant);
      for (const domain of tenant.domains) byDomain.set(domain.toLowerCase(), tenant);
    }
    if (!bySlug.has(this.defaultSlug)) {
      throw new TenantConfigError("DEFAULT_TENANT", [`no tenant with slug "${this.defaultSlug}"`]);
    }
    const changed = [...new Set([...bySlug.keys(), ...this.bySlug.keys()])].filter(
      (slug) => JSON.stringify(bySlug.get(slug)) !== JSON.stringify(this.bySlug.get(slug)),
    );
    this.bySlug = bySlug;
    this.byDomain = byDomain;
    return changed;
  }

  all(): TenantConfig[] {
    return [...this.bySlug.values()];
  }

  get(slug: string): TenantConfig | undefined {
    return this.bySlug.get(slug);
  }

  /** The tenant for a Host header value, or null when the host serves no site. */
  resolveHost(hostHeader: string | null | undefined): TenantConfig | null {
    const host = normaliseHost(hostHeader);
    if (!host) return null;
    const byDomain = this.byDomain.get(host);
    if (byDomain) return byDomain;
    if (host.endsWith(".localhost")) {
      return this.bySlug.get(host.slice(0, -".localhost".length)) ?? null;
    }
    if (LOOPBACK_HOSTS.has(host)) return this.bySlug.get(this.defaultSlug) ?? null;
    return null;
  }
}

/** Lower-cased host without port; null for anything that is not a plausible host name. */
export function normaliseHost(hostHeader: string | null | undefined): string | null {
  if (!hostHeader) return null;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end > 0 ? host.slice(0, end + 1) : null;
  }
  host = host.replace(/:\d+$/, "").replace(/\.$/, "");
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
}
