import type { DealerLoadContext } from "@server/http/loadContext";
import type { Platform } from "@server/platform.server";

/**
 * The load context the server entry would build for a request: the dealer its host names (none for an
 * unknown host), a test shopper's address and a fixed nonce. Route tests pass it to loaders and actions.
 */
export function contextFor(platform: Platform, request: Request, extra: Partial<DealerLoadContext> = {}): Partial<DealerLoadContext> {
  return {
    platform,
    tenant: platform.tenants.resolveHost(new URL(request.url).host) ?? undefined,
    clientAddress: "203.0.113.5",
    nonce: "dGVzdC1ub25jZS0xMjM0NQ==",
    ...extra,
  };
}
