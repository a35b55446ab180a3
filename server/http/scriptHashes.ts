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

/** The CSP hash source of one script's text ('sha256-<base64>'). */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The hash sources of a page's inline scripts, each once, in page order. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHashSource))];
}

/** The page as everyone gets it: without the `nonce` attribute its render gave its scripts. */
export function withoutNonceAttributes(html: string, nonce: string | undefined): string {
  return nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
}
