/**
 * The checking server every fake outside service shares (node:http on 127.0.0.1, port 0). Each fake gives
 * only its endpoints: method and path, where the request's fields are (a JSON body, a form body or the
 * query string), their schema and the answer to a well-formed request. The server checks each request as
 * such a provider would: the method and path (405, 404), `Authorization: Bearer <key>` when the provider
 * has a key (401), the body's type (415), JSON that parses and fields the schema accepts (400), a JSON
 * `Accept` where the provider asks for it (400), each refusal noted as a problem. The next request fails
 * instead when asked to: an HTTP status, a slow answer, a body of your choosing, or text that is not JSON.
 *
 * `startFakeJsonProvider` is the one-endpoint JSON provider with a bearer key (the trade-in providers).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { z } from "zod";

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's fields. */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  /** The JSON body (null without a body, undefined when it is not JSON). */
  json: unknown;
  /** The form body's fields (empty unless the body is a form). */
  form: Record<string, string>;
  problems: string[];
  status: number;
}

/** What the next request does instead of answering normally. */
export type FakeFailure = { status: number } | { delayMs: number } | { body: unknown } | { notJson: true };

/** An answer: its status and JSON (or raw text with `raw`). */
export interface FakeAnswer {
  status: number;
  payload: unknown;
  raw?: boolean;
}

export interface FakeEndpoint<Fields> {
  /** POST by default. */
  method?: "GET" | "POST";
  path: string;
  /** Where the request's fields are: a JSON body (the default), a form body, or the query string. */
  fields?: "json" | "form" | "query";
  schema: z.ZodType<Fields, z.ZodTypeDef, unknown>;
  /** The provider's answer to a well-formed request; `note` records a problem the provider would see. */
  answer: (fields: Fields, note: (problem: string) => void) => FakeAnswer;
}

export interface FakeProviderOptions {
  /** The bearer key every request carries; without one, no key is asked for. */
  apiKey?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- endpoints of different field types side by side
  endpoints: FakeEndpoint<any>[];
  /** Requests must ask for JSON (`Accept: application/json`). */
  acceptJson?: boolean;
  /** The provider's body for a refused request (default `{ error: problem }`). */
  refusal?: (status: number, problem: string) => unknown;
  /** The provider's body for a failure on demand with a status (default `{ error: ... }`). */
  failure?: (status: number) => FakeAnswer;
}

export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  /** Queues a failure for the next request (to `path` when given), `times` times over. */
  failNext(failure: FakeFailure, options?: { path?: string; times?: number }): void;
  /** Requests with problems (a test expects none unless it sent a bad one on purpose). */
  problems(): string[];
  close(): Promise<void>;
}

export async function startFakeProvider(options: FakeProviderOptions): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const failures: { path?: string; failure: FakeFailure }[] = [];
  const sockets = new Set<Socket>();
  const refusalBody = options.refusal ?? ((_status: number, problem: string) => ({ error: problem }));
  const failureAnswer = options.failure ?? ((status: number) => ({ status, payload: { error: `failing on demand with ${status}` } }));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const path = url.pathname;
      const text = Buffer.concat(chunks).toString("utf8");
      const contentType = String(req.headers["content-type"] ?? "");
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = undefined;
      }
      const form = contentType.startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(text)) : {};
      const record: FakeRequest = {
        method: req.method ?? "",
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        contentType,
        json,
        form,
        problems: [],
        status: 0,
      };
      requests.push(record);
      const note = (problem: string) => void record.problems.push(problem);
      const send = ({ status, payload, raw }: FakeAnswer) => {
        record.status = status;
        if (res.destroyed) return;
        res
          .writeHead(status, { "Content-Type": raw ? "text/plain" : "application/json" })
          .end(raw ? String(payload) : JSON.stringify(payload));
      };
      const refuse = (status: number, problem: string) => {
        note(problem);
        send({ status, payload: refusalBody(status, problem) });
      };

      const endpoint = options.endpoints.find((e) => e.path === path);
      if (!endpoint) return refuse(404, `${path}: no such endpoint`);
      const method = endpoint.method ?? "POST";
      if (req.method !== method) return refuse(405, `${req.method} ${path}: only ${method} is served`);
      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return refuse(401, `${path}: missing or wrong bearer key`);
      }
      if (options.acceptJson && !String(req.headers.accept ?? "").includes("application/json")) {
        return refuse(400, `${path}: no Accept: application/json`);
      }
      const where = endpoint.fields ?? "json";
      let fields: unknown;
      if (where === "json") {
        if (!contentType.startsWith("application/json")) return refuse(415, `${path}: not JSON`);
        if (json === undefined) return refuse(400, `${path}: body is not valid JSON`);
        fields = json;
      } else if (where === "form") {
        if (!contentType.startsWith("application/x-www-form-urlencoded")) return refuse(415, `${path}: not a form body (${contentType})`);
        fields = form;
      } else {
        fields = record.query;
      }
      const parsed = endpoint.schema.safeParse(fields);
      if (!parsed.success) return refuse(400, `${path}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);

      // The request was what the provider expects; now any failure asked for.
      const queued = failures.findIndex((f) => f.path === undefined || f.path === path);
      const failure = queued >= 0 ? failures.splice(queued, 1)[0]!.failure : undefined;
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) return send(failureAnswer(failure.status));
      if (failure && "notJson" in failure) return send({ status: 200, payload: "<html>maintenance</html>", raw: true });
      if (failure && "body" in failure) return send({ status: 200, payload: failure.body });
      return send(endpoint.answer(parsed.data, note));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(failure, { path, times = 1 } = {}) {
      for (let i = 0; i < times; i++) failures.push({ path, failure });
    },
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A one-endpoint JSON provider with a bearer key (the trade-in providers). */
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
  const provider = await startFakeProvider({
    apiKey: options.apiKey,
    endpoints: [{ path: options.path, schema: options.body, answer: (body: Body) => options.answer(body) }],
  });
  return { ...provider, apiKey: options.apiKey, failNext: (failure) => provider.failNext(failure) };
}
