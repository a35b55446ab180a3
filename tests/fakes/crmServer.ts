/**
 * A fake dealer CRM that receives lead webhooks (node:http on 127.0.0.1, port 0). It checks each
 * request's shape the way a CRM would (POST, JSON, a valid `X-Signature: sha256=<HMAC>` of the exact
 * body, `Idempotency-Key` equal to the lead id in the body), records what came, and fails on demand:
 * a planned list of statuses, or holding every answer until released (a CRM that hangs).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "@server/leads/signature";

export interface CrmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
  idempotencyKey: string;
  signatureValid: boolean;
  /** Shape problems found in this request (empty when it is what a CRM expects). */
  problems: string[];
  /** The status the CRM answered (or will answer, when held). */
  status: number;
}

export interface FakeCrm {
  url: string;
  requests: CrmRequest[];
  /** Statuses for the next requests, in order; afterwards every request gets `defaultStatus`. */
  plan(statuses: number[]): void;
  defaultStatus: number;
  /** From now on answers are held until `release()`; the request is recorded when it arrives. */
  hold(): void;
  /** Answers the next `count` requests, then holds every later one (a CRM that hangs mid-batch). */
  holdAfter(count: number): void;
  /** Answers every held request (with its planned status) and stops holding. */
  release(): void;
  /** How many requests are waiting for an answer. */
  held(): number;
  /** Idempotency keys received, with how many times each arrived. */
  keyCounts(): Map<string, number>;
  close(): Promise<void>;
}

export async function startFakeCrm(options: { secret?: string | null; path?: string } = {}): Promise<FakeCrm> {
  const secret = options.secret ?? null;
  const expectedPath = options.path ?? "/leads";
  const requests: CrmRequest[] = [];
  let planned: number[] = [];
  let holding = false;
  let answerBeforeHolding: number | null = null;
  const waiting: Array<() => void> = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const problems: string[] = [];
      if (req.method !== "POST") problems.push(`method ${req.method}`);
      if (req.url !== expectedPath) problems.push(`path ${req.url}`);
      if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) problems.push(`content-type ${req.headers["content-type"]}`);
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        problems.push("body is not JSON");
      }
      const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
      const leadId = (json as { lead?: { id?: unknown } } | null)?.lead?.id;
      if (!idempotencyKey) problems.push("no Idempotency-Key");
      else if (idempotencyKey !== leadId) problems.push(`Idempotency-Key ${idempotencyKey} is not the lead id ${String(leadId)}`);
      const signature = req.headers["x-signature"];
      const signatureValid = secret
        ? verifySignature(secret, body, typeof signature === "string" ? signature : null)
        : signature === undefined;
      if (!signatureValid) problems.push(secret ? "signature missing or wrong" : "signed although no secret is configured");
      const status = planned.length ? planned.shift()! : crm.defaultStatus;
      const record: CrmRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        json,
        idempotencyKey,
        signatureValid,
        problems,
        status,
      };
      requests.push(record);
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(status < 300 ? { ok: true } : { error: `planned failure ${status}` }));
      };
      if (answerBeforeHolding !== null && answerBeforeHolding-- <= 0) holding = true;
      if (holding) waiting.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const crm: FakeCrm = {
    url: `http://127.0.0.1:${port}${expectedPath}`,
    requests,
    defaultStatus: 200,
    plan(statuses) {
      planned = [...statuses];
    },
    hold() {
      holding = true;
    },
    holdAfter(count) {
      answerBeforeHolding = count;
    },
    release() {
      holding = false;
      answerBeforeHolding = null;
      for (const answer of waiting.splice(0)) answer();
    },
    held: () => waiting.length,
    keyCounts() {
      const counts = new Map<string, number>();
      for (const r of requests) counts.set(r.idempotencyKey, (counts.get(r.idempotencyKey) ?? 0) + 1);
      return counts;
    },
    async close() {
      crm.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return crm;
}
