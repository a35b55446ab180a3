/**
 * A fake YouX API (node:http on 127.0.0.1, port 0) for the YouX adapter's tests. It checks each
 * request's shape as YouX would: `POST /quote` with exactly the spec's seven quote fields, `POST
 * /create-customer` with `{ data, additionalData }` and the twelve customer fields, both JSON with
 * `Authorization: Bearer <key>` (401 without the key, 415 without JSON, 400 for a malformed body, each
 * noted as a problem). It quotes by plain amortisation at a rate per credit history and answers a
 * customer with an application address, and fails on demand: an HTTP status, a slow answer, a body
 * without redirectUrl, or text that is not JSON.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { z } from "zod";

export interface YouxRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  json: unknown;
  problems: string[];
  status: number;
}

/** What the next request to a path does instead of answering normally. */
export type YouxFailure =
  | { status: number }
  | { delayMs: number }
  /** 200 with this body (e.g. `{}` for a customer without redirectUrl). */
  | { body: unknown }
  | { notJson: true };

export interface FakeYoux {
  url: string;
  apiKey: string;
  requests: YouxRequest[];
  /** Queues a failure for the next request to `path` ("/quote" or "/create-customer"). */
  failNext(path: string, failure: YouxFailure): void;
  /** Requests with shape problems (a test expects none unless it sent a bad one on purpose). */
  problems(): string[];
  close(): Promise<void>;
}

const credit = z.enum(["GREAT", "DECENT", "POOR"]);
const quoteBody = z
  .object({
    selfAssessedCreditScore: credit,
    purchasePrice: z.number().positive(),
    loanTerm: z.number().int().min(1).max(7),
    year: z.number().int().nullable(),
    vin: z.string(),
    nvic: z.string(),
    whoIsHelping: z.string(),
  })
  .strict();

const customerBody = z
  .object({
    data: z
      .object({
        nvic: z.string(),
        vin: z.string(),
        selfAssessedCreditScore: credit,
        purchasePrice: z.number().positive(),
        year: z.number().int().nullable(),
        loanTerm: z.number().int().min(1).max(7),
        phoneNumber: z.string().regex(/^04\d{8}$/, "a local mobile (a leading 61 turned into 0)"),
        firstName: z.string().min(1),
        lastName: z.string(),
        email: z.string().email(),
        subscribe: z.boolean(),
        postCode: z.string().regex(/^(\d{4})?$/),
      })
      .strict(),
    additionalData: z.record(z.unknown()),
  })
  .strict();

/** The fake's rates (percent a year) by credit history. */
export const FAKE_YOUX_RATES = { GREAT: 6.5, DECENT: 9.5, POOR: 14.5 } as const;

function fakeQuote(body: z.infer<typeof quoteBody>) {
  const annual = FAKE_YOUX_RATES[body.selfAssessedCreditScore];
  const r = annual / 100 / 52;
  const n = body.loanTerm * 52;
  const weekly = (body.purchasePrice * r) / (1 - Math.pow(1 + r, -n));
  return {
    weeklyRepaymentAmount: Math.ceil(weekly * 100) / 100,
    advertisedRate: annual,
    comparisonRate: Math.round((annual + 0.85) * 100) / 100,
  };
}

export async function startFakeYoux(options: { apiKey?: string } = {}): Promise<FakeYoux> {
  const apiKey = options.apiKey ?? "fake-youx-key-0123456789";
  const requests: YouxRequest[] = [];
  const failures = new Map<string, YouxFailure[]>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = undefined;
      }
      const problems: string[] = [];
      const record: YouxRequest = { method: req.method ?? "", path: url.pathname, headers: req.headers, json, problems, status: 0 };
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

      if (req.method !== "POST") return refuse(405, `${req.method} ${url.pathname}: only POST is served`);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return refuse(401, `${url.pathname}: missing or wrong bearer key`);
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) return refuse(415, `${url.pathname}: not JSON`);
      if (json === undefined) return refuse(400, `${url.pathname}: body is not valid JSON`);

      const shape = url.pathname === "/quote" ? quoteBody : url.pathname === "/create-customer" ? customerBody : null;
      if (!shape) return refuse(404, `${url.pathname}: no such endpoint`);
      const parsed = shape.safeParse(json);
      if (!parsed.success) {
        return refuse(400, `${url.pathname}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      }

      // The request was what YouX expects; now any failure asked for.
      const failure = failures.get(url.pathname)?.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) return send(failure.status, { error: `failing on demand with ${failure.status}` });
      if (failure && "notJson" in failure) return send(200, "<html>maintenance</html>", true);
      if (failure && "body" in failure) return send(200, failure.body);
      if (url.pathname === "/quote") return send(200, fakeQuote(parsed.data as z.infer<typeof quoteBody>));
      const customerId = randomUUID();
      return send(200, { customerId, redirectUrl: `${baseUrl}/apply/${customerId}` });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    apiKey,
    requests,
    failNext(path, failure) {
      failures.set(path, [...(failures.get(path) ?? []), failure]);
    },
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
