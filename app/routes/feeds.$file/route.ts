/**
 * /feeds/google-vehicle-ads.tsv, /feeds/meta-vehicles.csv, /feeds/meta-vehicles.xml: the dealer's stock
 * for the ad channels (server/feeds; docs/stock-import.md, "Inventory out to ad channels"). Linked from
 * nowhere, not secret: the channels fetch them. A feed the dealer has not turned on, or any other file
 * name, is a 404; the query string is not read. The bytes are the ones built at the last stock change,
 * gzipped once, with an ETag and Last-Modified the channels' conditional fetches are answered 304 by.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { FEED_CONTENT_TYPES, FEED_FILES, feedIsOn } from "@server/feeds/channels";
import type { StoredFeed } from "@server/feeds/store";
import { CHANNEL_FEED, NO_STORE } from "@server/http/cachePolicy";
import { acceptsGzip } from "@server/http/storedEncoding";
import { dealerFrom } from "@server/http/loadContext";
import { log } from "@server/log";
import { siteOrigin } from "@server/vehicles/pageData";

const fileParam = z.enum(FEED_FILES);

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });

/** Whether the channel's copy is this feed: its ETag (compared weakly, as If-None-Match is), else its date. */
function unchangedFor(request: Request, feed: StoredFeed): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const ours = feed.etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const theirs = tag.trim().replace(/^W\//, "");
      return theirs === "*" || theirs === ours;
    });
  }
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  return Number.isFinite(since) && feed.lastModified.getTime() <= since;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const file = fileParam.safeParse(params.file);
  if (!file.success || !feedIsOn(tenant, file.data)) return notFound();

  let feed: StoredFeed;
  try {
    feed = await platform.feeds.get(tenant, file.data, siteOrigin(tenant, request.url));
  } catch (error) {
    log.error("feed not built", { tenant: tenant.slug, file: file.data, error: String(error) });
    return new Response("The feed is being rebuilt, please try again shortly.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE, "Retry-After": "60" },
    });
  }

  const headers = new Headers({
    "Cache-Control": CHANNEL_FEED,
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
    "X-Feed-Cars": String(feed.cars),
  });
  if (unchangedFor(request, feed)) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", FEED_CONTENT_TYPES[file.data]);
  // Gzipped once when it was built: the compression middleware leaves an encoded answer alone.
  const gzipped = acceptsGzip(request.headers.get("accept-encoding"));
  const body = gzipped ? feed.gzipped : feed.body;
  if (gzipped) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.byteLength));
  // The Response copies the bytes it is given, so the stored feed is never handed out to be changed.
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
