/**
 * Streamed page HTML carries no NUL bytes: React 18's Node renderer inserts 1–3 NULs when a multi-byte
 * character (em dash, umlaut, emoji) meets the end of its 2 KB buffer; the renderer the server entry uses
 * (renderHtmlToPipeableStream) sends exactly the page renderToString gives, and drops a NUL that comes
 * from content. It still streams content that arrives after the shell, keeps the nonce, and ends the
 * response when the render is aborted or the shell fails.
 */
import { PassThrough, type Writable } from "node:stream";
import { createElement as h, Suspense, type ReactNode } from "react";
import { renderToPipeableStream, renderToString, type PipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CloseDocumentLast, DropNulBytes, renderHtmlToPipeableStream } from "./htmlStream";

type Renderer = (children: ReactNode, options: RenderToPipeableStreamOptions) => PipeableStream;

/** Renders the way app/entry.server.tsx does: pipe into a PassThrough once the shell (or everything) is ready. */
function renderBytes(
  render: Renderer,
  tree: ReactNode,
  when: "onShellReady" | "onAllReady" = "onShellReady",
  options: RenderToPipeableStreamOptions = {},
) {
  return new Promise<Buffer>((resolve, reject) => {
    const { pipe } = render(tree, {
      ...options,
      [when]() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve(Buffer.concat(chunks)));
        body.on("error", reject);
        pipe(body as Writable);
      },
      onShellError: reject,
    });
  });
}

/** A car listing page: ~1.9 KB of ASCII, then text full of multi-byte characters; `pad` moves them over the 2,048-byte edge. */
function listing(pad: number) {
  return h(
    "main",
    null,
    h("h1", null, "Used cars"),
    h("p", null, "a".repeat(600)),
    h("p", null, "b".repeat(600)),
    h("p", null, "c".repeat(600)),
    h("p", null, "d".repeat(100 + pad) + " — Müller’s HiLux SR5 · 4×4 · €/£/¥ 😀 drive away — señor"),
  );
}

const hasNul = (bytes: Buffer) => bytes.includes(0);

describe("streamed page HTML", () => {
  it("React's own Node renderer writes NUL bytes for these pages (the defect this renderer avoids)", async () => {
    const broken: number[] = [];
    for (let pad = 0; pad < 200; pad++) if (hasNul(await renderBytes(renderToPipeableStream, listing(pad)))) broken.push(pad);
    // If this fails, React no longer has the defect: htmlStream.ts can go and the entry can use renderToPipeableStream.
    expect(broken.length).toBeGreaterThan(0);
  });

  it("has no NUL or replacement characters and equals renderToString's page, wherever the characters fall", async () => {
    const offenders: string[] = [];
    for (let pad = 0; pad < 200; pad++) {
      for (const when of ["onShellReady", "onAllReady"] as const) {
        const bytes = await renderBytes(renderHtmlToPipeableStream, listing(pad), when);
        const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        if (hasNul(bytes) || text.includes("\uFFFD") || text !== renderToString(listing(pad))) offenders.push(`${pad}/${when}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("drops a NUL that comes from content (stock data, a shopper's text), which HTML does not allow", async () => {
    const tree = h("p", { title: "a\u0000b" }, "Car\u0000 — nul");
    const html = (await renderBytes(renderHtmlToPipeableStream, tree)).toString("utf8");
    expect(html).toBe(renderToString(tree).replaceAll("\u0000", ""));
  });

  it("dropping NUL bytes keeps every other byte, however the chunks are cut", async () => {
    const text = "Müller’s 4×4 — 😀 señor ".repeat(40);
    const bytes = Buffer.from(text.replaceAll(" ", " \u0000"), "utf8");
    for (const size of [1, 2, 3, 5, 7, 64, 4096]) {
      const drop = new DropNulBytes();
      const out: Buffer[] = [];
      drop.on("data", (chunk: Buffer) => out.push(chunk));
      for (let i = 0; i < bytes.length; i += size) drop.write(bytes.subarray(i, i + size));
      drop.end();
      await new Promise((resolve) => drop.on("end", resolve));
      expect(Buffer.concat(out).toString("utf8")).toBe(text);
    }
  });

  it("moves </body></html> after the data scripts written after the document, however the chunks are cut", async () => {
    const page = '<!DOCTYPE html><html><body><main>Cars</main><script>a()</script></body></html><!--$--><script>b("</")</script><!--/$-->';
    const expected =
      '<!DOCTYPE html><html><body><main>Cars</main><script>a()</script><!--$--><script>b("</")</script><!--/$--></body></html>';
    const bytes = Buffer.from(page);
    for (const size of [1, 2, 3, 5, 7, 13, 14, 64, 4096]) {
      const move = new CloseDocumentLast();
      const out: Buffer[] = [];
      move.on("data", (chunk: Buffer) => out.push(chunk));
      for (let i = 0; i < bytes.length; i += size) move.write(bytes.subarray(i, i + size));
      move.end();
      await new Promise((resolve) => move.on("end", resolve));
      expect(Buffer.concat(out).toString("utf8"), `chunks of ${size}`).toBe(expected);
    }
  });

  it("leaves a stream without </body></html> as it was, and a rendered page ends with it", async () => {
    const move = new CloseDocumentLast();
    const out: Buffer[] = [];
    move.on("data", (chunk: Buffer) => out.push(chunk));
    move.write(Buffer.from("<p>no document</b"));
    move.end(Buffer.from("ody>"));
    await new Promise((resolve) => move.on("end", resolve));
    expect(Buffer.concat(out).toString("utf8")).toBe("<p>no document</body>");
    const html = (
      await renderBytes(renderHtmlToPipeableStream, h("html", null, h("body", null, h("p", null, "Cars"))), "onAllReady")
    ).toString();
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("keeps the nonce on React's inline scripts", async () => {
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    function Late() {
      if (!done) throw later.then(() => void (done = true));
      return h("p", null, "late");
    }
    const pending = renderBytes(
      renderHtmlToPipeableStream,
      h("div", null, h(Suspense, { fallback: h("i", null, "…") }, h(Late))),
      "onShellReady",
      { nonce: "n0nce" },
    );
    setTimeout(release, 10);
    const html = (await pending).toString("utf8");
    expect(html).toContain("late");
    expect(html).toMatch(/<script nonce="n0nce">/);
  });

  it("streams content that finishes after the shell, multi-byte characters intact", async () => {
    let resolveCars!: () => void;
    const carsLoaded = new Promise<void>((resolve) => (resolveCars = resolve));
    let loaded = false;
    function Cars() {
      if (!loaded) throw carsLoaded.then(() => void (loaded = true));
      return h(
        "ul",
        null,
        Array.from({ length: 80 }, (_, i) => h("li", { key: i }, `Car ${i} — Müller’s 4×4 😀 ${"x".repeat(i)}`)),
      );
    }
    const pending = renderBytes(
      renderHtmlToPipeableStream,
      h("main", null, h("h1", null, "Stock"), h(Suspense, { fallback: h("p", null, "Loading…") }, h(Cars))),
    );
    setTimeout(resolveCars, 10);
    const bytes = await pending;
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(hasNul(bytes)).toBe(false);
    expect(html).toContain("Loading…"); // the shell went first
    expect(html).toContain("Car 79 — Müller’s 4×4 😀");
  });

  it("ends the page when the render is aborted (a slow loader), reporting the error", async () => {
    const never = new Promise<void>(() => undefined);
    function Stuck(): ReactNode {
      throw never;
    }
    const errors: unknown[] = [];
    let stream!: PipeableStream;
    const pending = new Promise<Buffer>((resolve, reject) => {
      stream = renderHtmlToPipeableStream(h("main", null, h(Suspense, { fallback: h("p", null, "Loading…") }, h(Stuck))), {
        onShellReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => resolve(Buffer.concat(chunks)));
          stream.pipe(body);
          setTimeout(() => stream.abort(), 10);
        },
        onShellError: reject,
        onError: (error) => void errors.push(error),
      });
    });
    const html = (await pending).toString("utf8");
    expect(html).toContain("Loading…");
    expect(errors.length).toBeGreaterThan(0);
  });

  it("stops rendering when the shopper goes away (the response closes early)", async () => {
    const never = new Promise<void>(() => undefined);
    function Stuck(): ReactNode {
      throw never;
    }
    const stopped = await new Promise<unknown>((resolve, reject) => {
      const stream = renderHtmlToPipeableStream(h("main", null, h(Suspense, { fallback: h("p", null, "Loading…") }, h(Stuck))), {
        onShellReady() {
          const body = new PassThrough();
          stream.pipe(body);
          body.once("data", () => body.destroy());
        },
        onShellError: reject,
        onError: resolve,
      });
    });
    expect(String(stopped)).toMatch(/destination stream (closed early|errored)/);
  });

  it("calls onShellError when the page cannot render at all", async () => {
    function Broken(): ReactNode {
      throw new Error("no tenant");
    }
    const error = await new Promise<unknown>((resolve) => {
      renderHtmlToPipeableStream(h(Broken), { onShellReady: () => resolve("rendered"), onShellError: resolve, onError: () => undefined });
    });
    expect(String(error)).toContain("no tenant");
  });
});
