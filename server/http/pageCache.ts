/**
 * A short-lived cache of whole pages in front of Remix, for anonymous GETs of pages that declare
 * themselves shareable (`Cache-Control: public, max-age=N`) — the same pages a CDN in front of the
 * site would cache, for the same time. It is what lets one Node process answer a results page to
 * 50 shoppers at once within the latency budget.
 *
 * - Keyed by the dealer the server resolved for the request and the full URL (`keyOf`): a dealer's
 *   page is never served on another dealer's address, whatever Host or proxy headers say.
 * - HEAD is answered from the GET render (rendered as a GET on a miss), so a HEAD can never store an
 *   empty page; an empty body is never stored.
 * - Signed-in shoppers share the public pages: a request with cookies is answered from the stored page,
 *   and once an address is known to be public (a render of it said so), a miss is rendered without the
 *   cookies and stored for everyone — so the page cannot depend on who asked. An address not yet known
 *   is rendered as asked, and learned. Requests with credentials (Authorization) always pass through.
 * - Never for responses setting cookies.
 * - Concurrent misses for one page share one render.
 * - A page's inline scripts carry the response's Content-Security-Policy nonce: a stored page gets
 *   the new response's nonce (`nonceOf`) in its body and headers, so no two responses share one.
 * - A page may ask for its views to be counted (header `X-Page-View: <analytics event id>`, with the
 *   event's payload as JSON in `X-Page-View-Payload`, e.g. the car of a vehicle page); the cache calls
 *   `onView` for every hit, so counts stay right when the render is skipped. Neither header is sent on.
 * - A shopper whose browser takes gzip gets the stored page gzipped once, with their nonce written in
 *   (`gzippedPage.ts`), instead of compressing the same page again for every hit.
 */
import { acceptsGzip, canGzipPages, gzippedWithNonce, gzipPage, type GzippedPage } from "./gzippedPage";

export type FetchHandler<C> = (request: Request, context: C) => Promise<Response>;

export const PAGE_VIEW_HEADER = "X-Page-View";
export const PAGE_VIEW_PAYLOAD_HEADER = "X-Page-View-Payload";

export interface PageCacheOptions<C = unknown> {
  /** Pages kept at most (oldest dropped first). */
  maxEntries?: number;
  /** Upper bound on how long any page is kept, whatever its max-age. */
  maxAgeCapSeconds?: number;
  /** Largest body kept. */
  maxBodyBytes?: number;
  /** A cached page was served that asked for its views to be counted. */
  onView?: (request: Request, eventId: number, context: C, payload: Record<string, unknown>) => void;
  /** The cache key for a request (the resolved dealer plus the URL), or null to pass it through uncached. */
  keyOf?: (request: Request, context: C) => string | null;
  /** The nonce this response's page must carry (see above). */
  nonceOf?: (context: C) => string | undefined;
  /** Send stored pages gzipped to browsers that take it (default true). */
  gzip?: boolean;
  clock?: () => number;
}

interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  storedAt: number;
  expiresAt: number;
  viewEvent: number | null;
  viewPayload: Record<string, unknown>;
  nonce: string | undefined;
  nonceOffsets: number[];
  /** The page gzipped, made when a shopper who takes gzip first asks for it. */
  gzipped?: GzippedPage;
}

/** Pages smaller than this go as they are (the compression middleware's own threshold). */
const GZIP_FROM_BYTES = 1024;

/** Seconds a response may be kept, or 0 when it must not be cached. */
export function cacheableSeconds(response: Response, cap: number): number {
  if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
  const vary = response.headers.get("vary");
  if (vary && vary.split(",").some((v) => !["accept-encoding", ""].includes(v.trim().toLowerCase()))) return 0;
  const control = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(control) || /no-store|no-cache|private/.test(control)) return 0;
  // A shared cache's own lifetime (s-maxage) wins over the browser's (max-age).
  const maxAge = /(?:^|[\s,])s-maxage=(\d+)/.exec(control) ?? /(?:^|[\s,])max-age=(\d+)/.exec(control);
  return maxAge ? Math.min(Number(maxAge[1]), cap) : 0;
}

function isShareableRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("authorization");
}

/** The same request as an anonymous visitor would send it. */
function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** A page view's payload as the page wrote it (a JSON object), else none. */
function payloadOf(header: string | null): Record<string, unknown> {
  if (!header) return {};
  try {
    const value: unknown = JSON.parse(header);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** How long an address is remembered as public after a render said so. */
const PUBLIC_MEMORY_MS = 10 * 60_000;

/** Without a resolved dealer the host and URL are the key, which is what a CDN would use. */
const hostAndUrl = (request: Request) => {
  const url = new URL(request.url);
  return `${request.headers.get("host") ?? url.host}${url.pathname}${url.search}`;
};

/** Where the rendering response's nonce stands in a stored page, found once when it is stored. */
function nonceOffsets(body: ArrayBuffer, nonce: string | undefined): number[] {
  if (!nonce) return [];
  const bytes = Buffer.from(body);
  const offsets: number[] = [];
  for (let at = bytes.indexOf(nonce, 0, "latin1"); at !== -1; at = bytes.indexOf(nonce, at + nonce.length, "latin1")) offsets.push(at);
  return offsets;
}

/**
 * The stored page with this response's nonce. The nonce is 128 random bits, so it stands nowhere else in
 * a page; a new nonce of the same length is written over the old one at the offsets found on storing
 * (one copy of the page per hit, as before), else the text is replaced.
 */
function withNonce(entry: Entry, nonce: string | undefined): ArrayBuffer {
  const body = entry.body.slice(0);
  if (!nonce || !entry.nonce || nonce === entry.nonce) return body;
  if (nonce.length !== entry.nonce.length) {
    const replaced = Buffer.from(Buffer.from(body).toString("latin1").replaceAll(entry.nonce, nonce), "latin1");
    return replaced.buffer.slice(replaced.byteOffset, replaced.byteOffset + replaced.byteLength) as ArrayBuffer;
  }
  const bytes = Buffer.from(body);
  for (const at of entry.nonceOffsets) bytes.write(nonce, at, "latin1");
  return body;
}

/** The stored headers with this response's nonce. */
const headersWithNonce = (entry: Entry, nonce: string | undefined): [string, string][] =>
  !nonce || !entry.nonce || nonce === entry.nonce
    ? entry.headers
    : entry.headers.map(([name, value]) => [name, value.replaceAll(entry.nonce!, nonce)]);

/** Whether this response can be the stored page gzipped once (see `gzippedPage.ts`). */
function canSendGzipped(entry: Entry, request: Request, nonce: string | undefined): boolean {
  return (
    canGzipPages &&
    entry.body.byteLength >= GZIP_FROM_BYTES &&
    !entry.headers.some(([name]) => name === "content-encoding") &&
    (!nonce || !entry.nonce || nonce.length === entry.nonce.length) &&
    acceptsGzip(request.headers.get("accept-encoding"))
  );
}

export function withPageCache<C>(
  handler: FetchHandler<C>,
  options: PageCacheOptions<C> = {},
): FetchHandler<C> & { size(): number; clear(): void; clearWhere(stale: (key: string) => boolean): void } {
  const maxEntries = options.maxEntries ?? 500;
  const cap = options.maxAgeCapSeconds ?? 60;
  const maxBody = options.maxBodyBytes ?? 1_000_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | Response>>();
  /** Addresses whose page was public when last rendered (until when), so cookies cannot make them personal. */
  const publicKeys = new Map<string, number>();
  const rememberPublic = (key: string) => {
    publicKeys.delete(key);
    publicKeys.set(key, clock() + PUBLIC_MEMORY_MS);
    while (publicKeys.size > maxEntries * 4) publicKeys.delete(publicKeys.keys().next().value!);
  };

  const keyOf = options.keyOf ?? hostAndUrl;

  const respond = (entry: Entry, request: Request, context: C, hit: boolean): Response => {
    if (hit && entry.viewEvent !== null) options.onView?.(request, entry.viewEvent, context, entry.viewPayload);
    const nonce = options.nonceOf?.(context);
    const headers = new Headers(headersWithNonce(entry, nonce));
    headers.set("X-Page-Cache", hit ? "hit" : "miss");
    if (hit) headers.set("Age", String(Math.floor((clock() - entry.storedAt) / 1000)));
    // A HEAD gets the headers the GET would, and no copy of the page is made for it.
    const head = request.method === "HEAD";
    let body: ArrayBuffer | Uint8Array<ArrayBuffer> | null = null;
    if (options.gzip !== false && canSendGzipped(entry, request, nonce)) {
      entry.gzipped ??= gzipPage(new Uint8Array(entry.body), entry.nonceOffsets, entry.nonce?.length ?? 0);
      if (!head) body = gzippedWithNonce(entry.gzipped, nonce);
      headers.set("Content-Encoding", "gzip");
      headers.set("Content-Length", String(entry.gzipped.bytes.length));
      const vary = headers.get("vary");
      if (!vary?.toLowerCase().includes("accept-encoding")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    } else if (!head) {
      body = withNonce(entry, nonce);
    }
    return new Response(body, { status: entry.status, headers });
  };

  async function render(request: Request, context: C): Promise<Entry | Response> {
    // A HEAD is rendered as the GET it stands for, so what is stored is the whole page.
    const asGet =
      request.method === "HEAD" ? new Request(request.url, { method: "GET", headers: request.headers, signal: request.signal }) : request;
    const response = await handler(asGet, context);
    const seconds = cacheableSeconds(response, cap);
    if (!seconds) return request.method === "HEAD" ? new Response(null, response) : response;
    const body = await response.arrayBuffer();
    if (body.byteLength === 0) return new Response(null, response);
    const headers = new Headers(response.headers);
    const view = Number(headers.get(PAGE_VIEW_HEADER));
    headers.delete(PAGE_VIEW_HEADER);
    const viewPayload = payloadOf(headers.get(PAGE_VIEW_PAYLOAD_HEADER));
    headers.delete(PAGE_VIEW_PAYLOAD_HEADER);
    const now = clock();
    const nonce = options.nonceOf?.(context);
    const entry: Entry = {
      body,
      status: response.status,
      headers: [...headers.entries()],
      storedAt: now,
      expiresAt: now + seconds * 1000,
      viewEvent: Number.isInteger(view) && view > 0 ? view : null,
      viewPayload,
      nonce,
      nonceOffsets: nonceOffsets(body, nonce),
    };
    return entry;
  }

  const cached = async (request: Request, context: C): Promise<Response> => {
    if (!isShareableRequest(request)) return handler(request, context);
    const key = keyOf(request, context);
    if (key === null) return handler(request, context);
    const entry = entries.get(key);
    if (entry && entry.expiresAt > clock()) return respond(entry, request, context, true);
    if (entry) entries.delete(key);

    // A shopper with cookies shares the render only of an address known to be public.
    const withCookies = request.headers.has("cookie");
    if (withCookies && !((publicKeys.get(key) ?? 0) > clock())) {
      const response = await handler(request, context);
      if (cacheableSeconds(response, cap)) rememberPublic(key);
      return response;
    }
    const shareable = withCookies ? withoutCookies(request) : request;

    const waiting = rendering.get(key);
    if (waiting) {
      const shared = await waiting;
      // Another shopper's render was not cacheable: render this one on its own.
      return shared instanceof Response ? handler(request, context) : respond(shared, request, context, true);
    }
    const task = render(shareable, context);
    rendering.set(key, task);
    try {
      const result = await task;
      if (result instanceof Response) {
        if (!withCookies) return result;
        // The address stopped being public: this shopper gets their own render.
        publicKeys.delete(key);
        await result.body?.cancel();
        return handler(request, context);
      }
      rememberPublic(key);
      if (result.body.byteLength <= maxBody) {
        entries.set(key, result);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return respond(result, request, context, false);
    } finally {
      rendering.delete(key);
    }
  };

  /** Drops the pages whose key says they are stale (e.g. one dealer's pages after its stock changed). */
  const clearWhere = (stale: (key: string) => boolean) => {
    for (const key of [...entries.keys()]) if (stale(key)) entries.delete(key);
  };
  return Object.assign(cached, { size: () => entries.size, clear: () => entries.clear(), clearWhere });
}
