/**
 * The outbound helper against a real HTTP server on loopback: what is tried again (network failures,
 * time-outs, 429, 5xx) and what is not (other answers), Retry-After within the cap, JSON in and out,
 * and errors that name the provider and the status, never the key or the Authorization header.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { OutboundError, outboundFetch, outboundJson, retryAfterMs } from "./outbound";

type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

let server: http.Server;
let base = "";
const answers: Answer[] = [];
const seen: { at: number; authorization?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      at: Date.now(),
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: Buffer.concat(chunks).toString(),
    });
    const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
  answers.length = 0;
  seen.length = 0;
});

const SECRET = "sk-super-secret-key-123";
const call = (options: Partial<Parameters<typeof outboundJson>[0]> = {}) =>
  outboundJson({
    provider: "Test provider /thing",
    url: `${base}/thing?key=${SECRET}`,
    method: "POST",
    headers: { Authorization: `Bearer ${SECRET}` },
    json: { a: 1 },
    timeoutMs: 1_000,
    backoffMs: 1,
    ...options,
  });

describe("outbound calls", () => {
  it("sends JSON with the caller's headers and gives back the parsed answer", async () => {
    answers.push({ status: 200, body: '{"weekly":145.24}' });
    expect(await call()).toEqual({ weekly: 145.24 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ authorization: `Bearer ${SECRET}`, contentType: "application/json", body: '{"a":1}' });
  });

  it("tries again after 5xx and 429 up to the retries asked for, then names the provider and the status", async () => {
    answers.push({ status: 503 }, { status: 429 }, { status: 200, body: "{}" });
    expect(await call({ retries: 2 })).toEqual({});
    expect(seen).toHaveLength(3);
    answers.push({ status: 500 }, { status: 502 });
    const error = await call({ retries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ message: "Test provider /thing: HTTP 502", status: 502, failure: "status" });
    expect(String(error)).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it("never repeats a call the caller says must not be (retries 0), nor a 4xx other than 429", async () => {
    answers.push({ status: 500 });
    await expect(call()).rejects.toThrow("Test provider /thing: HTTP 500");
    answers.push({ status: 400 });
    await expect(call({ retries: 3 })).rejects.toThrow("HTTP 400");
    expect(seen).toHaveLength(2);
  });

  it("gives a slow answer up after the time limit of each try, and can try again", async () => {
    answers.push({ status: 200, delayMs: 400, body: "{}" }, { status: 200, body: '{"second":true}' });
    expect(await call({ timeoutMs: 100, retries: 1 })).toEqual({ second: true });
    answers.push({ status: 200, delayMs: 400 });
    await expect(call({ timeoutMs: 100 })).rejects.toThrow("Test provider /thing: no answer within 100 ms");
  });

  it("names a network failure by its code, never the address or the key", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await call({ url: `http://127.0.0.1:${port}/thing?key=${SECRET}`, retries: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: "network", message: "Test provider /thing: network error (ECONNREFUSED)" });
    expect((error as Error).message).not.toContain(SECRET);
  });

  it("waits a Retry-After within the cap, and gives a longer one back as the answer without waiting", async () => {
    answers.push({ status: 429, headers: { "Retry-After": "1" } }, { status: 200, body: "{}" });
    await call({ retries: 1 });
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    answers.push({ status: 503, headers: { "Retry-After": "120" } });
    const started = Date.now();
    const response = await outboundFetch({ provider: "Test", url: `${base}/x`, timeoutMs: 1_000, retries: 3, backoffMs: 1 });
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen).toHaveLength(3);
  });

  it("answers null for the statuses the caller calls 'not known', and refuses an answer that is not JSON", async () => {
    answers.push({ status: 404, body: "no such thing" });
    expect(await call({ nothingOn: [404] })).toBeNull();
    answers.push({ status: 200, body: "<html>" });
    await expect(call()).rejects.toThrow("Test provider /thing: the answer was not JSON");
  });

  it("stops when the caller's signal does, between tries too", async () => {
    const stop = new AbortController();
    answers.push({ status: 503 }, { status: 503 });
    setTimeout(() => stop.abort(new Error("shutting down")), 50);
    const error = await call({ retries: 5, backoffMs: 1_000, signal: stop.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ failure: "aborted" });
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
