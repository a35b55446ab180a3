/**
 * A fake host of dealers' stock feeds (node:http on 127.0.0.1, port 0) for the scheduled pull's tests,
 * answering as a feed provider's web server does: each published file with its ETag and Last-Modified,
 * and 304 Not Modified to a conditional GET that names the current version (If-None-Match, or
 * If-Modified-Since no older than the file). It checks each request as such a server would see it: GET
 * only (405), a known path (404), the pull's User-Agent and an Accept header, and validators that are
 * ones it sent; each refusal or odd request is noted as a problem. The next request fails instead when
 * asked to: an HTTP status, a slow answer, a body of your choosing (an empty file), or a body cut off
 * half way.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FeedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export type FeedFailure = { status: number } | { delayMs: number } | { body: string; contentType?: string } | { cutOff: true };

export interface FakeFeedHost {
  origin: string;
  /** The address of a path on this host. */
  url(path: string): string;
  /** Serves `body` at `path` from now on, as a new version (new ETag and Last-Modified). */
  publish(path: string, body: string | Buffer, contentType?: string): void;
  requests: FeedRequest[];
  failNext(failure: FeedFailure, times?: number): void;
  /** Requests a real feed host would have found wrong (a test expects none unless it sent one on purpose). */
  problems(): string[];
  close(): Promise<void>;
}

interface Published {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: string;
}

export async function startFakeFeedHost(): Promise<FakeFeedHost> {
  const files = new Map<string, Published>();
  /** Every ETag this host has sent, so a validator it never sent is noticed. */
  const sentEtags = new Set<string>();
  const requests: FeedRequest[] = [];
  const problems: string[] = [];
  const failures: FeedFailure[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let version = 0;

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const entry: FeedRequest = { method: req.method ?? "", path, headers: req.headers, status: 0 };
    requests.push(entry);
    const answer = (status: number, headers: Record<string, string | number> = {}, body?: Buffer | string) => {
      entry.status = status;
      res.writeHead(status, headers).end(body);
    };
    const refuse = (status: number, problem: string) => {
      problems.push(`${req.method} ${path}: ${problem}`);
      answer(status, { "Content-Type": "text/plain" }, problem);
    };

    if (req.method !== "GET") return refuse(405, "a feed is fetched with GET");
    if (!/^dealer-sites-stock-feed\/\d+$/.test(req.headers["user-agent"] ?? ""))
      return refuse(400, `unexpected User-Agent ${req.headers["user-agent"]}`);
    if (!req.headers.accept) return refuse(400, "no Accept header");
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && !sentEtags.has(ifNoneMatch)) problems.push(`GET ${path}: If-None-Match ${ifNoneMatch} is no ETag this host sent`);

    const failure = failures.shift();
    if (failure && "status" in failure)
      return answer(failure.status, { "Content-Type": "text/plain" }, `failing on demand with ${failure.status}`);
    if (failure && "body" in failure) return answer(200, { "Content-Type": failure.contentType ?? "text/csv" }, failure.body);
    const file = files.get(path);
    if (!file) return refuse(404, "no feed at this path");
    if (failure && "cutOff" in failure) {
      // Announce the whole file, send half of it, then drop the connection.
      entry.status = 200;
      res.writeHead(200, { "Content-Type": file.contentType, "Content-Length": file.body.byteLength, ETag: file.etag });
      res.write(file.body.subarray(0, Math.floor(file.body.byteLength / 2)));
      return void setTimeout(() => res.destroy(), 20);
    }
    const send = () => {
      if (res.destroyed) return;
      const since = req.headers["if-modified-since"];
      const unchanged = ifNoneMatch ? ifNoneMatch === file.etag : since ? Date.parse(since) >= Date.parse(file.lastModified) : false;
      sentEtags.add(file.etag);
      if (unchanged) return answer(304, { ETag: file.etag, "Last-Modified": file.lastModified });
      answer(
        200,
        { "Content-Type": file.contentType, "Content-Length": file.body.byteLength, ETag: file.etag, "Last-Modified": file.lastModified },
        file.body,
      );
    };
    if (failure && "delayMs" in failure) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, failure.delayMs);
      timers.add(timer);
      return;
    }
    send();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    url: (path) => `${origin}${path}`,
    publish(path, body, contentType = "text/csv; charset=utf-8") {
      const bytes = Buffer.from(body);
      version++;
      // One second apart, as HTTP dates count whole seconds.
      const lastModified = new Date(Date.UTC(2026, 2, 1, 0, 0, version)).toUTCString();
      const etag = `"${createHash("sha1").update(bytes).digest("hex").slice(0, 16)}-${version}"`;
      files.set(path, { body: bytes, contentType, etag, lastModified });
    },
    requests,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    problems: () => [...problems],
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
