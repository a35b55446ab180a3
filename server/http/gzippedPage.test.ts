import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzippedWithNonce, gzipPage } from "./gzippedPage";

const nonceOf = () => randomBytes(16).toString("base64");

/** A page with `nonce` at each `<script>` and where each stands. */
function pageWith(nonce: string, texts: string[]): { page: Buffer; offsets: number[] } {
  const html = texts.join(`<script nonce="${nonce}">start()</script>`);
  const page = Buffer.from(html, "utf8");
  const offsets: number[] = [];
  for (let at = page.indexOf(nonce); at !== -1; at = page.indexOf(nonce, at + nonce.length)) offsets.push(at);
  return { page, offsets };
}

/** What a browser would read: gunzip checks the checksum and the length in the trailer. */
const read = (gzipped: Buffer) => zlib.gunzipSync(gzipped).toString("utf8");

describe("a stored page gzipped once, sent with each response's nonce", () => {
  it("reads back as the page with the response's nonce wherever the page had its own", () => {
    const stored = nonceOf();
    const texts = [
      "<!doctype html><title>Used cars</title>",
      "<main>Toyota Corolla — $24,990</main>",
      "<footer>Summit Auto Group</footer>",
    ];
    const { page, offsets } = pageWith(stored, texts);
    const gzipped = gzipPage(page, offsets, stored.length);
    for (let i = 0; i < 3; i++) {
      const nonce = nonceOf();
      expect(read(gzippedWithNonce(gzipped, nonce))).toBe(pageWith(nonce, texts).page.toString("utf8"));
    }
  });

  it("keeps the stored nonce when the response has none", () => {
    const stored = nonceOf();
    const { page, offsets } = pageWith(stored, ["a", "b"]);
    expect(read(gzippedWithNonce(gzipPage(page, offsets, stored.length), undefined))).toBe(page.toString("utf8"));
  });

  it("handles a nonce at the very start and end, nonces side by side, and a page with none", () => {
    const stored = nonceOf();
    const page = Buffer.from(`${stored}${stored}middle${stored}`, "latin1");
    const nonce = nonceOf();
    const gzipped = gzipPage(page, [0, stored.length, stored.length * 2 + 6], stored.length);
    expect(read(gzippedWithNonce(gzipped, nonce))).toBe(`${nonce}${nonce}middle${nonce}`);
    const plain = Buffer.from("<p>no scripts here</p>");
    expect(read(gzippedWithNonce(gzipPage(plain, [], 0), nonce))).toBe("<p>no scripts here</p>");
  });

  it("a large page (over a deflate window) with a few scripts compresses as well as an ordinary gzip, and reads back whole", () => {
    const stored = nonceOf();
    const cards = (from: number) =>
      Array.from(
        { length: 150 },
        (_, i) => `<article><h2>Car ${from + i}</h2><p>${"Low kilometres, one owner, full service history. ".repeat(3)}</p></article>`,
      ).join("");
    // A page has a handful of inline scripts: the start-up module, the page's data, structured data.
    const texts = ["<head>", cards(0), cards(150), cards(300), cards(450) + "</body>"];
    const { page, offsets } = pageWith(stored, texts);
    expect(page.length).toBeGreaterThan(100_000);
    const gzipped = gzipPage(page, offsets, stored.length);
    const nonce = nonceOf();
    const sent = gzippedWithNonce(gzipped, nonce);
    expect(read(sent)).toBe(pageWith(nonce, texts).page.toString("utf8"));
    // Each part starts its compression afresh: a few hundred bytes in all, on a page of 100 KB.
    expect(sent.length).toBeLessThan(zlib.gzipSync(page).length + 1024);
  });

  it("a page with a nonce every few bytes still reads back whole", () => {
    const stored = nonceOf();
    const texts = Array.from({ length: 3000 }, (_, i) => `<li>${i}</li>`);
    const { page, offsets } = pageWith(stored, texts);
    const nonce = nonceOf();
    expect(read(gzippedWithNonce(gzipPage(page, offsets, stored.length), nonce))).toBe(pageWith(nonce, texts).page.toString("utf8"));
  });

  it("refuses a nonce of another length rather than sending a broken page", () => {
    const stored = nonceOf();
    const { page, offsets } = pageWith(stored, ["a", "b"]);
    expect(() => gzippedWithNonce(gzipPage(page, offsets, stored.length), "short")).toThrow(RangeError);
  });

  it("refuses offsets that overlap or run past the page", () => {
    const page = Buffer.from("abcdefgh");
    expect(() => gzipPage(page, [4, 2], 2)).toThrow(RangeError);
    expect(() => gzipPage(page, [7], 2)).toThrow(RangeError);
  });
});

describe("which browsers take gzip", () => {
  it("reads Accept-Encoding with its weights", () => {
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
