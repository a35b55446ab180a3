import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, inlineScripts, storedPage, withoutNonceAttributes } from "./scriptHashes";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("a stored page's inline scripts", () => {
  const page = [
    "<!doctype html><html><head>",
    '<link rel="modulepreload" href="/assets/entry.client-abc.js"/>',
    '<script type="application/ld+json">{"@type":"Car"}</script>',
    "</head><body><p>2021 Toyota Corolla — $24,990</p>",
    '<script>window.__remixContext = {"url":"/cars/a"};</script>',
    '<script type="module" async="">import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-abc.js");</script>',
    '<script src="/assets/other.js"></script>',
    '<script>window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]\\n");</script>',
    "<SCRIPT TYPE='text/javascript'>history.scrollRestoration = 'manual'</SCRIPT>",
    "<script>window.__remixContext.streamController.close();</script>",
    "</body></html>",
  ].join("");

  it("are the ones a browser runs, as the text between their tags: no data blocks, no scripts with src", () => {
    expect(inlineScripts(page)).toEqual([
      'window.__remixContext = {"url":"/cars/a"};',
      'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-abc.js");',
      'window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]\\n");',
      "history.scrollRestoration = 'manual'",
      "window.__remixContext.streamController.close();",
    ]);
  });

  it("each get the SHA-256 source the browser checks them against (UTF-8 text, base64), once", () => {
    const twice = `${page}<script>window.__remixContext.streamController.close();</script>`;
    const hashes = inlineScriptHashes(twice);
    expect(hashes).toHaveLength(5);
    expect(hashes[0]).toBe(sha256('window.__remixContext = {"url":"/cars/a"};'));
    expect(inlineScriptHashes("<script>const dash = '—';</script>")).toEqual([sha256("const dash = '—';")]);
    // Known answer: the hash the CSP specification's own example gives for alert('Hello, world.');
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it("lose the nonce their render gave them, and only that attribute", () => {
    const nonce = "q1w2e3r4t5y6u7i8o9p0aA==";
    const rendered = `<script nonce="${nonce}">a()</script><p>nonce="${nonce}" typed by a shopper</p><script nonce="${nonce}" type="module">b()</script>`;
    expect(withoutNonceAttributes(rendered, nonce)).toBe(
      `<script>a()</script><p>nonce="${nonce}" typed by a shopper</p><script type="module">b()</script>`,
    );
    expect(withoutNonceAttributes(rendered, undefined)).toBe(rendered);
  });

  it("are stored from the page's bytes exactly as from its text, whatever characters it holds", () => {
    const nonce = "q1w2e3r4t5y6u7i8o9p0aA==";
    const rendered = [
      `<!doctype html><html><head><script nonce="${nonce}">document.title = "Škoda Octavia — 2023 · ü 🚗"</script></head>`,
      `<body><p>Kia Sportage — $38,990 · Café 🚙 nonce="${nonce}"</p>`,
      `<script nonce="${nonce}">window.__remixContext.streamController.enqueue("[{\\"name\\":\\"Citroën C5 — 東京\\"}]");</script>`,
      "</body></html>",
    ].join("");
    const text = withoutNonceAttributes(rendered, nonce);
    const stored = storedPage(new TextEncoder().encode(rendered), nonce);
    expect(Buffer.from(stored.body).equals(Buffer.from(text, "utf8"))).toBe(true);
    expect(new TextDecoder().decode(stored.body)).toBe(text);
    expect(stored.scriptHashes).toEqual(inlineScriptHashes(text));
    expect(stored.scriptHashes).toHaveLength(2);
  });
});
