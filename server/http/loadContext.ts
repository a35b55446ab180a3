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
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends Partial<DealerLoadContext> {
    remoteAddress?: string;
  }
}

/** The shopper's address for rate limits and visitor counts; "unknown" when no server entry ran. */
export function clientAddressOf(context: { clientAddress?: string; remoteAddress?: string } | undefined): string {
  return context?.clientAddress || context?.remoteAddress || "unknown";
}
