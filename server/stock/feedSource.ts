/**
 * Fetches a dealer's stock feed from its address (stock.feed.url): a conditional GET (If-None-Match
 * with the last ETag, If-Modified-Since with the last Last-Modified), at most three redirects, all
 * within one time limit, and never more than the import's byte limit read (a bigger feed is dropped as
 * soon as it is known to be bigger, compressed or not). It never throws: every failure is an answer.
 * Each request goes through the outbound helper (server/http/outbound.ts); a pull whose connection
 * failed is asked once more (p-retry), and an answer the feed's server gave (a 500) waits for the next
 * scheduled pull.
 */
import pRetry from "p-retry";
import { causeCode, OutboundError, outboundFetch } from "../http/outbound";
import { MAX_IMPORT_BYTES } from "./import";

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedFetch =
  | { kind: "not-modified"; status: number }
  | { kind: "fetched"; status: number; bytes: Uint8Array; contentType: string; etag: string | null; lastModified: string | null }
  | { kind: "failed"; status: number | null; reason: string };

/** The port: where pulled feeds come from (HTTP in production; tests point it at a fake feed host). */
export interface FeedSource {
  fetch(url: string, validators: FeedValidators): Promise<FeedFetch>;
}

export interface HttpFeedSourceOptions {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  fetchImpl?: typeof fetch;
}

export const FEED_FETCH_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 3;
export const FEED_USER_AGENT = "dealer-sites-stock-feed/1";
const ACCEPT = "text/csv, text/tab-separated-values, application/json, application/xml, text/xml;q=0.9, */*;q=0.5";

/** A connection that failed, worth one more try on a fresh one. */
class ConnectionFailed extends Error {}

export function createHttpFeedSource(options: HttpFeedSourceOptions = {}): FeedSource {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  const doFetch = options.fetchImpl ?? fetch;
  const limitMb = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;

  return {
    async fetch(url, validators): Promise<FeedFetch> {
      const signal = AbortSignal.timeout(timeoutMs);
      // A connection the feed's server had closed while it sat in the pool fails at once: ask once more on a fresh one.
      try {
        return await pRetry(() => attempt(url, validators, signal), {
          retries: 1,
          minTimeout: 0,
          shouldRetry: ({ error }) => error instanceof ConnectionFailed && !signal.aborted,
        });
      } catch (error) {
        if (signal.aborted) return { kind: "failed", status: null, reason: `no complete answer within ${Math.round(timeoutMs / 1000)} s` };
        return { kind: "failed", status: null, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };

  /** One pull, redirects and body included: an answer, or ConnectionFailed. */
  async function attempt(url: string, validators: FeedValidators, signal: AbortSignal): Promise<FeedFetch> {
    {
      try {
        let at = url;
        for (let hop = 0; ; hop++) {
          if (!/^https?:\/\//i.test(at))
            return { kind: "failed", status: null, reason: `redirected to ${at.slice(0, 100)}, which is not an http(s) address` };
          const headers: Record<string, string> = { Accept: ACCEPT, "User-Agent": FEED_USER_AGENT };
          if (validators.etag) headers["If-None-Match"] = validators.etag;
          if (validators.lastModified) headers["If-Modified-Since"] = validators.lastModified;
          const response = await outboundFetch({
            provider: "stock feed",
            url: at,
            headers,
            redirect: "manual",
            timeoutMs,
            signal,
            fetch: doFetch,
          });
          if (response.status >= 300 && response.status < 400 && response.status !== 304 && response.headers.has("location")) {
            await response.body?.cancel();
            if (hop >= MAX_REDIRECTS) return { kind: "failed", status: response.status, reason: `more than ${MAX_REDIRECTS} redirects` };
            at = new URL(response.headers.get("location")!, at).toString();
            continue;
          }
          if (response.status === 304) {
            await response.body?.cancel();
            return { kind: "not-modified", status: 304 };
          }
          if (!response.ok || !response.body) {
            await response.body?.cancel();
            return { kind: "failed", status: response.status, reason: `the feed's server answered HTTP ${response.status}` };
          }
          const declared = Number(response.headers.get("content-length"));
          if (Number.isFinite(declared) && declared > maxBytes) {
            await response.body.cancel();
            return { kind: "failed", status: response.status, reason: `the feed is larger than ${limitMb}` };
          }
          const chunks: Uint8Array[] = [];
          let total = 0;
          const reader = response.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            total += value.byteLength;
            if (total > maxBytes) {
              await reader.cancel();
              return { kind: "failed", status: response.status, reason: `the feed is larger than ${limitMb}` };
            }
            chunks.push(value);
          }
          return {
            kind: "fetched",
            status: response.status,
            bytes: Buffer.concat(chunks),
            contentType: response.headers.get("content-type") ?? "",
            etag: response.headers.get("etag"),
            lastModified: response.headers.get("last-modified"),
          };
        }
      } catch (error) {
        if (signal.aborted) throw error;
        const code = error instanceof OutboundError ? causeCode(error.cause) : causeCode(error);
        throw new ConnectionFailed(`the feed could not be fetched (${code})`);
      }
    }
  }
}
