/**
 * What a stored page needs to run under its Content-Security-Policy without a nonce (decision 0028): the
 * `sha256-…` source of each of its inline scripts. A page kept by the page cache is the same bytes for
 * every shopper, so its scripts are hashed once, when it is stored, instead of carrying a nonce that would
 * have to be written into the page again for every answer.
 *
 * Inline scripts here are the ones the browser would run: a `<script>` without `src`, of no type or a
 * JavaScript or module type. Data blocks (`application/ld+json`) are never run and need no source. A
 * script's text is what stands between its tags, byte for byte (HTML never decodes a script's text).
 */
import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC = /(?:^|\s)src\s*=/i;
/** The types a browser runs (HTML's JavaScript MIME type essence list, the usual ones, and modules). */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "application/ecmascript", "text/ecmascript"]);

/** The inline scripts a browser would run, in page order, as the text between their tags. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue;
    const type = TYPE.exec(attributes);
    const value = (type ? (type[1] ?? type[2] ?? type[3]) : "").trim().toLowerCase();
    if (RUNNABLE_TYPES.has(value)) scripts.push(text);
  }
  return scripts;
}

/**
 * The CSP hash source of one script's text ('sha256-<base64>'). `latin1` when the text was read a byte
 * per character (storedPage): its characters are then the page's own bytes.
 */
export function scriptHashSource(text: string, encoding: "utf8" | "latin1" = "utf8"): string {
  return `'sha256-${createHash("sha256").update(text, encoding).digest("base64")}'`;
}

/** The hash sources of a page's inline scripts, each once, in page order. */
export function inlineScriptHashes(html: string, encoding: "utf8" | "latin1" = "utf8"): string[] {
  return [...new Set(inlineScripts(html).map((text) => scriptHashSource(text, encoding)))];
}

/**
 * A rendered page's bytes as they are stored: without its render's nonce, with its inline scripts' hash
 * sources. The page is read a byte per character (Latin-1), never decoded from UTF-8 and encoded again:
 * every pattern looked for is ASCII, and a UTF-8 character's bytes are all above 0x7F, so none can be
 * mistaken for one, and the bytes written back are the page's own.
 */
export function storedPage(body: Uint8Array, nonce: string | undefined): { body: Uint8Array<ArrayBuffer>; scriptHashes: string[] } {
  const page = withoutNonceAttributes(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1"), nonce);
  const bytes = Buffer.from(page, "latin1");
  return {
    body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>,
    scriptHashes: inlineScriptHashes(page, "latin1"),
  };
}

/** The page as everyone gets it: without the `nonce` attribute its render gave its scripts. */
export function withoutNonceAttributes(html: string, nonce: string | undefined): string {
  return nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
}
