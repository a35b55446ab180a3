/**
 * Per-request site context: the dealer comes from the request's host only, never from a form or query.
 * The server entry builds the request URL from the Host header, or from X-Forwarded-Host when
 * TRUST_PROXY says a proxy sets it, so the URL's host is the one answer every part of a request uses
 * (load context, page cache key, loaders).
 */
import type { TenantConfig } from "./tenants/schema";
import { bootPlatform, type Platform } from "./platform.server";

export interface SiteContext {
  platform: Platform;
  tenant: TenantConfig;
}

/** The dealer served at this request's address, or null. */
export function siteTenant(platform: Platform, request: Request): TenantConfig | null {
  return platform.tenants.resolveHost(new URL(request.url).host);
}

/** The site for this request; throws a 404 Response when the host serves no dealer site. */
export async function requireSite(request: Request): Promise<SiteContext> {
  const platform = await bootPlatform();
  const tenant = siteTenant(platform, request);
  if (!tenant) throw new Response("No dealer site is served at this address.", { status: 404, statusText: "Unknown site" });
  return { platform, tenant };
}
