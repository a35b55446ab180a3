/**
 * Choosing the CDN adapter, and what a stock change purges (docs/cdn.md). CDN_PROVIDER picks it:
 * "cloudflare" with CDN_API_TOKEN and CDN_ZONE_ID, "fastly" with CDN_API_TOKEN and CDN_SERVICE_ID
 * (parseEnv refuses a provider without its settings, or settings without their provider); unset or
 * "none", nothing is in front to purge. CDN_API_URL moves the provider's API (tests use a fake). The
 * platform makes it once at start (server/platform.server.ts) as `platform.cdn`, and purges through it
 * on every stock change in this process.
 */
import type { Env } from "../config/env.server";
import { carTag, dealerTag } from "../http/surrogateKeys";
import { log } from "../log";
import { CloudflareCdn, CLOUDFLARE_TAGS_PER_CALL } from "./cloudflare";
import { nothingInFront } from "./embedded";
import { FastlyCdn } from "./fastly";
import type { Cdn } from "./port";

export * from "./port";
export { CloudflareCdn, CLOUDFLARE_API_URL, CLOUDFLARE_TAGS_PER_CALL } from "./cloudflare";
export { FastlyCdn, FASTLY_API_URL, FASTLY_KEYS_PER_CALL } from "./fastly";
export { nothingInFront } from "./embedded";

type CdnEnv = Pick<Env, "CDN_PROVIDER" | "CDN_API_TOKEN" | "CDN_ZONE_ID" | "CDN_SERVICE_ID" | "CDN_API_URL">;

export function createCdnFromEnv(env: CdnEnv): Cdn {
  if (env.CDN_PROVIDER === "cloudflare" && env.CDN_API_TOKEN && env.CDN_ZONE_ID) {
    log.info("CDN: Cloudflare in front; a stock change purges the dealer's pages by cache tag");
    return new CloudflareCdn({ token: env.CDN_API_TOKEN, zoneId: env.CDN_ZONE_ID, apiUrl: env.CDN_API_URL });
  }
  if (env.CDN_PROVIDER === "fastly" && env.CDN_API_TOKEN && env.CDN_SERVICE_ID) {
    log.info("CDN: Fastly in front; a stock change purges the dealer's pages by surrogate key");
    return new FastlyCdn({ token: env.CDN_API_TOKEN, serviceId: env.CDN_SERVICE_ID, apiUrl: env.CDN_API_URL });
  }
  log.info(
    "CDN: nothing in front to purge; a stock change drops this server's page cache only (set CDN_PROVIDER with its settings to purge a CDN)",
  );
  return nothingInFront;
}

/**
 * Car tags sent with a stock change's purge, besides the dealer's: the dealer's tag already reaches every
 * page of the dealer, cars' pages and results included, so the cars' own add nothing but a record of what
 * changed; a few (a reservation, a sale) fit the dealer's one Cloudflare call, and a large import sends
 * the dealer's tag alone rather than spend the purge rate limit on tags it already covers.
 */
export const CAR_TAGS_PER_STOCK_PURGE = CLOUDFLARE_TAGS_PER_CALL - 1;

/** The tags a stock change of this dealer purges: the dealer's, and the changed cars' when few. */
export function stockChangeTags(tenant: string, ids: readonly string[]): string[] {
  const cars = ids.length <= CAR_TAGS_PER_STOCK_PURGE ? ids.map(carTag) : [];
  return [dealerTag(tenant), ...cars];
}

/**
 * The stock change listener: purges the dealer's tags at the CDN. It never throws nor waits: a purge that
 * fails is logged (the CDN's copies then expire by themselves: a minute, and 30 seconds served stale), and an import or a reservation goes
 * on. The call leaves after every listener has run, so this process's page cache is already dropped
 * when the CDN fetches the page again.
 */
export function purgeOnStockChange(cdn: Cdn): (tenant: string, ids: readonly string[]) => void {
  return (tenant, ids) => {
    const tags = stockChangeTags(tenant, ids);
    void Promise.resolve()
      .then(() => cdn.purgeTags(tags))
      .catch((error: unknown) => {
        log.warn("CDN purge failed; the CDN's copies of the dealer's pages expire by themselves within 90 seconds", {
          tenant,
          cdn: cdn.name,
          error: error instanceof Error ? error.message : "unknown error",
        });
      });
  };
}
