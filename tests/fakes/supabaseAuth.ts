/**
 * A fake Supabase Auth (GoTrue) for phone sign-in (node:http on 127.0.0.1, port 0). It checks each
 * request's shape as Supabase would: `POST /auth/v1/otp` with a phone, channel sms and the metadata
 * (`data`); `POST /auth/v1/verify` with phone, token and type sms; `POST /auth/v1/logout` with the
 * session's bearer token; every request with the project's `apikey` header. It "sends" a six-digit
 * code per OTP request (readable with `lastCode`), answers like Supabase (403 otp_expired for a wrong,
 * used or expired code, 429 over_sms_send_rate_limit within 60 s), and fails on demand.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SupabaseAuthRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  json: Record<string, unknown> | null;
  /** Shape problems found in this request (empty when it is what Supabase expects). */
  problems: string[];
  status: number;
}

export interface FakeSupabaseAuth {
  /** The project URL to give supabase-js (SUPABASE_URL). */
  url: string;
  anonKey: string;
  requests: SupabaseAuthRequest[];
  /** The last code "sent" to a phone (E.164 or digits), or null. */
  lastCode(phone: string): string | null;
  /** Every code sent so far is expired. */
  expireCodes(): void;
  /** The next request to `path` (e.g. "/auth/v1/otp") is answered with this status and GoTrue error body. */
  failNext(path: string, status: number, code?: string): void;
  /** Requests with shape problems (a test expects none). */
  problems(): string[];
  close(): Promise<void>;
}

interface SentCode {
  code: string;
  sentAt: number;
  expired: boolean;
  used: boolean;
  data: Record<string, unknown>;
}

const digits = (phone: string) => phone.replace(/\D/g, "");

export async function startFakeSupabaseAuth(options: { anonKey?: string; enforceSendGap?: boolean } = {}): Promise<FakeSupabaseAuth> {
  const anonKey = options.anonKey ?? "fake-anon-key";
  const requests: SupabaseAuthRequest[] = [];
  const codes = new Map<string, SentCode>();
  const users = new Map<string, { id: string; data: Record<string, unknown> }>();
  const accessTokens = new Set<string>();
  const failures = new Map<string, { status: number; code: string }[]>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Record<string, unknown> | null = null;
      try {
        json = body ? (JSON.parse(body) as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      const problems: string[] = [];
      const record: SupabaseAuthRequest = { method: req.method ?? "", path: url.pathname, headers: req.headers, json, problems, status: 0 };
      requests.push(record);
      const send = (status: number, payload?: unknown) => {
        record.status = status;
        if (payload === undefined) {
          res.writeHead(status).end();
          return;
        }
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
      };
      const gotrueError = (status: number, code: string, msg: string) => send(status, { code: status, error_code: code, msg });

      if (req.headers.apikey !== anonKey) {
        problems.push(`apikey ${String(req.headers.apikey)}`);
        return gotrueError(401, "no_api_key", "Invalid API key");
      }
      if (req.method !== "POST") {
        problems.push(`method ${req.method}`);
        return gotrueError(405, "method_not_allowed", "Method not allowed");
      }
      const planned = failures.get(url.pathname)?.shift();
      if (planned) return gotrueError(planned.status, planned.code, "Planned failure");

      if (url.pathname === "/auth/v1/otp") {
        const phone = typeof json?.phone === "string" ? json.phone : "";
        if (!/^\+?614\d{8}$/.test(phone)) problems.push(`otp phone ${JSON.stringify(json?.phone)}`);
        if (json?.channel !== "sms") problems.push(`otp channel ${JSON.stringify(json?.channel)}`);
        if (!json?.data || typeof json.data !== "object") problems.push("otp without data");
        if (json?.email !== undefined) problems.push("otp with email");
        if (problems.length) return gotrueError(400, "validation_failed", problems.join("; "));
        const key = digits(phone);
        const previous = codes.get(key);
        if (options.enforceSendGap && previous && Date.now() - previous.sentAt < 60_000) {
          return gotrueError(429, "over_sms_send_rate_limit", "For security purposes, you can only request this after 60 seconds.");
        }
        const data = json!.data as Record<string, unknown>;
        codes.set(key, { code: String(randomInt(0, 1_000_000)).padStart(6, "0"), sentAt: Date.now(), expired: false, used: false, data });
        if (!users.has(key)) users.set(key, { id: randomUUID(), data });
        return send(200, { message_id: randomUUID() });
      }

      if (url.pathname === "/auth/v1/verify") {
        const phone = typeof json?.phone === "string" ? json.phone : "";
        if (!/^\+?614\d{8}$/.test(phone)) problems.push(`verify phone ${JSON.stringify(json?.phone)}`);
        if (typeof json?.token !== "string") problems.push("verify without token");
        if (json?.type !== "sms") problems.push(`verify type ${JSON.stringify(json?.type)}`);
        if (problems.length) return gotrueError(400, "validation_failed", problems.join("; "));
        const key = digits(phone);
        const sent = codes.get(key);
        if (!sent || sent.used || sent.expired || sent.code !== json!.token) {
          return gotrueError(403, "otp_expired", "Token has expired or is invalid");
        }
        sent.used = true;
        const user = users.get(key)!;
        const accessToken = randomBytes(24).toString("hex");
        accessTokens.add(accessToken);
        return send(200, {
          access_token: accessToken,
          token_type: "bearer",
          expires_in: 3600,
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          refresh_token: randomBytes(12).toString("hex"),
          user: { id: user.id, aud: "authenticated", role: "authenticated", phone: key, user_metadata: user.data, app_metadata: {} },
        });
      }

      if (url.pathname === "/auth/v1/logout") {
        const bearer = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
        if (!accessTokens.delete(bearer)) {
          problems.push("logout without a live session's bearer token");
          return gotrueError(401, "session_not_found", "Session not found");
        }
        return send(204);
      }

      problems.push(`path ${url.pathname}`);
      return gotrueError(404, "not_found", "Not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    requests,
    lastCode: (phone) => codes.get(digits(phone))?.code ?? null,
    expireCodes: () => {
      for (const sent of codes.values()) sent.expired = true;
    },
    failNext: (path, status, code = status === 429 ? "over_request_rate_limit" : "unexpected_failure") => {
      failures.set(path, [...(failures.get(path) ?? []), { status, code }]);
    },
    problems: () => requests.flatMap((r) => r.problems.map((p) => `${r.method} ${r.path}: ${p}`)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
