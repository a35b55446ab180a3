/**
 * What the server entry hands every loader and action (Remix load context): the dealer resolved once
 * from the request's host, the platform, the address of the shopper's connection and this response's
 * Content-Security-Policy nonce. Loaders read the dealer from here instead of resolving it again.
 */
import type { Platform } from "../platform.server";
import type { TenantConfig } from "../tenants/schema";

export interface DealerLoadContext {
  platform: Platform;
  tenant: TenantConfig;
  /**
   * The shopper's address: the socket's, or with TRUST_PROXY=N the X-Forwarded-For entry written by the
   * Nth proxy from us (never an entry the shopper could have typed).
   */
  clientAddress: string;
  /** Per-response nonce for inline scripts (Content-Security-Policy). */
  nonce: string;
}

declare module "@remix-run/server-runtime" {
  // Routes called directly by tests get no context, so every field is optional to loaders.
  interface AppLoadContext extends Partial<DealerLoadContext> {
    remoteAddress?: string;
  }
}

/**
 * The dealer served at this request's address, or null. The server entry builds the request URL from the
 * Host header, or from X-Forwarded-Host when TRUST_PROXY says a proxy sets it, so the URL's host is the
 * one answer every part of a request uses (load context, page cache key).
 */
export function tenantForRequest(platform: Platform, request: Request): TenantConfig | null {
  return platform.tenants.resolveHost(new URL(request.url).host);
}

/**
 * The dealer and platform of this request, from the load context the server entry built; a host that
 * serves no dealer is a 404. Tests build the same context (tests/support/loadContext.ts).
 */
export function dealerFrom(context: AppLoadContextLike): { platform: Platform; tenant: TenantConfig } {
  const platform = platformFrom(context);
  if (!context?.tenant) throw new Response("No dealer site is served at this address.", { status: 404, statusText: "Unknown site" });
  return { platform, tenant: context.tenant };
}

/** The platform of this request (for routes that serve every dealer alike: health, media, commands). */
export function platformFrom(context: AppLoadContextLike): Platform {
  if (!context?.platform) throw new Error("No load context: requests reach the site through the server entry (server/http/siteServer.ts).");
  return context.platform;
}

type AppLoadContextLike = Partial<DealerLoadContext> | undefined;

/** The shopper's address for rate limits and visitor counts; "unknown" when no server entry ran. */
export function clientAddressOf(context: { clientAddress?: string; remoteAddress?: string } | undefined): string {
  return context?.clientAddress || context?.remoteAddress || "unknown";
}
