/**
 * The CDN port (docs/cdn.md): what the server asks of a CDN in front of the dealers' sites. Every public
 * answer carries surrogate keys (server/http/surrogateKeys.ts: `dealer-<slug>`, `car-<id>`); a stock
 * change asks the CDN to drop every copy filed under the dealer's tag and the changed cars' tags.
 * Adapters: Cloudflare (purge_cache by tags), Fastly (purge by surrogate keys), and the embedded default
 * when no CDN is configured, which has nothing in front of it to purge.
 */

export interface Cdn {
  /** Which CDN: "cloudflare", "fastly", or "nothing-in-front" when none is configured. */
  readonly name: "cloudflare" | "fastly" | "nothing-in-front";
  /**
   * Drops every copy the CDN keeps under any of these tags, in as few calls as the provider allows.
   * Resolves once the CDN accepted them all; rejects with a CdnPurgeError naming the provider and what
   * failed, never the API token.
   */
  purgeTags(tags: readonly string[]): Promise<void>;
}

export class CdnPurgeError extends Error {
  constructor(
    message: string,
    /** Tags whose purge call failed (the CDN may still keep their copies until they expire). */
    readonly unpurged: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "CdnPurgeError";
  }
}
