import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, brotliWindowBits, compress, preferredEncoding } from "./storedEncoding";

describe("which stored encoding a client gets", () => {
  it("Brotli for the browsers that take it, gzip for the rest, none for a client that takes neither", () => {
    // Chromium, Firefox and Safari as they ask.
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("x-gzip")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  it("follows the client's weights: gzip preferred over Brotli, either refused", () => {
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.1")).toBe("gzip");
    expect(preferredEncoding("BR;Q=1, GZIP;q=1")).toBe("br");
    expect(preferredEncoding("gzip;q=0, *")).toBe("br");
    expect(preferredEncoding("*;q=0")).toBeNull();
    expect(preferredEncoding("br;q=nonsense")).toBeNull();
  });

  it("the ad channels' gzip-only feeds: taken or not", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("deflate, *;q=0.5")).toBe(true);
  });
});

describe("a stored answer compressed", () => {
  const page = new TextEncoder().encode(`<!doctype html>${"<p>Used cars – 2021 Toyota Corolla</p>".repeat(400)}`);

  it("reads back as the same bytes, in either encoding", async () => {
    expect(zlib.brotliDecompressSync(await compress(page, "br")).equals(Buffer.from(page))).toBe(true);
    expect(zlib.gunzipSync(await compress(page, "gzip")).equals(Buffer.from(page))).toBe(true);
  });

  it("gets a Brotli window that holds the whole page, not Brotli's 4 MB default, and compresses it as small (within a few bytes)", async () => {
    expect(brotliWindowBits(page.byteLength)).toBe(14);
    expect([brotliWindowBits(0), brotliWindowBits(1024), brotliWindowBits(1025), brotliWindowBits(50_000_000)]).toEqual([10, 10, 11, 22]);
    for (const effort of ["fast", "best"] as const) {
      const windowed = await compress(page, "br", effort);
      expect(zlib.brotliDecompressSync(windowed).equals(Buffer.from(page))).toBe(true);
      const quality = effort === "fast" ? 4 : 9;
      const unwindowed = zlib.brotliCompressSync(page, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      });
      // Within a few bytes (the window size is written in the stream header).
      expect(windowed.byteLength).toBeLessThanOrEqual(unwindowed.byteLength + 4);
    }
  });
});
