/**
 * A fake CDN purge API for the CDN adapters' tests (node:http on 127.0.0.1, port 0), serving both shapes
 * under one address (the adapters' CDN_API_URL):
 *
 * - Cloudflare: `POST /client/v4/zones/<zone id>/purge_cache`, `Authorization: Bearer <token>`, a JSON
 *   body of exactly `{"tags":[...]}` with 1 to 30 tags, answered `{"success":true,...}` (Cloudflare's
 *   envelope; refusals are `success: false` with an error code).
 * - Fastly: `POST /service/<service id>/purge`, `Fastly-Key: <token>`, the keys in `Surrogate-Key`
 *   (space-separated, 1 to 256 of them) and no body, answered with each key's purge id.
 *
 * It checks each request as the provider would: the path (404), the method (405), the token (403
 * Cloudflare, 401 Fastly), the body or header and the tag limits (400), tags no answer could carry (with
 * a comma or a space, upper case, empty), and notes every refusal as a problem; a token sent in the other
 * provider's header is a problem too. The next requests fail instead when asked to, after the shape is
 * checked: an HTTP status, a slow answer, a body of your choosing, or text that is not JSON.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { FakeFailure } from "./jsonProviderServer";

export type CdnFailure = FakeFailure;

export interface CdnRequest {
  /** Which API the path named (null for an unknown path). */
  provider: "cloudflare" | "fastly" | null;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The tags the request asked to purge, as sent. */
  tags: string[];
  problems: string[];
  status: number;
}

export interface FakeCdn {
  /** The API address to give the adapters (CDN_API_URL). */
  url: string;
  token: string;
  /** The Cloudflare zone the fake knows (CDN_ZONE_ID). */
  zoneId: string;
  /** The Fastly service the fake knows (CDN_SERVICE_ID). */
  serviceId: string;
  requests: CdnRequest[];
  /** Tags of every purge the fake accepted, in order. */
  purged(): string[];
  /** Queues a failure for the next `times` well-formed requests. */
  failNext(failure: CdnFailure, times?: number): void;
  /** Requests with shape problems (a test expects none unless it sent a bad one on purpose). */
  problems(): string[];
  /** Resolves once `count` requests have been answered (or rejects after `timeoutMs`). */
  waitForRequests(count: number, timeoutMs?: number): Promise<CdnRequest[]>;
  close(): Promise<void>;
}

export const CLOUDFLARE_MAX_TAGS = 30;
export const FASTLY_MAX_KEYS = 256;

/** A tag as both CDNs read it the same way (server/http/surrogateKeys.ts makes only these). */
const TAG = /^[a-z0-9._-]{1,128}$/;

export async function startFakeCdn(options: { token?: string; zoneId?: string; serviceId?: string } = {}): Promise<FakeCdn> {
  const token = options.token ?? "fake-cdn-token-0123456789abcdef";
  const zoneId = options.zoneId ?? "0123456789abcdef0123456789abcdef";
  const serviceId = options.serviceId ?? "SU1Z0isxPaozGVKXdv0eY";
  const requests: CdnRequest[] = [];
  const purged: string[] = [];
  const failures: CdnFailure[] = [];
  const sockets = new Set<Socket>();
  const waiting: { count: number; resolve: () => void }[] = [];
  const cloudflarePath = `/client/v4/zones/${zoneId}/purge_cache`;
  const fastlyPath = `/service/${serviceId}/purge`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const provider = /^\/client\/v4\/zones\/[^/]+\/purge_cache$/.test(path)
        ? "cloudflare"
        : /^\/service\/[^/]+\/purge$/.test(path)
          ? "fastly"
          : null;
      const record: CdnRequest = {
        provider,
        method: req.method ?? "",
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        tags: [],
        problems: [],
        status: 0,
      };
      requests.push(record);
      const note = (problem: string) => void record.problems.push(problem);
      const send = (status: number, payload: unknown, raw = false) => {
        record.status = status;
        if (!res.destroyed)
          res
            .writeHead(status, { "Content-Type": raw ? "text/html" : "application/json" })
            .end(raw ? String(payload) : JSON.stringify(payload));
        for (const waiter of [...waiting]) {
          if (requests.filter((r) => r.status).length >= waiter.count) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      };
      // Each provider's refusal, in its own words.
      const refuse = (status: number, problem: string, code = 1000) => {
        note(problem);
        if (provider === "fastly") return send(status, { msg: problem, detail: problem });
        return send(status, { success: false, errors: [{ code, message: problem }], messages: [], result: null });
      };

      if (!provider) return refuse(404, `${path}: no such endpoint`, 7003);
      if (req.method !== "POST") return refuse(405, `${req.method} ${path}: only POST is served`, 10000);
      const tagProblems = (tags: string[], limit: number) => {
        if (!tags.length) return "no tags";
        if (tags.length > limit) return `${tags.length} tags, more than ${limit} in one call`;
        const bad = tags.find((tag) => !TAG.test(tag));
        return bad === undefined ? null : `a tag no answer could carry: ${JSON.stringify(bad)}`;
      };

      if (provider === "cloudflare") {
        if (path !== cloudflarePath) return refuse(404, `${path}: not this zone`, 7003);
        if (req.headers.authorization !== `Bearer ${token}`) return refuse(403, `${path}: missing or wrong bearer token`, 10000);
        if (req.headers["fastly-key"] !== undefined) note(`${path}: a Fastly-Key header sent to Cloudflare`);
        if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(400, `${path}: not JSON`, 1012);
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          return refuse(400, `${path}: body is not valid JSON`, 1012);
        }
        const keys = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
        const tags = (body as { tags?: unknown } | null)?.tags;
        if (keys.length !== 1 || !Array.isArray(tags) || !tags.every((t) => typeof t === "string"))
          return refuse(400, `${path}: the body must be exactly {"tags":[...]}`, 1012);
        record.tags = tags as string[];
        const problem = tagProblems(record.tags, CLOUDFLARE_MAX_TAGS);
        if (problem) return refuse(400, `${path}: ${problem}`, 1012);
      } else {
        if (path !== fastlyPath) return refuse(404, `${path}: not this service`);
        if (req.headers["fastly-key"] !== token) return refuse(401, `${path}: missing or wrong Fastly-Key`);
        if (req.headers.authorization !== undefined) note(`${path}: an Authorization header sent to Fastly`);
        if (record.body) note(`${path}: a body sent; the keys go in Surrogate-Key`);
        record.tags = String(req.headers["surrogate-key"] ?? "")
          .split(" ")
          .filter(Boolean);
        if (/ {2}|^ | $/.test(String(req.headers["surrogate-key"] ?? ""))) note(`${path}: Surrogate-Key not single-space separated`);
        const problem = tagProblems(record.tags, FASTLY_MAX_KEYS);
        if (problem) return refuse(400, `${path}: ${problem}`);
      }

      // The request was what the provider expects; now any failure asked for.
      const failure = failures.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) {
        return provider === "fastly"
          ? send(failure.status, { msg: `failing on demand with ${failure.status}` })
          : send(failure.status, {
              success: false,
              errors: [{ code: 10000 + failure.status, message: "failing on demand" }],
              messages: [],
              result: null,
            });
      }
      if (failure && "notJson" in failure) return send(200, "<html>maintenance</html>", true);
      if (failure && "body" in failure) return send(200, failure.body);
      purged.push(...record.tags);
      if (provider === "fastly") return send(200, Object.fromEntries(record.tags.map((tag) => [tag, randomUUID()])));
      return send(200, { success: true, errors: [], messages: [], result: { id: randomUUID().replaceAll("-", "") } });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    zoneId,
    serviceId,
    requests,
    purged: () => [...purged],
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    problems: () => requests.flatMap((r) => r.problems),
    waitForRequests(count, timeoutMs = 5000) {
      if (requests.filter((r) => r.status).length >= count) return Promise.resolve(requests);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the fake CDN had ${requests.length} requests, not ${count}, within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
