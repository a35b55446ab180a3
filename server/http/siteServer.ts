/**
 * The one request pipeline in front of every dealer site (decision 0012 has the order and the limits):
 *
 *   request line (method, target, Host) -> OPTIONS -> compression -> static files ->
 *   state-changing requests (same origin, form encoding, body size) -> load context (dealer, nonce,
 *   shopper address) -> page cache -> Remix -> security headers on every page.
 *
 * Express turns the socket into a Fetch Request and back through `@remix-run/express`; the page cache
 * sits between that bridge and Remix, so it is keyed on the dealer the pipeline resolved.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
// The adapter's own bridge halves (its `createRequestHandler` is these two around Remix): the page
// cache has to sit between them, so they are imported from the module that defines them.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import type { Connect } from "vite";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { log } from "../log";
import type { Platform } from "../platform.server";
import { MAX_IMPORT_REQUEST_BYTES } from "../stock/import";
import { tenantForRequest, type DealerLoadContext } from "./loadContext";
import { withPageCache } from "./pageCache";
import { recordCachedPageView } from "./pageViews.server";
import {
  ALLOW_HEADER,
  bodyLimitFor,
  checkContentType,
  checkHost,
  checkMethod,
  checkSameOrigin,
  checkTarget,
  pageSecurityHeaders,
  tooLarge,
  type Refusal,
} from "./requestGuards";
import { NO_STORE } from "./cachePolicy";

/** The stock feed travels as base64 inside JSON: its limit leaves room for both. */
const STOCK_IMPORT_REQUEST_LIMIT = MAX_IMPORT_REQUEST_BYTES;

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

function sendRefusal(res: ExpressResponse, refusal: Refusal): void {
  res.status(refusal.status);
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.set(name, value);
  res.set("Cache-Control", NO_STORE);
  res.type("text/plain; charset=utf-8").send(refusal.message);
}

/**
 * Reads a request body up to `limit` bytes. Past the limit it stops reading, answers 413 and closes
 * the connection, so an oversized upload is never held in memory (chunked uploads included).
 */
function readLimitedBody(req: ExpressRequest, limit: number): Promise<Buffer | "too-large"> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve("too-large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= limit) return void chunks.push(chunk);
      cleanup();
      req.pause();
      resolve("too-large");
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error("the request was abandoned before its body arrived"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** Refuses the body and closes the connection once the answer is out, without reading the rest. */
function refuseBody(req: ExpressRequest, res: ExpressResponse, limit: number): void {
  res.set("Connection", "close");
  res.on("finish", () => setTimeout(() => req.socket.destroy(), 1000).unref());
  sendRefusal(res, tooLarge(limit));
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

/** Requests that change state: same origin, form encoding on pages, body read within its limit. */
async function guardStateChange(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  if (req.method !== "POST") return next();
  const host = req.get("host") ?? "";
  const forwardedHost = req.app.get("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  const refusal =
    checkSameOrigin(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), referer: req.get("referer") },
      forwardedHost || host,
    ) ?? checkContentType(req.path, req.get("content-type"));
  if (refusal) {
    res.set("Connection", "close");
    return sendRefusal(res, refusal);
  }
  const limit = bodyLimitFor(req.path, STOCK_IMPORT_REQUEST_LIMIT);
  try {
    const body = await readLimitedBody(req, limit);
    if (body === "too-large") return refuseBody(req, res, limit);
    bodies.set(req, body);
    next();
  } catch (error) {
    log.warn("request body not read", { path: req.path, error: String(error) });
    if (!res.headersSent && !req.socket.destroyed)
      sendRefusal(res, { status: 400, message: "Bad request: the form did not arrive whole." });
  }
}

/** The Fetch Request Remix gets, with the body the pipeline already read. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const body = bodies.get(req);
  if (!body) return createRemixRequest(req, res);
  // Seen as a GET, the bridge builds the URL, headers and abort signal without touching the stream.
  const head = createRemixRequest(Object.create(req, { method: { value: "GET" } }), res);
  return new Request(head.url, { method: req.method, headers: head.headers, signal: head.signal, body, duplex: "half" } as RequestInit);
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
        if (!(declared > bodyLimitFor(path, STOCK_IMPORT_REQUEST_LIMIT))) res.writeContinue();
        app(req, res);
      });
      return server.listen(port, onListening);
    },
  };
}

function createSiteApp({ build, platform, clientDir, devMiddleware }: SiteServerOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Query strings are read by the routes with zod; Express's own parser is not needed.
  app.set("query parser", false);
  app.set("trust proxy", platform.env.TRUST_PROXY);

  const remix = createRequestHandler(build, devMiddleware ? "development" : "production");
  const render = (request: Request, context: SiteLoadContext) => remix(request, context);
  const pageCache = devMiddleware
    ? null
    : withPageCache<SiteLoadContext>(render, {
        onView: recordCachedPageView,
        keyOf: (request, context) => (context.tenant ? `${context.tenant.slug} ${request.url}` : null),
        nonceOf: (context) => context.nonce,
      });
  const handle = pageCache ?? render;
  // A car sold, reserved or imported shows at once: that dealer's cached pages go (keys start with its slug).
  if (pageCache) platform.onStockChanged((tenant) => pageCache.clearWhere((key) => key.startsWith(`${tenant} `)));

  app.use(guardRequestLine);
  app.use(compression());
  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(clientDir, { maxAge: "1h" }));
  }
  app.use(guardStateChange);

  // Pages let Cloudflare's script and frame in only where the lead forms' captcha is Turnstile.
  const turnstile = platform.captcha.name === "turnstile";
  app.all("*", async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const context: SiteLoadContext = {
        platform,
        tenant: tenantForRequest(platform, request) ?? undefined,
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        // The stock import endpoint accepts only this machine: it checks the socket itself.
        remoteAddress: req.socket.remoteAddress,
        nonce: newNonce(),
      };
      const response = await handle(request, context);
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        // Per dealer, on a rendered page and on a page cache hit alike: the policy is made here for each answer.
        const dealerTags = context.tenant?.analytics;
        for (const [name, value] of Object.entries(pageSecurityHeaders(context.nonce, req.protocol === "https", { turnstile, dealerTags })))
          response.headers.set(name, value);
      }
      await sendRemixResponse(res, response);
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
