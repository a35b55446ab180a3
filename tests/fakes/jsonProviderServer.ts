/**
 * A fake JSON provider (node:http on 127.0.0.1, port 0), the part every fake trade-in provider shares. It
 * checks each request as such a provider would: `POST <path>`, JSON, `Authorization: Bearer <key>` (401
 * without it, 415 without JSON, 400 for a body its schema refuses), each noted as a problem. A body that
 * passes goes to `answer`; the next request fails instead when asked to: an HTTP status, a slow answer, a
 * body of your choosing, or text that is not JSON.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { z } from "zod";

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  json: unknown;
  problems: string[];
  status: number;
}

/** What the next request does instead of answering normally. */
export type FakeFailure = { status: number } | { delayMs: number } | { body: unknown } | { notJson: true };

export interface FakeJsonProvider {
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  failNext(failure: FakeFailure): void;
  /** Requests with shape problems (a test expects none unless it sent a bad one on purpose). */
  problems(): string[];
  close(): Promise<void>;
}

export async function startFakeJsonProvider<Body>(options: {
  path: string;
  apiKey: string;
  body: z.ZodType<Body, z.ZodTypeDef, unknown>;
  /** The provider's answer to a well-formed request: its status and JSON. */
  answer: (body: Body) => { status: number; payload: unknown };
}): Promise<FakeJsonProvider> {
  const { path: endpoint, apiKey } = options;
  const requests: FakeRequest[] = [];
  const failures: FakeFailure[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const text = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = undefined;
      }
      const problems: string[] = [];
      const record: FakeRequest = { method: req.method ?? "", path, headers: req.headers, json, problems, status: 0 };
      requests.push(record);
      const send = (status: number, payload: unknown, raw = false) => {
        record.status = status;
        if (res.destroyed) return;
        res
          .writeHead(status, { "Content-Type": raw ? "text/plain" : "application/json" })
          .end(raw ? String(payload) : JSON.stringify(payload));
      };
      const refuse = (status: number, problem: string) => {
        problems.push(problem);
        send(status, { error: problem });
      };

      if (req.method !== "POST") return refuse(405, `${req.method} ${path}: only POST is served`);
      if (path !== endpoint) return refuse(404, `${path}: no such endpoint`);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return refuse(401, `${path}: missing or wrong bearer key`);
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(415, `${path}: not JSON`);
      if (json === undefined) return refuse(400, `${path}: body is not valid JSON`);
      const parsed = options.body.safeParse(json);
      if (!parsed.success) return refuse(400, `${path}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);

      const failure = failures.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) return send(failure.status, { error: `failing on demand with ${failure.status}` });
      if (failure && "notJson" in failure) return send(200, "<html>maintenance</html>", true);
      if (failure && "body" in failure) return send(200, failure.body);
      const answer = options.answer(parsed.data);
      return send(answer.status, answer.payload);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    requests,
    failNext: (failure) => void failures.push(failure),
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
