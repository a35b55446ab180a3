/**
 * Fetches a dealer's source photo over HTTP: only from allowed hosts (redirects are followed only to
 * allowed hosts, at most three; a host only the dealer's feed vouches for only at a public address),
 * within a time limit, and never more than a byte limit is read.
 */
import type { FetchedPhoto, PhotoSource } from "./port";
import { resolvesPublicly } from "./publicAddress";

export interface HttpPhotoSourceOptions {
  /** Whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Largest source accepted; a bigger one is dropped as soon as it is known to be bigger. */
  maxBytes?: number;
  /** Whether a host resolves only to public addresses (asked of hosts only a feed vouches for). */
  isPublicHost?: (host: string) => Promise<boolean>;
}

export const PHOTO_FETCH_TIMEOUT_MS = 8_000;
export const PHOTO_SOURCE_MAX_BYTES = 15 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export function createHttpPhotoSource(options: HttpPhotoSourceOptions = {}): PhotoSource {
  const timeoutMs = options.timeoutMs ?? PHOTO_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PHOTO_SOURCE_MAX_BYTES;
  const isPublicHost = options.isPublicHost ?? resolvesPublicly;

  return {
    async fetch(url, allowed): Promise<FetchedPhoto> {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        let at = url;
        for (let hop = 0; ; hop++) {
          const verdict = allowed(at);
          if (!verdict || (verdict === "if-public" && !(await isPublicHost(new URL(at).hostname))))
            return { ok: false, reason: "not-allowed" };
          const response = await fetch(at, { redirect: "manual", signal, headers: { Accept: "image/*" } });
          if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
            await response.body?.cancel();
            if (hop >= MAX_REDIRECTS) return { ok: false, reason: "unreachable" };
            at = new URL(response.headers.get("location")!, at).toString();
            continue;
          }
          if (!response.ok || !response.body) {
            await response.body?.cancel();
            return { ok: false, reason: "missing" };
          }
          const declared = Number(response.headers.get("content-length"));
          if (Number.isFinite(declared) && declared > maxBytes) {
            await response.body.cancel();
            return { ok: false, reason: "too-large" };
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
              return { ok: false, reason: "too-large" };
            }
            chunks.push(value);
          }
          return { ok: true, bytes: Buffer.concat(chunks) };
        }
      } catch {
        return { ok: false, reason: signal.aborted ? "timeout" : "unreachable" };
      }
    },
  };
}
