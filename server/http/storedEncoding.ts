/**
 * A stored answer is compressed once per encoding, not once per shopper (decision 0028): Brotli for the
 * browsers that take it (every current one), gzip for the rest, as they are, uncompressed, for a client
 * that takes neither. The work runs on zlib's thread pool, so the server goes on answering meanwhile.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

export type StoredEncoding = "br" | "gzip";

/** Answers smaller than this go as they are (the compression middleware's own threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * How hard to compress. `best` (Brotli quality 9, gzip 9: within a few per cent of Brotli's best at a
 * tenth of its time) for a page shoppers keep asking for: it is compressed once, their phones download it
 * every time. `fast` (Brotli 4, gzip 6: about 10% larger, eight times quicker than Brotli 9 on a results
 * page) for an answer's first shopper, who should not wait for the best: a page only one shopper ever
 * asks for (a rare filter) never costs the best.
 */
export type CompressionEffort = "fast" | "best";
const BROTLI_QUALITY: Record<CompressionEffort, number> = { fast: 4, best: 9 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { fast: 6, best: 9 };

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function compress(body: Uint8Array, encoding: StoredEncoding, effort: CompressionEffort = "best"): Promise<Buffer> {
  if (encoding === "gzip") return gzip(body, { level: GZIP_LEVEL[effort] });
  return brotliCompress(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength),
    },
  });
}

/**
 * The smallest Brotli window that holds the whole body (at least Brotli's minimum, at most its default
 * of 4 MB). Node's streaming encoder does not shrink the window to the input as Brotli's one-shot call
 * does, so every page would get a 4 MB window, allocated and freed on each compression; a window the
 * size of the page compresses it the same.
 */
export function brotliWindowBits(bytes: number): number {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_DEFAULT_WINDOW } = zlib.constants;
  return Math.min(BROTLI_DEFAULT_WINDOW, Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(Math.max(bytes, 1)))));
}

/** Each coding's weight in an Accept-Encoding header (`*` for the ones not named); absent, 0. */
function weights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((p) => /^q\s*=/.test(p));
    const weight = q ? Number(q.replace(/^q\s*=\s*/, "")) : 1;
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return weights;
}

/**
 * The stored encoding to send for this Accept-Encoding: Brotli when it is taken at least as willingly as
 * gzip, else gzip, else none (the page as it is).
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): StoredEncoding | null {
  if (!acceptEncoding) return null;
  const taken = weights(acceptEncoding);
  const weightOf = (name: string) => taken.get(name) ?? taken.get("*") ?? 0;
  const br = weightOf("br");
  const gz = Math.max(weightOf("gzip"), taken.get("x-gzip") ?? 0);
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return null;
}

/** Whether a client takes gzip (the ad channels' feeds are kept gzipped only). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  const taken = weights(acceptEncoding);
  return Math.max(taken.get("gzip") ?? taken.get("*") ?? 0, taken.get("x-gzip") ?? 0) > 0;
}
