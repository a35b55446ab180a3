/**
 * Per-request site context: the tenant comes from the Host header only, never from a form or query.
 */
import type { TenantConfig } from "./tenants/schema";
import { bootPlatform, type Platform } from "./platform.server";

export interface SiteContext {
  platform: Platform;
  tenant: TenantConfig;
}

/** The site for this request; throws a 404 Response when the host serves no dealer site. */
export async function requireSite(request: Request): Promise<SiteContext> {
  const platform = await bootPlatform();
  const host = request.headers.get("x-forwarded-host") && process.env.TRUST_PROXY === "1"
    ? request.headers.get("x-forwarded-host")
    : request.headers.get("host") ?? new URL(request.url).host;
  const tenant = platform.tenants.resolveHost(host);
  if (!tenant) throw new Response("No dealer site is served at this address.", { status: 404, statusText: "Unknown site" });
  return { platform, tenant };
}
