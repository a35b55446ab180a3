/**
 * Streams a page's HTML for the server entry: React's `renderToPipeableStream`, same options, same
 * `{ pipe, abort }`, except that `pipe` never lets a NUL byte into the page.
 *
 * Why: React 18.3's Node renderer (react-dom/server.node, `writeStringChunk`) encodes text into a
 * 2,048-byte buffer with `TextEncoder.encodeInto`. When a multi-byte character (an em dash, "ü", an emoji)
 * does not fit in the last 1–3 bytes, `encodeInto` stops before it; React then sends the *whole* buffer,
 * unwritten zero bytes included (`writeToDestination(destination, currentView)` where it means
 * `currentView.subarray(0, writtenBytes)`), and encodes the character again at the start of the next
 * buffer. So the page gets 1–3 NUL bytes inserted and loses nothing. React fixed it in 19
 * (facebook/react#26228), never in 18; no renderer option avoids that code path.
 *
 * Fix: the bytes React writes pass through `DropNulBytes` before they reach the response. That gives
 * exactly the page React meant to send, because
 *   - the defect only inserts whole 0x00 bytes, every real character is still there, and
 *   - in UTF-8 a 0x00 byte is only ever the character U+0000 (it never occurs inside a multi-byte
 *     character), so dropping 0x00 bytes cannot damage any character, wherever a chunk ends;
 *   - U+0000 has no place in an HTML page (a parse error that browsers drop or turn into U+FFFD), so a
 *     NUL that came from stock data or a shopper's input is dropped too: no page ever carries one.
 * It costs one native `indexOf(0)` per 2 KB chunk, copying only a chunk that has a NUL. React's Web
 * Streams renderer (`renderToReadableStream`), which does not have the defect, was measured slower
 * (docs/decisions/0011-streamed-html-encoding.md). On React 19 this file can go.
 */
import { pipeline, Transform, type TransformCallback, type Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream, type PipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";

/** Removes every 0x00 byte from a UTF-8 byte stream (that is, every U+0000), leaving all other bytes as they were. */
export class DropNulBytes extends Transform {
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let nul = chunk.indexOf(0);
    if (nul === -1) return callback(null, chunk);
    const out = Buffer.allocUnsafe(chunk.length);
    let length = 0;
    let start = 0;
    while (nul !== -1) {
      length += chunk.copy(out, length, start, nul);
      start = nul + 1;
      nul = chunk.indexOf(0, start);
    }
    length += chunk.copy(out, length, start);
    callback(null, out.subarray(0, length));
  }
}

const CLOSE_DOCUMENT = Buffer.from("</body></html>");

/**
 * Moves the document's `</body></html>` to the very end of the page. Remix's single fetch writes the
 * page's data as inline scripts after the document (RemixServer renders them after the root route's
 * `<html>`), and nothing may follow `</html>`: browsers move such scripts into the body, a validator calls
 * them stray start tags (issue 26). Held back here, the scripts end up inside the body, where they run
 * exactly as before. Only the first `</body></html>` counts (React escapes text, so none occurs earlier);
 * a chunk edge inside it is handled by holding back the end of a chunk that could begin it.
 */
export class CloseDocumentLast extends Transform {
  private held = Buffer.alloc(0);
  private moved = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.moved) return callback(null, chunk);
    const data = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const at = data.indexOf(CLOSE_DOCUMENT);
    if (at !== -1) {
      this.moved = true;
      this.held = Buffer.alloc(0);
      this.pushSome(data.subarray(0, at));
      this.pushSome(data.subarray(at + CLOSE_DOCUMENT.length));
      return callback();
    }
    let keep = Math.min(CLOSE_DOCUMENT.length - 1, data.length);
    while (keep > 0 && !data.subarray(data.length - keep).equals(CLOSE_DOCUMENT.subarray(0, keep))) keep--;
    this.held = Buffer.from(data.subarray(data.length - keep));
    this.pushSome(data.subarray(0, data.length - keep));
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.pushSome(this.moved ? CLOSE_DOCUMENT : this.held);
    callback();
  }

  private pushSome(bytes: Buffer) {
    if (bytes.length) this.push(bytes);
  }
}

/** `renderToPipeableStream` whose `pipe` writes the page without NUL bytes and with nothing after `</html>`; everything else is React's. */
export function renderHtmlToPipeableStream(children: ReactNode, options?: RenderToPipeableStreamOptions): PipeableStream {
  const stream = renderToPipeableStream(children, options);
  return {
    pipe<W extends NodeJS.WritableStream>(destination: W): W {
      const clean = new DropNulBytes();
      // pipeline ends the destination with the page, destroys it if rendering fails, and, if the shopper
      // goes away first, closes `clean`, which tells React to stop (it aborts when its destination closes).
      pipeline(clean, new CloseDocumentLast(), destination as unknown as Writable, () => undefined);
      stream.pipe(clean);
      return destination;
    },
    abort: stream.abort,
  };
}
