/**
 * A fake Cloudflare Turnstile siteverify endpoint (node:http on 127.0.0.1, port 0) for the Turnstile
 * captcha adapter's tests. It checks each request as Cloudflare would: `POST /turnstile/v0/siteverify`,
 * a form body (`application/x-www-form-urlencoded`) with exactly `secret`, `response`, optionally
 * `remoteip` and `idempotency_key` (a UUID), the site's secret, a token of at most 2048 characters;
 * anything else is noted as a problem. Tokens it "issued" (`issueToken`) verify once; a second use is
 * `timeout-or-duplicate`, as Cloudflare answers; any other token is `invalid-input-response`. It fails on
 * demand: an HTTP status, a slow answer, a body of your choosing, or text that is not JSON.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type TurnstileFailure = { status: number } | { delayMs: number } | { body: unknown } | { notJson: true };

export interface TurnstileRequest {
  method: string;
  path: string;
  contentType: string;
  form: Record<string, string>;
  problems: string[];
  status: number;
}

export interface FakeTurnstile {
  /** The endpoint to give the adapter (TURNSTILE_VERIFY_URL). */
  verifyUrl: string;
  siteKey: string;
  secretKey: string;
  requests: TurnstileRequest[];
  /** A token the widget would have put in the form after the shopper passed. */
  issueToken(): string;
  failNext(failure: TurnstileFailure): void;
  problems(): string[];
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ALLOWED = new Set(["secret", "response", "remoteip", "idempotency_key"]);

export async function startFakeTurnstile(
  options: { siteKey?: string; secretKey?: string; hostname?: string } = {},
): Promise<FakeTurnstile> {
  const siteKey = options.siteKey ?? "0x4AAAAAAAfakeSiteKey";
  const secretKey = options.secretKey ?? "0x4AAAAAAAfakeSecretKey0123456789";
  const issued = new Set<string>();
  const spent = new Set<string>();
  const requests: TurnstileRequest[] = [];
  const failures: TurnstileFailure[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const contentType = String(req.headers["content-type"] ?? "");
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const record: TurnstileRequest = { method: req.method ?? "", path, contentType, form, problems: [], status: 0 };
      requests.push(record);
      const send = (status: number, payload: unknown, raw = false) => {
        record.status = status;
        if (res.destroyed) return;
        res
          .writeHead(status, { "Content-Type": raw ? "text/html" : "application/json" })
          .end(raw ? String(payload) : JSON.stringify(payload));
      };
      const problem = (text: string) => record.problems.push(text);
      const answer = (success: boolean, codes: string[]) =>
        send(200, {
          success,
          "error-codes": codes,
          ...(success ? { challenge_ts: new Date().toISOString(), hostname: options.hostname ?? "localhost", action: "", cdata: "" } : {}),
        });

      if (req.method !== "POST") {
        problem(`${req.method} ${path}: only POST is served`);
        return send(405, { success: false, "error-codes": ["bad-request"] });
      }
      if (path !== "/turnstile/v0/siteverify") {
        problem(`${path}: no such endpoint`);
        return send(404, { success: false, "error-codes": ["bad-request"] });
      }
      if (!contentType.startsWith("application/x-www-form-urlencoded")) problem(`${path}: not a form body (${contentType})`);
      for (const key of Object.keys(form)) if (!ALLOWED.has(key)) problem(`${path}: unexpected field ${key}`);
      if (form.idempotency_key !== undefined && !UUID.test(form.idempotency_key)) problem(`${path}: idempotency_key is not a UUID`);
      if (form.remoteip !== undefined && !/^[0-9a-fA-F:.]{2,45}$/.test(form.remoteip)) problem(`${path}: remoteip is not an address`);

      const failure = failures.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure) return send(failure.status, { success: false, "error-codes": ["internal-error"] });
      if (failure && "notJson" in failure) return send(200, "<html>maintenance</html>", true);
      if (failure && "body" in failure) return send(200, failure.body);

      if (!form.secret) return answer(false, ["missing-input-secret"]);
      if (form.secret !== secretKey) {
        problem(`${path}: wrong secret`);
        return answer(false, ["invalid-input-secret"]);
      }
      if (!form.response) {
        problem(`${path}: no response token`);
        return answer(false, ["missing-input-response"]);
      }
      if (form.response.length > 2048) problem(`${path}: token longer than 2048 characters`);
      if (spent.has(form.response)) return answer(false, ["timeout-or-duplicate"]);
      if (!issued.has(form.response)) return answer(false, ["invalid-input-response"]);
      issued.delete(form.response);
      spent.add(form.response);
      return answer(true, []);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    verifyUrl: `${url}/turnstile/v0/siteverify`,
    siteKey,
    secretKey,
    requests,
    issueToken: () => {
      const token = `XXXX.DUMMY.TOKEN.${randomUUID()}`;
      issued.add(token);
      return token;
    },
    failNext: (failure) => void failures.push(failure),
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
