/**
 * Dealer photos resized and re-encoded for the page that shows them (docs/decisions/0018):
 * /photos?src=<photo URL or /media drawing>&w=<width>. The format follows the browser's Accept header
 * (AVIF, WebP, else JPEG); the width is one of a fixed set. A photo is cached for a year under its
 * address; a source that cannot be shown (host neither among the dealer's photo hosts nor one its own feed
 * named at a public address, missing, slow, huge,
 * not an image) gets the new-arrival placeholder for five minutes, never an error.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { negotiatePhotoFormat, PHOTO_CONTENT_TYPES, photoWidthFor } from "~/domain/photos";
import { dealerFrom } from "@server/http/loadContext";
import { IMMUTABLE_ASSET, NO_STORE, PUBLIC_FIVE_MINUTES } from "@server/http/cachePolicy";
import { renderNewArrivalSvg } from "@server/demo/vehicleSvg";
import { log } from "@server/log";

const querySchema = z.object({
  src: z.string().trim().min(1).max(2048).catch(""),
  w: z.coerce.number().int().min(1).max(10_000).catch(0),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const query = querySchema.parse({ src: url.searchParams.get("src") ?? undefined, w: url.searchParams.get("w") ?? undefined });
  const width = photoWidthFor(query.w);
  const format = negotiatePhotoFormat(request.headers.get("accept"));
  try {
    const answer = await platform.photos.serve({
      source: query.src,
      width,
      format,
      allowedOrigins: tenant.photos.sourceHosts,
      feedOrigins: await platform.feedPhotoOrigins.of(tenant),
    });
    const headers = new Headers({
      "Content-Type": PHOTO_CONTENT_TYPES[answer.format],
      "Content-Length": String(answer.bytes.byteLength),
      // The same address answers AVIF, WebP or JPEG: caches keep one copy per Accept header.
      Vary: "Accept",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    });
    if (answer.kind === "photo") {
      headers.set("Cache-Control", IMMUTABLE_ASSET);
      headers.set("X-Photo", answer.cache);
    } else {
      // The source may be fixed (or its host allowed) soon: the placeholder is not kept long, and one
      // sent while the server was busy making other photos is not kept at all.
      headers.set("Cache-Control", answer.reason === "busy" ? NO_STORE : PUBLIC_FIVE_MINUTES);
      headers.set("X-Photo", `placeholder; ${answer.reason}`);
    }
    return new Response(new Uint8Array(answer.bytes), { status: 200, headers });
  } catch (error) {
    log.error("photo route failed", { error: String(error) });
    return new Response(renderNewArrivalSvg(), {
      status: 200,
      headers: {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": PUBLIC_FIVE_MINUTES,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Photo": "placeholder; error",
      },
    });
  }
}
