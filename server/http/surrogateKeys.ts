/**
 * Surrogate keys (cache tags): the names a CDN files a public answer under, so a stock change can purge
 * every copy of a dealer's pages, or of one car's, by name (docs/cdn.md). Every public answer of a dealer
 * carries `dealer-<slug>`; a vehicle page adds its car and a results page each car it shows (`car-<id>`).
 * They go out twice, once per CDN's spelling: `Cache-Tag` (Cloudflare, comma-separated) and
 * `Surrogate-Key` (Fastly, space-separated); each CDN strips its own before the shopper's browser sees it.
 *
 * Pure: tag names, the two header values and the merge the pipeline does; nothing here sends anything.
 */

/** Cloudflare's header: tags separated by commas. */
export const CACHE_TAG_HEADER = "Cache-Tag";
/** Fastly's header: keys separated by spaces. */
export const SURROGATE_KEY_HEADER = "Surrogate-Key";
export const SURROGATE_KEY_HEADERS = [CACHE_TAG_HEADER, SURROGATE_KEY_HEADER] as const;

/**
 * The longest header value sent: Cloudflare keeps at most 16 KB of tags per answer (after the header
 * name) and Fastly 16 KB per Surrogate-Key header. Tags past it are left off, the dealer's first.
 */
export const MAX_TAG_HEADER_BYTES = 16_000;
/** Cloudflare keeps at most 1,000 distinct tags per answer. */
export const MAX_TAGS = 1_000;
/** One tag's longest form (Fastly allows 1,024 bytes a key; ours are far shorter). */
export const MAX_TAG_LENGTH = 128;

/**
 * A tag both CDNs read the same way: lower case (Cloudflare's tags are case-insensitive), only letters,
 * digits, `.`, `_` and `-` (no comma or space, the separators, nor anything a header cannot carry),
 * anything else written as `_`, and at most MAX_TAG_LENGTH characters. The answer and the purge name a
 * tag through this one function, so they always agree.
 */
export function tagName(prefix: string, value: string): string {
  return `${prefix}-${value}`
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, "_")
    .slice(0, MAX_TAG_LENGTH);
}

/** Every public answer of this dealer. */
export const dealerTag = (slug: string) => tagName("dealer", slug);
/** Every public answer that shows this car (its page, the results pages it is on). */
export const carTag = (id: string) => tagName("car", id);

/** Whether a string is a tag as `tagName` makes them (a purge refuses anything else). */
export const isTag = (tag: string) => tag.length > 0 && tag.length <= MAX_TAG_LENGTH && /^[a-z0-9._-]+$/.test(tag);

/** The tags in order, each once, as many as fit the bounds (both headers are the same length). */
export function boundedTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const tag of tags) {
    if (!isTag(tag) || seen.has(tag)) continue;
    const added = (kept.length ? 1 : 0) + tag.length;
    if (kept.length >= MAX_TAGS || bytes + added > MAX_TAG_HEADER_BYTES) break;
    seen.add(tag);
    kept.push(tag);
    bytes += added;
  }
  return kept;
}

/** The two headers for these tags (none when there are none). */
export function surrogateKeyHeaders(tags: readonly string[]): Record<string, string> {
  const kept = boundedTags(tags);
  if (!kept.length) return {};
  return { [CACHE_TAG_HEADER]: kept.join(","), [SURROGATE_KEY_HEADER]: kept.join(" ") };
}

/** The tags an answer already carries (from either header; Cloudflare's spelling read first). */
export function tagsOf(headers: Headers): string[] {
  const cacheTag = headers.get(CACHE_TAG_HEADER);
  const surrogateKey = headers.get(SURROGATE_KEY_HEADER);
  return [...(cacheTag ?? "").split(","), ...(surrogateKey ?? "").split(" ")].map((tag) => tag.trim()).filter(Boolean);
}

/** Whether shared caches may keep this answer: `public` in its Cache-Control, nothing private or unstored. */
export function isPublicAnswer(headers: Headers): boolean {
  const control = (headers.get("cache-control") ?? "").toLowerCase();
  return /(^|[\s,])public([\s,]|$)/.test(control) && !/no-store|private/.test(control);
}

/**
 * What the pipeline does to every answer (server/http/siteServer.ts): a public answer of a dealer gets
 * `dealer-<slug>` first, then the tags its route gave (a car's, a results page's cars); fingerprinted
 * files (`immutable`) are left alone, since a purge could only make the CDN fetch the same bytes again.
 * Any other answer carries no tags: a private page or a failure is never the CDN's to keep.
 */
export function tagAnswer(headers: Headers, dealer: string | null | undefined): void {
  const control = (headers.get("cache-control") ?? "").toLowerCase();
  const tagged = dealer && isPublicAnswer(headers) && !/(^|[\s,])immutable([\s,]|$)/.test(control);
  // Headers are touched only when there is something to change (a redirect's may be read-only).
  if (!tagged) {
    for (const name of SURROGATE_KEY_HEADERS) if (headers.has(name)) headers.delete(name);
    return;
  }
  const tags = boundedTags([dealerTag(dealer), ...tagsOf(headers)]);
  for (const [name, value] of Object.entries(surrogateKeyHeaders(tags))) headers.set(name, value);
}
