/**
 * Responses for generated images. A URL always draws the same picture, so responses are cached by
 * browsers and CDNs for a year; recently drawn ones are also kept in memory because a spin viewer
 * asks for 24 frames at once.
 */
import type { MediaRequest } from "./mediaPaths";
import { renderNewArrivalSvg, renderVehicleSvg, renderWalkaroundSvg } from "../demo/vehicleSvg";
import { IMMUTABLE_ASSET, PUBLIC_FIVE_MINUTES } from "../http/cachePolicy";

const RECENT_LIMIT = 600;
const recent = new Map<string, string>();

function remember(key: string, draw: () => string): string {
  const hit = recent.get(key);
  if (hit !== undefined) {
    recent.delete(key);
    recent.set(key, hit);
    return hit;
  }
  const svg = draw();
  recent.set(key, svg);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
  return svg;
}

export function drawMedia(media: Exclude<MediaRequest, { kind: "report" }>): string {
  switch (media.kind) {
    case "placeholder":
      return remember("placeholder", renderNewArrivalSvg);
    case "walkaround":
      return remember(`walkaround/${media.body}/${media.colour}`, () => renderWalkaroundSvg(media.body, media.colour));
    case "vehicle":
      return remember(`${media.body}/${media.colour}/${media.view}/${media.angle}`, () => renderVehicleSvg(media));
  }
}

export function svgResponse(svg: string): Response {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": IMMUTABLE_ASSET,
      "X-Content-Type-Options": "nosniff",
      // Opened on its own, the drawing may not run script or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

export function mediaNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_FIVE_MINUTES },
  });
}
