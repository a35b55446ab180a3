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
 * - Single fetch's data answers (`/<path>.data`, what a client-side navigation asks for) are kept like
 *   the pages: the same routes' `Cache-Control` decides, under their own address, so an in-app move to a
 *   public page is answered from the cache as a full load of it is.
 * - A stored page is the same bytes for every shopper: the nonce its render gave its scripts is taken
 *   out, and its inline scripts are allowed by their hashes instead (`storedPageHeaders`, computed once
 *   when it is stored; decision 0028).
 * - A page may ask for its views to be counted (header `X-Page-View: <analytics event id>`, with the
 *   event's payload as JSON in `X-Page-View-Payload`, e.g. the car of a vehicle page); the cache calls
 *   `onView` for every hit, so counts stay right when the render is skipped. Neither header is sent on.
 * - A stored answer is compressed once per encoding (Brotli or gzip, as the browser takes them;
 *   `storedEncoding.ts`), not again for every shopper: quickly for its first shopper, at its best in the
 *   background when a second one asks (an address only one shopper asks for never costs the best).
 * - Past its lifetime a page is still served while one request renders it again in the background, for
 *   the `stale-while-revalidate` seconds its CDN-Cache-Control (else Cache-Control) allows, so no shopper
 *   waits behind the render (`X-Page-Cache: stale`), nor behind its compression: the new page takes the
 *   old one's place only once compressed. When a render fails (it throws or answers 5xx) the stored page
 *   is served for the `stale-if-error` seconds allowed. A page dropped because the stock changed is gone,
 *   never served stale.
 * - It holds at most `maxBytes` (pages and their compressed copies) and `maxEntries` pages; past either,
 *   the page asked for least recently goes first, so a flood of one-off addresses (rare filters) never
 *   pushes out the pages shoppers keep asking for.
 */
import { storedPage } from "./scriptHashes";
import { compress, COMPRESS_FROM_BYTES, preferredEncoding, type StoredEncoding } from "./storedEncoding";

export type FetchHandler<C> = (request: Request, context: C) => Promise<Response>;

export const PAGE_VIEW_HEADER = "X-Page-View";
export const PAGE_VIEW_PAYLOAD_HEADER = "X-Page-View-Payload";

export interface PageCacheOptions<C = unknown> {
  /** Pages kept at most (the one asked for least recently dropped first). */
  maxEntries?: number;
  /** Bytes kept at most, pages and their compressed copies (the same pages dropped first). */
  maxBytes?: number;
  /** Upper bound on how long any page is kept, whatever its max-age. */
  maxAgeCapSeconds?: number;
  /** Upper bound on stale-while-revalidate and on stale-if-error (default 300 s and 1 day). */
  staleCapSeconds?: { whileRevalidate: number; ifError: number };
  /** Largest body kept. */
  maxBodyBytes?: number;
  /** A cached page was served that asked for its views to be counted. */
  onView?: (request: Request, eventId: number, context: C, payload: Record<string, unknown>) => void;
  /** The cache key for a request (the resolved dealer plus the URL), or null to pass it through uncached. */
  keyOf?: (request: Request, context: C) => string | null;
  /** The nonce the render gave the page's scripts: taken out of the stored page (see above). */
  nonceOf?: (context: C) => string | undefined;
  /**
   * Headers a stored HTML page carries on every answer, made once when it is stored from its inline
   * scripts' hash sources: its Content-Security-Policy.
   */
  storedPageHeaders?: (page: StoredPage, request: Request, context: C) => Record<string, string>;
  /** Send stored answers compressed to clients that take it (default true). */
  compress?: boolean;
  clock?: () => number;
}

/** What a stored page's own headers are made from. */
export interface StoredPage {
  /** Each inline script's CSP hash source ('sha256-…'), in page order. */
  scriptHashes: string[];
}

/** A stored page's answer to one request: its status, its headers for this client, its bytes (none for a HEAD). */
export interface StoredAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
}

export const asResponse = (answer: StoredAnswer): Response => new Response(answer.body, { status: answer.status, headers: answer.headers });

const asBytes = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;

interface Entry {
  body: Uint8Array<ArrayBuffer>;
  status: number;
  headers: [string, string][];
  storedAt: number;
  expiresAt: number;
  /** Until when it is served while a new render is made in the background. */
  staleUntil: number;
  /** Until when it is served instead of a failed render. */
  errorUntil: number;
  viewEvent: number | null;
  viewPayload: Record<string, unknown>;
  /** The body compressed, each encoding made when a client that takes it first asks. */
  encoded: Partial<Record<StoredEncoding, Promise<Buffer>>>;
  /** The newest compressed body of each encoding once it is made (what `encoded` resolves to). */
  ready: Partial<Record<StoredEncoding, Uint8Array<ArrayBuffer>>>;
  /** Encodings made quickly for the first shopper, to be made at their best when another asks. */
  bestOnNextHit: Partial<Record<StoredEncoding, boolean>>;
  /** What it holds in memory: its body and each compressed copy made. */
  bytes: number;
  /** Whether the cache holds it (its bytes count against the cache's). */
  held: boolean;
}

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

/** A directive's seconds (e.g. stale-while-revalidate=30), capped; 0 when absent. */
export function directiveSeconds(response: Response, directive: string, cap: number): number {
  // A CDN's own directives (CDN-Cache-Control, RFC 9213) are this cache's too; else the page's Cache-Control.
  const control = (response.headers.get("cdn-cache-control") ?? response.headers.get("cache-control") ?? "").toLowerCase();
  const found = new RegExp(`(?:^|[\\s,])${directive}=(\\d+)`).exec(control);
  return found ? Math.min(Number(found[1]), cap) : 0;
}

function isShareableRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("authorization");
}

/** The same request as an anonymous visitor would send it (a background render gives its own signal). */
function withoutCookies(request: Request, signal: AbortSignal = request.signal): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request.url, { method: request.method, headers, signal });
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

/** Whether this stored answer goes compressed: large enough, not encoded already. */
function compressible(entry: Entry): boolean {
  return entry.body.byteLength >= COMPRESS_FROM_BYTES && !entry.headers.some(([name]) => name === "content-encoding");
}

const isHtml = (headers: Headers) => (headers.get("content-type") ?? "").toLowerCase().startsWith("text/html");

export function withPageCache<C>(
  handler: FetchHandler<C>,
  options: PageCacheOptions<C> = {},
): FetchHandler<C> & {
  /**
   * The stored answer alone (fresh or stale), or null: for a server that answers stored pages before
   * anything else. Made at once when its bytes are ready (see answerOf).
   */
  storedAnswer(request: Request, context: C): StoredAnswer | Promise<StoredAnswer> | null;
  size(): number;
  clear(): void;
  clearWhere(stale: (key: string) => boolean): void;
} {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
  const cap = options.maxAgeCapSeconds ?? 60;
  const maxBody = options.maxBodyBytes ?? 1_000_000;
  const clock = options.clock ?? Date.now;
  const staleCap = options.staleCapSeconds ?? { whileRevalidate: 300, ifError: 86_400 };
  const entries = new Map<string, Entry>();
  /** The bytes of every entry held. */
  let heldBytes = 0;
  const hold = (key: string, entry: Entry) => {
    const before = entries.get(key);
    if (before) letGo(key, before);
    entries.set(key, entry);
    entry.held = true;
    heldBytes += entry.bytes;
  };
  const letGo = (key: string, entry: Entry) => {
    entries.delete(key);
    entry.held = false;
    heldBytes -= entry.bytes;
  };
  /** A compressed copy made: kept on its entry, and counted while the cache holds it. */
  const keepCopy = (entry: Entry, encoding: StoredEncoding, bytes: Uint8Array<ArrayBuffer>) => {
    const added = bytes.byteLength - (entry.ready[encoding]?.byteLength ?? 0);
    entry.ready[encoding] = bytes;
    entry.bytes += added;
    if (entry.held) heldBytes += added;
  };
  const rendering = new Map<string, Promise<Entry | Response>>();
  /** Counts the times pages were dropped, so a render that started before a drop is not stored after it. */
  let generation = 0;
  /** Addresses whose page was public when last rendered (until when), so cookies cannot make them personal. */
  const publicKeys = new Map<string, number>();
  const rememberPublic = (key: string) => {
    publicKeys.delete(key);
    publicKeys.set(key, clock() + PUBLIC_MEMORY_MS);
    while (publicKeys.size > maxEntries * 4) publicKeys.delete(publicKeys.keys().next().value!);
  };

  const keyOf = options.keyOf ?? hostAndUrl;

  /**
   * A stored entry's answer to this request. When the body this client takes is ready (compressed
   * already, or sent as it is) the answer is made at once, not in a promise: a server can send it in the
   * same turn of the event loop it read the request in, with no microtask for a render to cut in ahead.
   */
  const answerOf = (entry: Entry, request: Request, context: C, served: boolean | "stale"): StoredAnswer | Promise<StoredAnswer> => {
    const hit = served !== false;
    if (hit && entry.viewEvent !== null) options.onView?.(request, entry.viewEvent, context, entry.viewPayload);
    const headers = new Headers(entry.headers);
    headers.set("X-Page-Cache", served === "stale" ? "stale" : hit ? "hit" : "miss");
    if (hit) headers.set("Age", String(Math.floor((clock() - entry.storedAt) / 1000)));
    const finish = (body: Uint8Array<ArrayBuffer>): StoredAnswer => {
      headers.set("Content-Length", String(body.byteLength));
      // A HEAD gets the headers the GET would, and no body.
      return { status: entry.status, headers, body: request.method === "HEAD" ? null : body };
    };
    if (options.compress === false || !compressible(entry)) return finish(entry.body);
    // Whichever encoding this client gets, a cache in between must ask with the client's Accept-Encoding.
    const vary = headers.get("vary");
    if (!vary?.toLowerCase().includes("accept-encoding")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = preferredEncoding(request.headers.get("accept-encoding"));
    if (!encoding) return finish(entry.body);
    headers.set("Content-Encoding", encoding);
    if (!entry.encoded[encoding]) {
      // The first shopper gets it compressed quickly; the best is made when a second one asks.
      const fast = compress(entry.body, encoding, "fast");
      entry.encoded[encoding] = fast;
      entry.bestOnNextHit[encoding] = true;
      void fast.then(
        (bytes) => entry.ready[encoding] ?? keepCopy(entry, encoding, asBytes(bytes)),
        () => undefined,
      );
    } else if (hit && entry.bestOnNextHit[encoding]) {
      entry.bestOnNextHit[encoding] = false;
      const best = compress(entry.body, encoding, "best");
      void best.then(
        (bytes) => {
          entry.encoded[encoding] = best;
          keepCopy(entry, encoding, asBytes(bytes));
        },
        () => undefined,
      );
    }
    const ready = entry.ready[encoding];
    if (ready) return finish(ready);
    return entry.encoded[encoding]!.then((bytes) => finish(asBytes(bytes)));
  };

  /**
   * Makes `entry`'s compressed bodies for the encodings `like` was sent in, at the effort `like` had
   * reached (a popular page straight at its best), before `entry` replaces it.
   */
  const compressLike = async (like: Entry, entry: Entry): Promise<void> => {
    if (options.compress === false || !compressible(entry)) return;
    const encodings = (Object.keys(like.ready) as StoredEncoding[]).filter((encoding) => like.ready[encoding]);
    await Promise.all(
      encodings.map(async (encoding) => {
        const effort = like.bestOnNextHit[encoding] ? "fast" : "best";
        const made = compress(entry.body, encoding, effort);
        entry.encoded[encoding] = made;
        entry.bestOnNextHit[encoding] = effort === "fast";
        try {
          keepCopy(entry, encoding, asBytes(await made));
        } catch {
          // Made again when a shopper asks for it.
          delete entry.encoded[encoding];
          delete entry.bestOnNextHit[encoding];
        }
      }),
    );
  };

  const respond = async (entry: Entry, request: Request, context: C, served: boolean | "stale"): Promise<Response> =>
    asResponse(await answerOf(entry, request, context, served));

  async function render(request: Request, context: C): Promise<Entry | Response> {
    // A HEAD is rendered as the GET it stands for, so what is stored is the whole page.
    const asGet =
      request.method === "HEAD" ? new Request(request.url, { method: "GET", headers: request.headers, signal: request.signal }) : request;
    const response = await handler(asGet, context);
    const seconds = cacheableSeconds(response, cap);
    if (!seconds) return request.method === "HEAD" ? new Response(null, response) : response;
    let body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength === 0) return new Response(null, response);
    const headers = new Headers(response.headers);
    const view = Number(headers.get(PAGE_VIEW_HEADER));
    headers.delete(PAGE_VIEW_HEADER);
    const viewPayload = payloadOf(headers.get(PAGE_VIEW_PAYLOAD_HEADER));
    headers.delete(PAGE_VIEW_PAYLOAD_HEADER);
    if (isHtml(headers)) {
      // The same bytes for everyone: no nonce in it, its scripts allowed by their hashes (decision 0028).
      const stored = storedPage(body, options.nonceOf?.(context));
      body = stored.body;
      const own = options.storedPageHeaders?.({ scriptHashes: stored.scriptHashes }, request, context) ?? {};
      for (const [name, value] of Object.entries(own)) headers.set(name, value);
    }
    const now = clock();
    const expiresAt = now + seconds * 1000;
    return {
      body,
      status: response.status,
      headers: [...headers.entries()],
      storedAt: now,
      expiresAt,
      staleUntil: expiresAt + directiveSeconds(response, "stale-while-revalidate", staleCap.whileRevalidate) * 1000,
      errorUntil: expiresAt + directiveSeconds(response, "stale-if-error", staleCap.ifError) * 1000,
      viewEvent: Number.isInteger(view) && view > 0 ? view : null,
      viewPayload,
      encoded: {},
      ready: {},
      bestOnNextHit: {},
      bytes: body.byteLength,
      held: false,
    };
  }

  /**
   * The stored answer for this request, fresh or stale (a stale one starts its new render in the
   * background), or null when it must be rendered or passed through.
   */
  const storedAnswer = (request: Request, context: C): StoredAnswer | Promise<StoredAnswer> | null => {
    if (!isShareableRequest(request)) return null;
    const key = keyOf(request, context);
    if (key === null) return null;
    const entry = entries.get(key);
    const now = clock();
    if (entry && entry.staleUntil > now) {
      // Asked for again: the last the cache lets go of when full, so a flood of one-off addresses (rare
      // filters) never pushes out the pages shoppers keep asking for.
      entries.delete(key);
      entries.set(key, entry);
    }
    if (entry && entry.expiresAt > now) return answerOf(entry, request, context, true);
    if (entry && entry.staleUntil > now) {
      // Served as it is while one render replaces it; the shopper never waits for that render.
      if (!rendering.has(key)) {
        // Not stopped when this shopper's answer ends; its signal aborts once the render is done, so the
        // framework lets go of what it kept for it (see siteServer.ts fetchRequest).
        const done = new AbortController();
        void renderAndStore(key, withoutCookies(request, done.signal), context, entry)
          .finally(() => done.abort())
          .catch(() => undefined);
      }
      return answerOf(entry, request, context, "stale");
    }
    return null;
  };

  const cached = async (request: Request, context: C): Promise<Response> => {
    const stored = storedAnswer(request, context);
    if (stored) return asResponse(await stored);
    if (!isShareableRequest(request)) return handler(request, context);
    const key = keyOf(request, context);
    if (key === null) return handler(request, context);
    const entry = entries.get(key);
    const now = clock();
    if (entry && entry.errorUntil <= now) letGo(key, entry);
    const fallback = entry && entry.errorUntil > now ? entry : undefined;

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
    const task = renderAndStore(key, shareable, context, fallback);
    try {
      const result = await task;
      if (result === fallback && fallback) return respond(fallback, request, context, "stale");
      if (result instanceof Response) {
        if (!withCookies) return result;
        // The address stopped being public: this shopper gets their own render.
        publicKeys.delete(key);
        await result.body?.cancel();
        return handler(request, context);
      }
      return respond(result, request, context, false);
    } catch (error) {
      if (fallback) return respond(fallback, request, context, "stale");
      throw error;
    }
  };

  /**
   * One render of `key`, shared by everyone asking meanwhile, stored when it may be. With a `fallback`
   * (the page stored before, within its stale-if-error time) a render that throws or answers 5xx
   * resolves to the fallback, which stays stored.
   */
  function renderAndStore(key: string, request: Request, context: C, fallback?: Entry): Promise<Entry | Response> {
    const generationAt = generation;
    const task = (async (): Promise<Entry | Response> => {
      let result: Entry | Response;
      try {
        result = await render(request, context);
      } catch (error) {
        if (fallback && fallback.errorUntil > clock()) return fallback;
        throw error;
      }
      if (result instanceof Response) {
        if (result.status >= 500 && fallback && fallback.errorUntil > clock()) {
          await result.body?.cancel();
          return fallback;
        }
        return result;
      }
      rememberPublic(key);
      if (result.body.byteLength <= maxBody) {
        // A page replacing one shoppers were served compressed is compressed before it takes its place,
        // so no shopper asking meanwhile waits for that: they are served the page it replaces.
        const before = entries.get(key);
        if (before) await compressLike(before, result);
        // A stock change while this render ran dropped the dealer's pages: this render may predate it.
        if (generation === generationAt) {
          hold(key, result);
          letGoOfOldest();
        }
      }
      return result;
    })();
    rendering.set(key, task);
    void task.finally(() => rendering.get(key) === task && rendering.delete(key)).catch(() => undefined);
    return task;
  }

  /** Within the cache's bounds again: the pages asked for least recently go first (never the one just stored). */
  function letGoOfOldest() {
    while (entries.size > 1 && (entries.size > maxEntries || heldBytes > maxBytes)) {
      const [oldest, entry] = entries.entries().next().value!;
      letGo(oldest, entry);
    }
  }

  /** Drops the pages whose key says they are stale (e.g. one dealer's pages after its stock changed). */
  const clearWhere = (stale: (key: string) => boolean) => {
    generation++;
    for (const [key, entry] of [...entries]) if (stale(key)) letGo(key, entry);
  };
  const clear = () => {
    generation++;
    for (const [key, entry] of [...entries]) letGo(key, entry);
  };
  return Object.assign(cached, { storedAnswer, size: () => entries.size, clear, clearWhere });
}
