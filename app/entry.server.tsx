import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { NonceContext } from "~/components/nonce";
import { loadPartsCode } from "~/components/lazyPart";
import { renderHtmlToPipeableStream } from "@server/http/htmlStream";
import { log } from "@server/log";

/**
 * How long Remix waits for the page's data to finish streaming (single fetch: it stops the data stream,
 * and React's render is stopped a second after). No page sends data late today; this bounds one that would.
 */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every lazy part is drawn directly, as the browser hydrates it (~/components/lazyPart.tsx): its code
  // must be here first. Only the first pages after a start wait; after that this settles at once.
  await loadPartsCode();
  // The server entry sets the Content-Security-Policy with this nonce (server/http/siteServer.ts).
  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // A render still going after the data's timeout is stopped; one that finished keeps no timer (nor
    // the page it rendered) alive.
    const stop = setTimeout(() => abort(), streamTimeout + 1_000);
    // React's renderToPipeableStream minus the NUL bytes React 18 writes at 2 KB edges (server/http/htmlStream.ts).
    const { pipe, abort } = renderHtmlToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every page is sent whole, for shoppers and crawlers alike: pages stream nothing late (no
        // `defer`), and parts that load their code later (a lead form, lazyForm.tsx) must be in the HTML
        // a shopper without JavaScript gets, not behind a fallback and an inline script. A finished
        // part of any size is written in place (React would otherwise send one over 12.8 KB separately).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          body.once("close", () => clearTimeout(stop));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(stop);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render failed", { error: String(error) });
        },
      },
    );
  });
}

/**
 * What Remix could not answer. A refusal (no page at this address, a method the route has no action
 * for, a thrown 4xx) is the shopper's mistake, not the server's, and the server logs it once with its
 * status when it answers (server/http/siteServer.ts): nothing here. Anything else is a fault, logged at
 * error with its stack. A request the shopper left is neither.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || isRefusal(error)) return;
  log.error("request failed", {
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

/** A route error response or a thrown Response below 500: an answer, not a fault. */
export function isRefusal(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status < 500;
  return error instanceof Response && error.status < 500;
}
