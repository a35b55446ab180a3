/**
 * A stored page compressed once and sent gzipped to every shopper whose browser accepts it (every
 * browser does), each response still with its own Content-Security-Policy nonce.
 *
 * Why: the page cache answers a stored page in well under a millisecond, but the compression middleware
 * then compressed the same 100–150 KB of HTML again for every shopper (2–3 ms of CPU a hit, more than the
 * hit itself). A stored page is the same bytes for everyone except its nonce, so it is compressed once.
 *
 * How: the parts of the page between the nonces are deflated separately, each ended with a sync flush
 * (byte-aligned, no final block, and no part refers back into a nonce); each nonce goes between them as
 * a stored (uncompressed) deflate block of the same length. A response copies the compressed page,
 * writes its own nonce over each stored block's bytes and writes the gzip trailer (the CRC-32 and length
 * of the page it now stands for). That is one copy and one checksum a hit, no compression.
 * The result is one ordinary gzip member (RFC 1952, deflate per RFC 1951), which every browser reads.
 */
import zlib from "node:zlib";

/** A page compressed with room for a nonce at each place one stood. */
export interface GzippedPage {
  /** gzip header, deflate blocks, trailer (to be written per response). */
  bytes: Buffer;
  /** Where each nonce's bytes stand in `bytes` (inside its stored block). */
  nonceAt: number[];
  /** The page's parts between the nonces (views of the stored page, not copies), for the checksum. */
  parts: Uint8Array[];
  /** Length of the page itself. */
  pageLength: number;
  nonceLength: number;
}

/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final stored block of no bytes: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const TRAILER_LENGTH = 8;
const PART_OPTIONS: zlib.ZlibOptions = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Whether this Node can checksum a gzip member without compressing (zlib.crc32, Node 20.15 and later). */
export const canGzipPages = typeof zlib.crc32 === "function";

/**
 * Compresses `page` once. `nonceOffsets` are where its nonce stands (ascending, not overlapping), each
 * `nonceLength` bytes; the stored blocks keep the page's own nonce until a response writes its own.
 */
export function gzipPage(page: Uint8Array, nonceOffsets: readonly number[], nonceLength: number): GzippedPage {
  if (nonceLength > 0xffff) throw new RangeError("a nonce longer than a stored block");
  const chunks: Buffer[] = [GZIP_HEADER];
  let size = GZIP_HEADER.length;
  const nonceAt: number[] = [];
  const parts: Uint8Array[] = [];
  let from = 0;
  const deflatePart = (to: number) => {
    parts.push(page.subarray(from, to));
    if (to === from) return;
    const deflated = zlib.deflateRawSync(page.subarray(from, to), PART_OPTIONS);
    chunks.push(deflated);
    size += deflated.length;
  };
  for (const at of nonceOffsets) {
    if (at < from || at + nonceLength > page.length) throw new RangeError("nonce offsets out of order or past the page");
    deflatePart(at);
    const stored = Buffer.alloc(5 + nonceLength);
    stored.writeUInt16LE(nonceLength, 1);
    stored.writeUInt16LE(~nonceLength & 0xffff, 3);
    stored.set(page.subarray(at, at + nonceLength), 5);
    nonceAt.push(size + 5);
    chunks.push(stored);
    size += stored.length;
    from = at + nonceLength;
  }
  deflatePart(page.length);
  chunks.push(LAST_BLOCK, Buffer.alloc(TRAILER_LENGTH));
  return { bytes: Buffer.concat(chunks), nonceAt, parts, pageLength: page.length, nonceLength };
}

/** The gzipped page for one response, carrying `nonce` (of the stored nonce's length) wherever the page had one. */
export function gzippedWithNonce(gzipped: GzippedPage, nonce: string | undefined): Buffer<ArrayBuffer> {
  const out = Buffer.from(gzipped.bytes);
  const nonceBytes = gzipped.nonceAt.length && nonce !== undefined ? Buffer.from(nonce, "latin1") : null;
  if (nonceBytes && nonceBytes.length !== gzipped.nonceLength) throw new RangeError("a nonce of another length");
  let crc = 0;
  gzipped.parts.forEach((part, i) => {
    crc = zlib.crc32(part, crc);
    if (i < gzipped.nonceAt.length) {
      const at = gzipped.nonceAt[i];
      if (nonceBytes) out.set(nonceBytes, at);
      crc = zlib.crc32(out.subarray(at, at + gzipped.nonceLength), crc);
    }
  });
  out.writeUInt32LE(crc >>> 0, out.length - TRAILER_LENGTH);
  out.writeUInt32LE(gzipped.pageLength % 2 ** 32, out.length - 4);
  return out;
}

/**
 * Whether the request's Accept-Encoding takes gzip (RFC 9110 12.5.3): `gzip` or `x-gzip` or `*` with a
 * weight above zero, unless gzip itself is given weight zero.
 */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const item of acceptEncoding.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (!Number.isFinite(weight)) continue;
    const coding = name.trim();
    if (coding === "gzip" || coding === "x-gzip") gzip = Math.max(gzip ?? 0, weight);
    else if (coding === "*") any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
