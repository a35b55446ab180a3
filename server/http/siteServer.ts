/**
 * The one request pipeline in front of every dealer site (decision 0012 has the order and the limits):
 *
 *   request line (method, target, Host) -> OPTIONS -> compression -> static files ->
 *   state-changing requests (same origin, form encoding, body size) -> load context (dealer, nonce,
 *   shopper address) -> page cache -> Remix -> surrogate keys on public answers (surrogateKeys.ts) ->
 *   security headers on every page.
 *
 * Express runs the checks; `@remix-run/node-fetch-server` turns the request into a Fetch Request and the
 * answer back (its public `createHeaders` and `sendResponse`), and the page cache sits between that
 * bridge and Remix's own `createRequestHandler`, so it is keyed on the dealer the pipeline resolved.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createHeaders, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import getRawBody from "raw-body";
import type { Connect } from "vite";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { log } from "../log";
import type { Platform } from "../platform.server";
import { MAX_IMPORT_REQUEST_BYTES } from "../stock/import";
import { IMPORT_TOKEN_HEADER } from "../stock/importToken";
import { isDataFolderToken, isLoopbackAddress } from "./localAccess";
import { tenantForRequest, type DealerLoadContext } from "./loadContext";
import { withPageCache, type StoredAnswer } from "./pageCache";
import { inTurns } from "./renderTurns";
import { recordCachedPageView } from "./pageViews.server";
import {
  ALLOW_HEADER,
  bodyLimitFor,
  checkContentType,
  checkHost,
  checkMethod,
  checkSameOrigin,
  checkTarget,
  frameOriginOf,
  pageSecurityHeaders,
  tooLarge,
  type Refusal,
} from "./requestGuards";
import { NO_STORE, withSharedCacheDirectives } from "./cachePolicy";
import { tagAnswer } from "./surrogateKeys";
import type { TenantConfig } from "../tenants/schema";

/** The stock feed travels as base64 inside JSON: its limit leaves room for both. */
const STOCK_IMPORT_REQUEST_LIMIT = MAX_IMPORT_REQUEST_BYTES;
const STOCK_IMPORT_PATH = "/api/stock/import";

/** Only this machine, holding the data folder's token, may post stock (the route checks again). */
function importCallerRefusal(req: http.IncomingMessage, dataDir: string): Refusal | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return { status: 403, message: "Stock imports are accepted from this machine only." };
  const given = req.headers[IMPORT_TOKEN_HEADER];
  if (!isDataFolderToken(typeof given === "string" ? given : undefined, dataDir))
    return { status: 401, message: "Missing or wrong import token." };
  return null;
}

/** What a loader sees for a host that serves no dealer (it answers 404 itself). */
type SiteLoadContext = Omit<DealerLoadContext, "tenant"> & { tenant?: DealerLoadContext["tenant"]; remoteAddress?: string };

/**
 * A fresh 128-bit nonce per response, cut from a pool of random bytes refilled 256 nonces at a time
 * (one call into the system's random source per 256 pages instead of one per page).
 */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function newNonce(): string {
  if (nonceAt + 16 > noncePool.length) {
    noncePool = randomBytes(16 * 256);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}

/** Buffered request bodies, read and limited before Remix sees the request. */
const bodies = new WeakMap<ExpressRequest, Buffer>();

/**
 * Logs a refused request once with its reason, whether the pipeline or a route refused it: at warn when it
 * turns a caller away (401, 403), at info otherwise (a shopper's mistake).
 */
function logRefusal(req: ExpressRequest, status: number, reason: string): void {
  const fields = { method: req.method, path: req.path, status, reason };
  if (status === 401 || status === 403) log.warn("request refused", fields);
  else log.info("request refused", fields);
}

/** Answers a refusal (a 4xx the pipeline decides before Remix sees the request), logged once. */
function sendRefusal(res: ExpressResponse, refusal: Refusal): void {
  logRefusal(res.req, refusal.status, refusal.message);
  res.status(refusal.status);
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.set(name, value);
  res.set("Cache-Control", NO_STORE);
  res.type("text/plain; charset=utf-8").send(refusal.message);
}

/**
 * Reads a request body up to `limit` bytes with raw-body (the reader Express's own body parsers use): a
 * declared length over the limit is refused before a byte is read, a chunked body is counted as it
 * arrives and, past the limit, no more is read ("too-large"; the caller answers 413 and closes).
 */
async function readLimitedBody(req: ExpressRequest, limit: number): Promise<Buffer | "too-large"> {
  const declared = req.headers["content-length"];
  try {
    return await getRawBody(req, { limit, length: declared && /^\d+$/.test(declared) ? Number(declared) : undefined });
  } catch (error) {
    if ((error as { type?: string }).type === "entity.too.large") return "too-large";
    throw error;
  }
}

/** How long a refused upload is still read (and thrown away) after its answer, so the client sees the answer. */
const LINGER_MS = 2_000;

/**
 * Answers a refusal to a request whose body is not wanted, then closes the connection the way a browser
 * can read the answer (a lingering close): what the client is still sending is read and thrown away, never
 * kept, until it stops or `LINGER_MS` passes. Closing at once with unread bytes makes the kernel reset
 * the connection, and a browser then shows "connection reset" instead of the 413.
 */
function refuseUnreadBody(req: ExpressRequest, res: ExpressResponse, refusal: Refusal): void {
  res.set("Connection", "close");
  const socket = req.socket;
  // Node closes a "Connection: close" socket as soon as the answer is written: keep it open and read on.
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    socket.destroySoon = destroySoon;
    socket.end();
    const stop = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once("close", () => clearTimeout(stop));
    req.resume();
    socket.resume();
  };
  sendRefusal(res, refusal);
}

/** The request line and Host: what must be right before anything else looks at a request. */
function guardRequestLine(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  const refusal =
    checkMethod(req.method) ??
    checkTarget(req.method, req.url) ??
    checkHost(req.headers.host) ??
    (req.app.get("trust proxy") && req.headers["x-forwarded-host"]
      ? checkHost(String(req.headers["x-forwarded-host"]).split(",")[0].trim())
      : null);
  if (refusal) return sendRefusal(res, refusal);
  if (req.method === "OPTIONS") {
    res.set("Allow", ALLOW_HEADER).status(204).end();
    return;
  }
  next();
}

/**
 * Requests that change state: same origin, form encoding on pages, the stock import's caller (this machine,
 * the data folder's token) before a byte of its body is read, then the body read within its limit.
 */
const stateChangeGuard = (dataDir: string) =>
  async function guardStateChange(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    if (req.method !== "POST") return next();
    if (req.path === STOCK_IMPORT_PATH) {
      const refusal = importCallerRefusal(req, dataDir);
      if (refusal) return refuseUnreadBody(req, res, refusal);
    }
    const host = req.get("host") ?? "";
    const forwardedHost = req.app.get("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
    const refusal =
      checkSameOrigin(
        { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), referer: req.get("referer") },
        forwardedHost || host,
      ) ?? checkContentType(req.path, req.get("content-type"));
    if (refusal) return refuseUnreadBody(req, res, refusal);
    const limit = bodyLimitFor(req.path, STOCK_IMPORT_REQUEST_LIMIT);
    try {
      const body = await readLimitedBody(req, limit);
      if (body === "too-large") return refuseUnreadBody(req, res, tooLarge(limit));
      bodies.set(req, body);
      next();
    } catch (error) {
      log.warn("request body not read", { path: req.path, error: String(error) });
      if (!res.headersSent && !req.socket.destroyed)
        sendRefusal(res, { status: 400, message: "Bad request: the form did not arrive whole." });
    }
  };

/**
 * The URL's host: `Host`, or with TRUST_PROXY the first `X-Forwarded-Host` (both checked by
 * guardRequestLine), so the dealer, the page cache key and `requireSite` all read the same one.
 */
function requestHost(req: ExpressRequest): string {
  const forwarded = req.app.get("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  return forwarded || req.get("host") || "localhost";
}

/**
 * The Fetch Request Remix gets (for a post, with the body the pipeline already read). Its signal aborts
 * when the connection's answer is over: the shopper left before it was sent, or it was sent whole. The
 * second matters as much: Remix keeps each answer's data stream, with the page's data, until its signal
 * aborts or its stream timeout passes (single fetch), so an answer that never aborts holds its data for
 * the whole timeout after it was sent.
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const origin = { host: requestHost(req), protocol: `${req.protocol}:` };
  const body = bodies.get(req);
  const over = new AbortController();
  res.once("close", () => over.abort());
  return new Request(`${origin.protocol}//${origin.host}${req.url}`, {
    method: req.method,
    headers: createHeaders(req),
    ...(body ? { body, duplex: "half" } : {}),
    signal: over.signal,
  } as RequestInit);
}

export interface SiteServerOptions {
  /** The Remix build, or (in development) a function that loads the current one through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  platform: Platform;
  /** Where the client build lives (`build/client` by default). */
  clientDir: string;
  /** Development: Vite serves the browser's modules and assets, and pages are never kept in the page cache. */
  devMiddleware?: Connect.Server;
}

export interface SiteServer {
  app: express.Express;
  /** Listens on `port`; a client that asks before uploading (`Expect: 100-continue`) hears 413 instead of "continue". */
  listen(port: number, onListening: () => void): http.Server;
}

export function createSiteServer(options: SiteServerOptions): SiteServer {
  const app = createSiteApp(options);
  return {
    app,
    listen(port, onListening) {
      const server = http.createServer(app);
      server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
        const path = (req.url ?? "/").split("?")[0];
        const declared = Number(req.headers["content-length"]);
        const refused =
          declared > bodyLimitFor(path, STOCK_IMPORT_REQUEST_LIMIT) ||
          (path === STOCK_IMPORT_PATH && importCallerRefusal(req, options.platform.env.dataDir) !== null);
        if (!refused) res.writeContinue();
        app(req, res);
      });
      return server.listen(port, onListening);
    },
  };
}

/**
 * The build's other public files (logos, badges, the favicon...), only for addresses under one of its
 * top-level names: a page's address is never looked for on disk, which a plain static handler does (a
 * file system call for every page asked for).
 */
function publicFiles(clientDir: string): express.RequestHandler {
  const names = new Set(fs.existsSync(clientDir) ? fs.readdirSync(clientDir) : []);
  const serve = express.static(clientDir, { maxAge: "1h" });
  return (req, res, next) => (names.has(decodeSegment(req.path.split("/")[1] ?? "")) ? serve(req, res, next) : next());
}

/** A path segment as a file name (an undecodable one names no file). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

function createSiteApp({ build, platform, clientDir, devMiddleware }: SiteServerOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Query strings are read by the routes with zod; Express's own parser is not needed.
  app.set("query parser", false);
  app.set("trust proxy", platform.env.TRUST_PROXY);

  const remix = createRequestHandler(build, devMiddleware ? "development" : "production");
  // Public pages carry the shared caches' own directives (stale while revalidating, stale on error), which
  // the page cache below and a CDN read and browsers do not.
  // Renders take turns (RENDER_CONCURRENCY at once), so stored pages are answered between them.
  const render = inTurns(platform.env.RENDER_CONCURRENCY, async (request: Request, context: SiteLoadContext) => {
    const response = await remix(request, context);
    withSharedCacheDirectives(response.headers);
    return response;
  });
  // Pages let Cloudflare's script and frame in only where the lead forms' captcha is Turnstile.
  const turnstile = platform.captcha.name === "turnstile";
  const https = (request: Request) => new URL(request.url).protocol === "https:";
  const pageCache = devMiddleware
    ? null
    : withPageCache<SiteLoadContext>(render, {
        maxBytes: platform.env.PAGE_CACHE_MB * 1024 * 1024,
        onView: recordCachedPageView,
        // Pages and single fetch's data answers (`/<path>.data`) alike, each under its own address.
        keyOf: (request, context) => (context.tenant ? `${context.tenant.slug} ${request.url}` : null),
        nonceOf: (context) => context.nonce,
        // A stored page is the same bytes for everyone: its policy names its scripts' hashes (decision 0028).
        storedPageHeaders: ({ scriptHashes }, request, context) =>
          pageSecurityHeaders({ hashes: scriptHashes }, https(request), {
            turnstile,
            dealerTags: context.tenant?.analytics,
            frameOrigins: dealerFrameOrigins(context.tenant),
          }),
      });
  const handle = pageCache ?? render;
  // A car sold, reserved or imported shows at once: that dealer's cached pages go (keys start with its slug).
  if (pageCache) platform.onStockChanged((tenant) => pageCache.clearWhere((key) => key.startsWith(`${tenant} `)));

  /** The Fetch request and its context, made once per request (the stored-page check and the handler share them). */
  const prepared = new WeakMap<ExpressRequest, { request: Request; context: SiteLoadContext }>();
  const prepare = (req: ExpressRequest, res: ExpressResponse) => {
    let made = prepared.get(req);
    if (!made) {
      const request = fetchRequest(req, res);
      const context: SiteLoadContext = {
        platform,
        tenant: tenantForRequest(platform, request) ?? undefined,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        // The stock import endpoint accepts only this machine: it checks the socket itself.
        remoteAddress: req.socket.remoteAddress,
        nonce: newNonce(),
      };
      made = { request, context };
      prepared.set(req, made);
    }
    return made;
  };

  const answer = async (req: ExpressRequest, res: ExpressResponse, response: Response, request: Request, context: SiteLoadContext) => {
    // A CDN files a dealer's public answers under the dealer (and its routes' cars), for purges by tag.
    tagAnswer(response.headers, context.tenant?.slug);
    // A page rendered for this answer alone runs its scripts by this answer's nonce; a stored page came
    // with its own policy (by its scripts' hashes) from the page cache.
    const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (html && !response.headers.has("content-security-policy")) {
      const dealerTags = context.tenant?.analytics;
      for (const [name, value] of Object.entries(
        pageSecurityHeaders({ nonce: context.nonce }, https(request), {
          turnstile,
          dealerTags,
          frameOrigins: dealerFrameOrigins(context.tenant),
        }),
      ))
        response.headers.set(name, value);
    }
    if (response.status >= 400 && response.status < 500) {
      // A page or action that refused the request (no such page, a car that is gone, a form's errors):
      // logged here once; Remix's handleError leaves refusals to this line (app/entry.server.tsx).
      logRefusal(req, response.status, response.statusText || http.STATUS_CODES[response.status] || "refused");
    }
    await sendResponse(res, response);
  };

  /** A stored page, as it is: its own headers (a stored page carries its policy), the dealer's tags, its bytes. */
  const sendStored = (res: ExpressResponse, stored: StoredAnswer, context: SiteLoadContext) => {
    tagAnswer(stored.headers, context.tenant?.slug);
    res.status(stored.status);
    for (const [name, value] of stored.headers) res.setHeader(name, value);
    res.end(stored.body ?? undefined);
  };

  app.use(guardRequestLine);
  app.use(compression());
  if (pageCache) {
    // A stored page is answered first, before the static files' look on disk and the state-change checks
    // (both pass a GET of a page): each step is a turn of the one event loop, which renders share, so a
    // stored page answered here waits behind fewer of them. Only pages Remix rendered are ever stored, so
    // no static file is shadowed.
    app.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/assets/")) return next();
      const { request, context } = prepare(req, res);
      const stored = pageCache.storedAnswer(request, context);
      if (!stored) return next();
      // Sent in this very turn when its bytes are ready (the usual case): nothing can cut in ahead of it.
      if (stored instanceof Promise) stored.then((ready) => sendStored(res, ready, context)).catch(next);
      else sendStored(res, stored, context);
    });
  }
  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(clientDir));
  }
  app.use(stateChangeGuard(platform.env.dataDir));

  app.all("*", async (req, res, next) => {
    try {
      const { request, context } = prepare(req, res);
      await answer(req, res, await handle(request, context), request, context);
    } catch (error) {
      next(error);
    }
  });

  // Nothing about a failure reaches the shopper but an apology; the log has the details.
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) return sendRefusal(res, { status: 400, message: "Bad request." });
    log.error("request failed", { path: req.path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    if (res.headersSent) return void res.destroy();
    res.status(500).set("Cache-Control", NO_STORE).type("text/plain; charset=utf-8").send("Sorry, something went wrong. Please try again.");
  });
  return app;
}

/** The hosts a dealer's pages may frame: its online service booking provider's, where it has one. */
function dealerFrameOrigins(tenant: TenantConfig | undefined): string[] {
  const origin = frameOriginOf(tenant?.features.serviceBookingFrameUrl);
  return origin ? [origin] : [];
}
