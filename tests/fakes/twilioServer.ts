/**
 * A fake Twilio for the SMS port's tests (node:http on 127.0.0.1, port 0): the Messages API
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`) checked as Twilio would check it. (Twilio's
 * replies to the site are signed requests the tests build with `twilioSignature`.)
 *
 * Each send must carry HTTP basic auth with the account SID and auth token (401, Twilio's error 20003,
 * otherwise), the account SID in the path matching the user (404), a form body (415), `To` in E.164 and
 * `Body` (400, error 21211 / 21602), and exactly one of `From` or `MessagingServiceSid` (400, 21603); a
 * wrong shape is noted as a problem. Sends fail on demand: a status with Twilio's error body, or a slow
 * answer. Accepted messages are kept.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface TwilioSentMessage {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  sid: string;
}

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
  status: number;
  problems: string[];
}

export type TwilioFailure = { status: number; code?: number; message?: string } | { delayMs: number };

export interface FakeTwilio {
  /** The API's base address (TWILIO_API_URL). */
  url: string;
  accountSid: string;
  authToken: string;
  requests: TwilioRequest[];
  messages: TwilioSentMessage[];
  failNext(failure: TwilioFailure, times?: number): void;
  problems(): string[];
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startFakeTwilio(options: { accountSid?: string; authToken?: string } = {}): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${"0123456789abcdef".repeat(2)}`;
  const authToken = options.authToken ?? "f".repeat(8) + "0123456789abcdef0123456789ab".slice(0, 24);
  const requests: TwilioRequest[] = [];
  const messages: TwilioSentMessage[] = [];
  const failures: TwilioFailure[] = [];
  const sockets = new Set<Socket>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const contentType = String(req.headers["content-type"] ?? "");
      const text = Buffer.concat(chunks).toString("utf8");
      const form = contentType.startsWith("application/x-www-form-urlencoded") ? Object.fromEntries(new URLSearchParams(text)) : {};
      const record: TwilioRequest = {
        method: req.method ?? "",
        path,
        authorization: String(req.headers.authorization ?? ""),
        contentType,
        form,
        status: 0,
        problems: [],
      };
      requests.push(record);
      const answer = (status: number, body: unknown) => {
        record.status = status;
        if (!res.destroyed) res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      const refuse = (status: number, code: number, message: string) => {
        record.problems.push(message);
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      };

      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (!match) return refuse(404, 20404, `${path}: not found`);
      if (req.method !== "POST") return refuse(405, 20004, `${req.method}: method not allowed`);
      if (record.authorization !== expectedAuth) return refuse(401, 20003, "Authenticate: missing or wrong basic auth");
      if (match[1] !== accountSid) return refuse(404, 20404, "the account in the path is not the authenticated account");
      if (!contentType.startsWith("application/x-www-form-urlencoded")) return refuse(415, 20001, `not a form body (${contentType})`);
      const unknown = Object.keys(form).filter((name) => !["To", "From", "MessagingServiceSid", "Body"].includes(name));
      if (unknown.length) return refuse(400, 20001, `unknown parameters: ${unknown.join(", ")}`);
      if (!E164.test(form.To ?? "")) return refuse(400, 21211, `The 'To' number ${form.To ?? ""} is not a valid phone number.`);
      if (!form.Body) return refuse(400, 21602, "Message body is required.");
      if (form.Body.length > 1600) return refuse(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      if (Boolean(form.From) === Boolean(form.MessagingServiceSid))
        return refuse(400, 21603, "A 'From' phone number or a 'MessagingServiceSid' is required, not both.");

      const failure = failures.shift();
      if (failure && "delayMs" in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (failure && "status" in failure)
        return answer(failure.status, {
          code: failure.code ?? 20500,
          message: failure.message ?? "Internal Server Error",
          more_info: "https://www.twilio.com/docs/errors/20500",
          status: failure.status,
        });
      const sid = `SM${Math.random().toString(16).slice(2).padEnd(32, "0").slice(0, 32)}`;
      messages.push({ to: form.To!, from: form.From ?? null, messagingServiceSid: form.MessagingServiceSid ?? null, body: form.Body, sid });
      answer(201, { sid, account_sid: accountSid, to: form.To, from: form.From ?? null, body: form.Body, status: "queued" });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    requests,
    messages,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
