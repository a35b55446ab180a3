/**
 * Cloudflare: purge by cache tag. One `POST {api}/client/v4/zones/{zone id}/purge_cache` with
 * `{"tags":[...]}` and the API token as a bearer token (CDN_API_TOKEN: a token with the zone's Cache
 * Purge permission), at most 30 tags a call (the limit Cloudflare's API reference gives for tags, hosts
 * or prefixes per call), through the outbound helper (server/http/outbound.ts): a purge may be repeated,
 * so a network failure, a time-out, 429 or 5xx is tried twice more. Cloudflare answers
 * `{"success":true,...}`; anything else is a failure. The answers' Cache-Tag headers carry the same tags
 * (server/http/surrogateKeys.ts); Cloudflare strips that header before the shopper's browser sees it.
 */
import { z } from "zod";
import { outboundJson } from "../http/outbound";
import { purgeInBatches } from "./batches";
import { CdnPurgeError, type Cdn } from "./port";

export const CLOUDFLARE_API_URL = "https://api.cloudflare.com";
/** Tags per purge call. */
export const CLOUDFLARE_TAGS_PER_CALL = 30;

const PROVIDER = "Cloudflare purge_cache";

const answerSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number().optional() }).passthrough()).default([]),
});

export interface CloudflareCdnOptions {
  /** The API token (Zone > Cache Purge). Sent only to the API, never logged. */
  token: string;
  zoneId: string;
  /** The API's address (CDN_API_URL; tests point it at a fake). */
  apiUrl?: string;
  timeoutMs?: number;
  /** Further tries of a call after a network failure, a time-out, 429 or 5xx (default 2). */
  retries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export class CloudflareCdn implements Cdn {
  readonly name = "cloudflare" as const;
  private readonly endpoint: string;

  constructor(private readonly options: CloudflareCdnOptions) {
    const base = (options.apiUrl ?? CLOUDFLARE_API_URL).replace(/\/+$/, "");
    this.endpoint = `${base}/client/v4/zones/${encodeURIComponent(options.zoneId)}/purge_cache`;
  }

  purgeTags(tags: readonly string[]): Promise<void> {
    return purgeInBatches(PROVIDER, tags, CLOUDFLARE_TAGS_PER_CALL, async (batch) => {
      const reply = await outboundJson({
        provider: PROVIDER,
        url: this.endpoint,
        method: "POST",
        headers: { Authorization: `Bearer ${this.options.token}` },
        json: { tags: batch },
        timeoutMs: this.options.timeoutMs ?? 10_000,
        retries: this.options.retries ?? 2,
        backoffMs: this.options.backoffMs,
        fetch: this.options.fetch,
      });
      const answer = answerSchema.safeParse(reply);
      if (!answer.success) throw new CdnPurgeError(`${PROVIDER}: an answer that is not Cloudflare's`, batch);
      if (!answer.data.success) {
        const codes = answer.data.errors.map((e) => e.code).filter((code) => code !== undefined);
        throw new CdnPurgeError(`${PROVIDER}: refused${codes.length ? ` (error ${codes.join(", ")})` : ""}`, batch);
      }
    });
  }
}
