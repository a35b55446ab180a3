/**
 * A short-lived cache of whole pages in front of Remix, for anonymous GETs of pages that declare
 * themselves shareable (`Cache-Control: public, max-age=N`) — the same pages a CDN in front of the
 * site would cache, for the same time. It is what lets one Node process answer a results page to
 * 50 shoppers at once within the latency budget.
 *
 * - Keyed by host and URL: a dealer's page is never served on another dealer's host.
 * - Never for requests carrying cookies or credentials, nor responses setting cookies.
 * - Concurrent misses for one page share one render.
 * - A page may ask for its views to be counted (header `X-Page-View: <analytics event id>`); the cache
 *   calls `onView` for every hit, so counts stay right when the render is skipped.
 */
export type FetchHandler<C> = (request: Request, context: C) => Promise<Response>;

export const PAGE_VIEW_HEADER = "X-Page-View";

export interface PageCacheOptions {
  /** Pages kept at most (oldest dropped first). */
  maxEntries?: number;
  /** Upper bound on how long any page is kept, whatever its max-age. */
  maxAgeCapSeconds?: number;
  /** Largest body kept. */
  maxBodyBytes?: number;
  /** A cached page was served that asked for its views to be counted. */
  onView?: (request: Request, eventId: number) => void;
  clock?: () => number;
}

interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  storedAt: number;
  expiresAt: number;
  viewEvent: number | null;
}

/** Seconds a response may be kept, or 0 when it must not be cached. */
export function cacheableSeconds(response: Response, cap: number): number {
  if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
  const vary = response.headers.get("vary");
  if (vary && vary.split(",").some((v) => !["accept-encoding", ""].includes(v.trim().toLowerCase()))) return 0;
  const control = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(control) || /no-store|no-cache|private/.test(control)) return 0;
  const maxAge = /(?:^|[\s,])max-age=(\d+)/.exec(control);
  return maxAge ? Math.min(Number(maxAge[1]), cap) : 0;
}

function isShareableRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("cookie") && !request.headers.has("authorization");
}

export function withPageCache<C>(handler: FetchHandler<C>, options: PageCacheOptions = {}): FetchHandler<C> & { size(): number; clear(): void } {
  const maxEntries = options.maxEntries ?? 500;
  const cap = options.maxAgeCapSeconds ?? 60;
  const maxBody = options.maxBodyBytes ?? 1_000_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | Response>>();

  const respond = (entry: Entry, request: Request, hit: boolean): Response => {
    if (hit && entry.viewEvent !== null) options.onView?.(request, entry.viewEvent);
    const headers = new Headers(entry.headers);
    headers.set("X-Page-Cache", hit ? "hit" : "miss");
    if (hit) headers.set("Age", String(Math.floor((clock() - entry.storedAt) / 1000)));
    return new Response(request.method === "HEAD" ? null : entry.body.slice(0), { status: entry.status, headers });
  };

  async function render(request: Request, context: C): Promise<Entry | Response> {
    const response = await handler(request, context);
    const seconds = cacheableSeconds(response, cap);
    if (!seconds) return response;
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    const view = Number(headers.get(PAGE_VIEW_HEADER));
    headers.delete(PAGE_VIEW_HEADER);
    const now = clock();
    const entry: Entry = {
      body,
      status: response.status,
      headers: [...headers.entries()],
      storedAt: now,
      expiresAt: now + seconds * 1000,
      viewEvent: Number.isInteger(view) && view > 0 ? view : null,
    };
    return entry;
  }

  const cached = async (request: Request, context: C): Promise<Response> => {
    if (!isShareableRequest(request)) return handler(request, context);
    const url = new URL(request.url);
    const key = `${request.headers.get("host") ?? url.host}${url.pathname}${url.search}`;
    const entry = entries.get(key);
    if (entry && entry.expiresAt > clock()) return respond(entry, request, true);
    if (entry) entries.delete(key);

    const waiting = rendering.get(key);
    if (waiting) {
      const shared = await waiting;
      // Another shopper's render was not cacheable: render this one on its own.
      return shared instanceof Response ? handler(request, context) : respond(shared, request, true);
    }
    const task = render(request, context);
    rendering.set(key, task);
    try {
      const result = await task;
      if (result instanceof Response) return result;
      if (result.body.byteLength <= maxBody) {
        entries.set(key, result);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return respond(result, request, false);
    } finally {
      rendering.delete(key);
    }
  };

  return Object.assign(cached, { size: () => entries.size, clear: () => entries.clear() });
}
