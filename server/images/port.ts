/**
 * The photo route's two outside-facing parts (docs/decisions/0018): fetching a dealer's source photo
 * from its host, and keeping the resized results. Embedded defaults: an HTTP fetch with a timeout and a
 * byte limit (httpPhotoSource.ts) and a disk cache with a size cap under DATA_DIR (diskPhotoCache.ts).
 */

/** Why a source could not be used; the route answers each with the placeholder picture. */
export type PhotoSourceFailure = "not-allowed" | "missing" | "timeout" | "too-large" | "unreachable";

export type FetchedPhoto = { ok: true; bytes: Buffer } | { ok: false; reason: PhotoSourceFailure };

export interface PhotoSource {
  /**
   * The bytes at `url`, read only while the host (and every redirect's host) passes `allowed`, at most
   * `maxBytes` of them and within `timeoutMs`. A host `allowed` answers "if-public" for (one only a stock
   * feed vouches for) is asked only when its name resolves to public addresses. Never throws.
   */
  fetch(url: string, allowed: (url: string) => boolean | "if-public"): Promise<FetchedPhoto>;
}

export interface PhotoCache {
  /** The stored bytes for a key, or null. */
  get(key: string): Promise<Buffer | null>;
  /** Whether a key is stored (without reading it). */
  has(key: string): Promise<boolean>;
  /** Stores bytes under a key; the oldest entries are dropped while the cache is over its cap. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Bytes held now (for the cap's tests and the bench). */
  size(): Promise<number>;
}
