/**
 * Dealer photos at the widths and in the formats the pages ask for (docs/decisions/0018). A source is
 * a dealer's photo URL on one of its allowed hosts, or one of the site's own drawings (/media/...,
 * the demo stock's pictures, rasterised like a photo so demo pages load what a dealer's pages load).
 * Results are kept in the photo cache; anything that cannot be shown as a photo (host not allowed,
 * missing, slow, huge, not an image) is answered with the new-arrival placeholder, never an error.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { isAllowedPhotoSource, isFeedPhotoSource, PHOTO_QUALITY, type PhotoFormat, type PhotoWidth } from "~/domain/photos";
import { MEDIA_PREFIX, parseMediaPath } from "./mediaPaths";
import { drawMedia } from "./mediaResponse";
import { renderNewArrivalSvg } from "../demo/vehicleSvg";
import type { PhotoCache, PhotoSource, PhotoSourceFailure } from "./port";
import { log } from "../log";

/** A photo wider or taller than this many pixels in all (about 8K by 5K) is refused as huge before it is decoded. */
export const MAX_SOURCE_PIXELS = 40_000_000;
/** Raster formats a dealer's source may be in; SVG and PDF from outside are never rendered. */
const SOURCE_FORMATS = new Set(["jpeg", "png", "webp", "heif", "gif", "tiff"]);
/** Bump when the encoding changes, so old cache files are never served for the new settings. */
const ENCODING_VERSION = 1;

/** "busy": more photos waiting to be made than the queue holds (a burst of new addresses); try again soon. */
export type PlaceholderReason = PhotoSourceFailure | "not-an-image" | "busy";

export interface PhotoRequest {
  source: string;
  width: PhotoWidth;
  format: PhotoFormat;
  /** The dealer's photo source origins (tenant photos.sourceHosts). */
  allowedOrigins: readonly string[];
  /** The photo hosts the dealer's own stock feed named (fetched only at public addresses); none when photos.feedHosts is off. */
  feedOrigins?: readonly string[];
}

/** Whether the request's source may be fetched: the dealer's own hosts, or (only at a public address) its feed's. */
function sourceRule(request: PhotoRequest): (url: string) => boolean | "if-public" {
  return (url) =>
    isAllowedPhotoSource(url, request.allowedOrigins) ? true : isFeedPhotoSource(url, request.feedOrigins ?? []) ? "if-public" : false;
}

export type PhotoAnswer =
  | { kind: "photo"; bytes: Buffer; format: PhotoFormat; cache: "hit" | "miss" }
  | { kind: "placeholder"; bytes: Buffer; format: PhotoFormat; reason: PlaceholderReason };

/** The cache file for one source at one width and format (the source's full URL, hashed). */
export function photoCacheKey(source: string, width: PhotoWidth, format: PhotoFormat, quality = PHOTO_QUALITY): string {
  const digest = createHash("sha256").update(`${ENCODING_VERSION}\n${quality}\n${source}`).digest("hex").slice(0, 40);
  return `${digest}-${width}-${format}`;
}

class NotShown extends Error {
  constructor(readonly reason: PlaceholderReason) {
    super(reason);
  }
}

export interface PhotoServiceOptions {
  source: PhotoSource;
  cache: PhotoCache;
  maxSourcePixels?: number;
  /** Photos made at once (each encode uses a core for up to a second); the rest wait in turn. */
  concurrentEncodes?: number;
  /** Photos waiting at most; past that a new one gets the placeholder ("busy") instead of waiting. */
  maxWaiting?: number;
}

export function createPhotoService({
  source,
  cache,
  maxSourcePixels = MAX_SOURCE_PIXELS,
  concurrentEncodes = 2,
  maxWaiting = 64,
}: PhotoServiceOptions) {
  /**
   * Encodes run a few at a time: the drawings' addresses (any colour) and a dealer's photos at every
   * width and format are many, and a burst of new ones must not take every core from the pages. Photos
   * made ahead of shoppers (`warm`) wait behind every shopper's, and take at most all but one of the
   * slots, so a shopper's photo never waits for more than one made ahead.
   */
  const backgroundLimit = Math.max(1, concurrentEncodes - 1);
  let running = 0;
  let runningBackground = 0;
  /** Each waiting encode's start, told whether it takes a background slot. */
  const waiting: ((inBackgroundSlot: boolean) => void)[] = [];
  const waitingBackground: { key: string; start: (inBackgroundSlot: boolean) => void }[] = [];
  const pump = () => {
    while (running < concurrentEncodes) {
      const next = waiting.shift();
      if (next) {
        running++;
        next(false);
        continue;
      }
      if (!waitingBackground.length || runningBackground >= backgroundLimit) return;
      running++;
      runningBackground++;
      waitingBackground.shift()!.start(true);
    }
  };
  async function inTurn<T>(key: string, background: boolean, work: () => Promise<T>): Promise<T> {
    if (!background && running >= concurrentEncodes && waiting.length >= maxWaiting) throw new NotShown("busy");
    // A photo waiting to be made ahead that a shopper then asked for starts in the shoppers' turn (promote).
    const inBackgroundSlot = await new Promise<boolean>((resolve) => {
      if (background) waitingBackground.push({ key, start: resolve });
      else waiting.push(resolve);
      pump();
    });
    try {
      return await work();
    } finally {
      running--;
      if (inBackgroundSlot) runningBackground--;
      pump();
    }
  }
  /** A shopper asks for a photo still waiting to be made ahead: it goes to the shoppers' turn. */
  const promote = (key: string) => {
    const at = waitingBackground.findIndex((w) => w.key === key);
    if (at < 0) return;
    const [entry] = waitingBackground.splice(at, 1);
    waiting.unshift(entry.start);
    pump();
  };

  /** Requests for the same key at the same time share one fetch and one encode. */
  const working = new Map<string, Promise<PhotoAnswer>>();
  const placeholders = new Map<string, Promise<Buffer>>();

  function placeholder(width: PhotoWidth, format: PhotoFormat, reason: PlaceholderReason): Promise<PhotoAnswer> {
    const key = `${width}-${format}`;
    let drawn = placeholders.get(key);
    if (!drawn) {
      drawn = encode(Buffer.from(renderNewArrivalSvg()), width, format, true);
      placeholders.set(key, drawn);
    }
    return drawn.then((bytes) => ({ kind: "placeholder", bytes, format, reason }));
  }

  async function encode(input: Buffer, width: PhotoWidth, format: PhotoFormat, isDrawing: boolean): Promise<Buffer> {
    let image: Sharp;
    let meta: Metadata;
    try {
      image = sharp(input, { limitInputPixels: maxSourcePixels, failOn: "error" });
      meta = await image.metadata();
    } catch (error) {
      throw new NotShown(/pixel limit/i.test(String(error)) ? "too-large" : "not-an-image");
    }
    if (isDrawing ? meta.format !== "svg" : !SOURCE_FORMATS.has(meta.format ?? "")) throw new NotShown("not-an-image");
    if ((meta.width ?? 0) * (meta.height ?? 0) > maxSourcePixels) throw new NotShown("too-large");
    // A drawing is rendered at the asked width (density scales it), so it stays sharp at every width.
    if (isDrawing && meta.width) image = sharp(input, { density: Math.min(72 * (width / meta.width), 2400), failOn: "error" });
    const pipeline = image
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .flatten(format === "jpeg" ? { background: "#ffffff" } : false)
      .toFormat(format, format === "avif" ? { quality: PHOTO_QUALITY, effort: 2 } : { quality: PHOTO_QUALITY });
    try {
      return await pipeline.toBuffer();
    } catch (error) {
      throw new NotShown(/pixel limit/i.test(String(error)) ? "too-large" : "not-an-image");
    }
  }

  async function make(request: PhotoRequest, key: string, background: boolean): Promise<PhotoAnswer> {
    const { width, format } = request;
    const stored = await cache.get(key).catch(() => null);
    if (stored) return { kind: "photo", bytes: stored, format, cache: "hit" };
    let input: Buffer;
    let isDrawing = false;
    if (request.source.startsWith(`${MEDIA_PREFIX}/`)) {
      const media = parseMediaPath(request.source.slice(MEDIA_PREFIX.length + 1));
      if (!media || (media.kind !== "vehicle" && media.kind !== "placeholder")) throw new NotShown("missing");
      input = Buffer.from(drawMedia(media));
      isDrawing = true;
    } else {
      const fetched = await source.fetch(request.source, sourceRule(request));
      if (!fetched.ok) throw new NotShown(fetched.reason);
      input = fetched.bytes;
    }
    const bytes = await inTurn(key, background, () => encode(input, width, format, isDrawing));
    await cache.put(key, bytes).catch((error) => log.warn("photo cache write failed", { error: String(error) }));
    return { kind: "photo", bytes, format, cache: "miss" };
  }

  /** One make of `key` shared by everyone asking meanwhile; a shopper's ask moves a waiting make-ahead forward. */
  function shared(request: PhotoRequest, key: string, background: boolean): Promise<PhotoAnswer> {
    let task = working.get(key);
    if (task) {
      if (!background) promote(key);
      return task;
    }
    task = make(request, key, background).finally(() => working.delete(key));
    working.set(key, task);
    return task;
  }

  const allowed = (request: PhotoRequest) => request.source.startsWith(`${MEDIA_PREFIX}/`) || sourceRule(request)(request.source) !== false;

  return {
    /** The photo, or the placeholder with the reason; never rejects. */
    async serve(request: PhotoRequest): Promise<PhotoAnswer> {
      const { source: src, width, format } = request;
      if (!src) return placeholder(width, format, "missing");
      if (!allowed(request)) return placeholder(width, format, "not-allowed");
      try {
        return await shared(request, photoCacheKey(src, width, format), false);
      } catch (error) {
        if (!(error instanceof NotShown)) log.warn("photo not made", { error: String(error) });
        return placeholder(width, format, error instanceof NotShown ? error.reason : "not-an-image");
      }
    },
    /**
     * Makes a photo ahead of its first shopper (photoWarmup.ts): in the background turn, never refused as
     * busy; "cached" when it is in the cache already. Never rejects.
     */
    async warm(request: PhotoRequest): Promise<"cached" | "made" | "not-shown"> {
      if (!request.source || !allowed(request)) return "not-shown";
      const key = photoCacheKey(request.source, request.width, request.format);
      if (!working.has(key) && (await cache.has(key).catch(() => false))) return "cached";
      try {
        const answer = await shared(request, key, true);
        return answer.kind === "photo" && answer.cache === "hit" ? "cached" : "made";
      } catch (error) {
        if (!(error instanceof NotShown)) log.warn("photo not made ahead", { error: String(error) });
        return "not-shown";
      }
    },
    /** Bytes in the photo cache now. */
    cacheSize: () => cache.size(),
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
