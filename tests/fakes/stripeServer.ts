/**
 * A fake Stripe API (node:http on 127.0.0.1, port 0) for the Stripe Checkout adapter, reached through the
 * official client's host/port/protocol override. It checks each request as Stripe would and notes every
 * problem: the secret key as a bearer token (401 without it), form encoding, an Idempotency-Key on
 * creates (a repeated key answers the first session again), and a Checkout session of mode payment with
 * one AUD line item of a positive whole amount, http(s) success and cancel URLs and the reservation in
 * metadata. Sessions can be paid or expired as a shopper would, giving the webhook event Stripe would
 * send, signed with the endpoint's secret; any request can fail on demand.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import Stripe from "stripe";

export interface StripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
  problems: string[];
  status: number;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  livemode: false;
}

export interface FakeStripe {
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  requests: StripeRequest[];
  sessions: Map<string, FakeSession>;
  /** The next `times` requests answer this status with a Stripe error body. */
  failNext(status: number, times?: number): void;
  /** The shopper pays: the session is complete and paid; returns Stripe's checkout.session.completed event. */
  pay(sessionId: string): Stripe.Event;
  /** The session expires unpaid; returns Stripe's checkout.session.expired event. */
  expire(sessionId: string): Stripe.Event;
  /** A delayed payment (a bank debit) fails: the session is complete but unpaid; returns checkout.session.async_payment_failed. */
  fail(sessionId: string): Stripe.Event;
  /** An event as the webhook receives it: the raw body and its Stripe-Signature header. */
  signed(event: Stripe.Event, secret?: string): { body: string; signature: string };
  problems(): string[];
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(message: string, type = "invalid_request_error") {
  return { error: { type, message } };
}

/** The session fields a Checkout create must carry, checked as Stripe would refuse them. */
function checkCreate(form: Record<string, string>): string[] {
  const problems: string[] = [];
  const url = (v: string | undefined) => Boolean(v && /^https?:\/\/[^\s]+$/.test(v));
  if (form.mode !== "payment") problems.push(`mode must be payment, got ${form.mode}`);
  if (!url(form.success_url)) problems.push("success_url must be an http(s) URL");
  if (!url(form.cancel_url)) problems.push("cancel_url must be an http(s) URL");
  if (form.success_url && !form.success_url.includes("{CHECKOUT_SESSION_ID}"))
    problems.push("success_url should carry {CHECKOUT_SESSION_ID}");
  if (form["line_items[0][quantity]"] !== "1") problems.push("one line item of quantity 1");
  if (form["line_items[1][quantity]"] !== undefined) problems.push("only one line item");
  if (form["line_items[0][price_data][currency]"] !== "aud") problems.push("currency must be aud");
  const amount = form["line_items[0][price_data][unit_amount]"];
  if (!/^[1-9]\d*$/.test(amount ?? "")) problems.push(`unit_amount must be a positive whole number of cents, got ${amount}`);
  if (!form["line_items[0][price_data][product_data][name]"]) problems.push("the line item needs a product name");
  if (!form["metadata[reservation_id]"]) problems.push("metadata[reservation_id] missing");
  if (form.client_reference_id !== form["metadata[reservation_id]"]) problems.push("client_reference_id should be the reservation id");
  const known =
    /^(mode|success_url|cancel_url|client_reference_id|customer_email|line_items\[0\]\[.+\]|metadata\[.+\]|payment_intent_data\[metadata\]\[.+\])$/;
  for (const key of Object.keys(form)) if (!known.test(key)) problems.push(`unexpected parameter ${key}`);
  return problems;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const failures: number[] = [];
  const sockets = new Set<Socket>();
  const signer = new Stripe(secretKey);

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const form = Object.fromEntries(new URLSearchParams(raw));
    const record: StripeRequest = { method: req.method ?? "", path: url.pathname, headers: req.headers, form, problems: [], status: 200 };
    requests.push(record);
    const answer = (status: number, body: unknown) => {
      record.status = status;
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
      res.end(JSON.stringify(body));
    };

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      record.problems.push("missing or wrong secret key");
      return answer(401, stripeError("Invalid API Key provided."));
    }
    const failure = failures.shift();
    if (failure) return answer(failure, stripeError("Something went wrong on Stripe's end.", "api_error"));

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
        record.problems.push("not form encoded");
      const key = String(req.headers["idempotency-key"] ?? "");
      if (!key) record.problems.push("no Idempotency-Key");
      const again = key ? byIdempotencyKey.get(key) : undefined;
      if (again) return answer(200, sessions.get(again));
      const problems = checkCreate(form);
      if (problems.length) {
        record.problems.push(...problems);
        return answer(400, stripeError(problems.join("; ")));
      }
      const sessionId = id("cs_test");
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        url: `http://127.0.0.1:${port}/pay/${sessionId}`,
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
        currency: "aud",
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata,
        success_url: form.success_url.replace("{CHECKOUT_SESSION_ID}", sessionId),
        cancel_url: form.cancel_url,
        livemode: false,
      };
      sessions.set(sessionId, session);
      if (key) byIdempotencyKey.set(key, sessionId);
      return answer(200, session);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && get) {
      const session = sessions.get(decodeURIComponent(get[1]));
      return session ? answer(200, session) : answer(404, stripeError(`No such checkout.session: '${get[1]}'`));
    }
    record.problems.push(`unexpected ${req.method} ${url.pathname}`);
    return answer(404, stripeError("Unrecognized request URL."));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const event = (type: string, session: FakeSession): Stripe.Event =>
    ({
      id: id("evt"),
      object: "event",
      api_version: "2025-02-24.acacia",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { ...session } },
    }) as unknown as Stripe.Event;

  return {
    host: "127.0.0.1",
    port,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "paid", url: null });
      return event("checkout.session.completed", session);
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "expired", url: null });
      return event("checkout.session.expired", session);
    },
    fail(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "unpaid", url: null });
      return event("checkout.session.async_payment_failed", session);
    },
    signed(e, secret = webhookSecret) {
      const body = JSON.stringify(e, null, 2);
      return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    problems: () => requests.flatMap((r) => r.problems),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
