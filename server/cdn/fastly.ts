/**
 * Fastly: purge by surrogate key. One `POST {api}/service/{service id}/purge` with the keys in a
 * `Surrogate-Key` header (space-separated) and the API token in `Fastly-Key` (CDN_API_TOKEN: a token
 * with purge_select on the service), at most 256 keys a call (Fastly's batch purge limit), through the
 * outbound helper (server/http/outbound.ts): a purge may be repeated, so a network failure, a time-out,
 * 429 or 5xx is tried twice more. A hard purge (no Fastly-Soft-Purge): a purged copy is never served
 * stale. Fastly answers a JSON object of each key's purge id. The answers' Surrogate-Key headers carry
 * the same keys (server/http/surrogateKeys.ts); Fastly strips that header before the shopper's browser
 * sees it.
 */
import { z } from "zod";
import { outboundJson } from "../http/outbound";
import { purgeInBatches } from "./batches";
import { CdnPurgeError, type Cdn } from "./port";

export const FASTLY_API_URL = "https://api.fastly.com";
/** Surrogate keys per purge call. */
export const FASTLY_KEYS_PER_CALL = 256;

const PROVIDER = "Fastly purge";

const answerSchema = z.record(z.string(), z.unknown());

export interface FastlyCdnOptions {
  /** The API token (purge_select). Sent only to the API, never logged. */
  token: string;
  serviceId: string;
  /** The API's address (CDN_API_URL; tests point it at a fake). */
  apiUrl?: string;
  timeoutMs?: number;
  /** Further tries of a call after a network failure, a time-out, 429 or 5xx (default 2). */
  retries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export class FastlyCdn implements Cdn {
  readonly name = "fastly" as const;
  private readonly endpoint: string;

  constructor(private readonly options: FastlyCdnOptions) {
    const base = (options.apiUrl ?? FASTLY_API_URL).replace(/\/+$/, "");
    this.endpoint = `${base}/service/${encodeURIComponent(options.serviceId)}/purge`;
  }

  purgeTags(tags: readonly string[]): Promise<void> {
    return purgeInBatches(PROVIDER, tags, FASTLY_KEYS_PER_CALL, async (batch) => {
      const reply = await outboundJson({
        provider: PROVIDER,
        url: this.endpoint,
        method: "POST",
        headers: { "Fastly-Key": this.options.token, "Surrogate-Key": batch.join(" ") },
        timeoutMs: this.options.timeoutMs ?? 10_000,
        retries: this.options.retries ?? 2,
        backoffMs: this.options.backoffMs,
        fetch: this.options.fetch,
      });
      if (!answerSchema.safeParse(reply).success) throw new CdnPurgeError(`${PROVIDER}: an answer that is not Fastly's`, batch);
    });
  }
}
