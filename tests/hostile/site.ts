/**
 * Starts the real production server (`node server/cli/start.mjs` on the existing build, a fresh data
 * folder and a free port) for the hostile-request suite, and talks to it the way attackers do: plain
 * HTTP requests with any Host header (node:http), and raw bytes over a socket (node:net) for what an
 * HTTP client refuses to send (malformed Host, absolute-form targets, bad encodings, cut-off bodies).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BUILD_DIR } from "../support/serverBuild";

/** The three demo dealers, with their names (as in the page title) and results path. */
export const DEALERS = ["coastal-gwm", "summit-auto-group", "westside-used"].map((slug) => {
  const config = JSON.parse(fs.readFileSync(path.join("tenants", slug, "tenant.json"), "utf8")) as {
    name: string;
    paths?: { searchPrefix?: string };
  };
  return { slug, name: config.name, searchPath: config.paths?.searchPrefix ?? "/search" };
});
export type Dealer = (typeof DEALERS)[number];

export interface Site {
  port: number;
  /** `<slug>.localhost:<port>`, the Host a browser sends for that dealer. */
  host(slug: string): string;
  stop(): Promise<void>;
  /** What the server printed, for failure messages. */
  output(): string;
  /** The server's data folder (its stock import token is there). */
  dataDir: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Only what the server needs from this environment: no VITEST* variables (the server would think it
 * runs inside vitest) and no outside services (a PostgreSQL database, Typesense, SMTP or a CRM that
 * the fuzzed leads would reach): the suite's server uses the embedded defaults in its own folder.
 */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "NODE_OPTIONS"];
  // CAPTCHA off: a forged form can never answer it, and the suite checks what lies behind it (the captcha's own
  // refusals are tested in tests/integration/contactAction.test.ts and tests/e2e/contact.spec.ts).
  // PHOTO_WARMUP off: making every demo car's photos in the background would take a core from what is timed.
  const env: Record<string, string> = {
    BUILD_DIR,
    SKIP_BUILD: "1",
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    CAPTCHA: "off",
    PHOTO_WARMUP: "off",
    ...extra,
  };
  for (const key of keep) if (process.env[key] !== undefined) env[key] ??= process.env[key];
  return env as NodeJS.ProcessEnv;
}

export async function startSite(options: { trustProxy?: boolean; timeoutMs?: number; env?: Record<string, string> } = {}): Promise<Site> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sites-hostile-"));
  const child: ChildProcess = spawn(process.execPath, ["server/cli/start.mjs"], {
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: options.trustProxy ? "1" : "0", ...options.env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  child.stderr?.on("data", (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const site: Site = {
    port,
    dataDir,
    host: (slug) => `${slug}.localhost:${port}`,
    output: () => printed,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 5000, false))]);
        if (!stopped) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 110_000);
  let ended: number | null | undefined;
  void exited.then((code) => (ended = code));
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`The server exited (code ${ended}) before it was ready:\n${printed}`);
    const health = await send(site, { path: "/healthz", host: `localhost:${port}` }).catch(() => null);
    if (health?.status === 200) return site;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await site.stop();
  throw new Error(`The server did not answer /healthz within ${(options.timeoutMs ?? 110_000) / 1000} s:\n${printed}`);
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** One HTTP request with the given Host (no compression, no connection reuse). */
export function send(
  site: Pick<Site, "port">,
  request: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port: site.port,
        method: request.method ?? "GET",
        path: request.path,
        agent: false,
        headers: { host: request.host, ...(body ? { "content-length": String(body.length) } : {}), ...request.headers },
        timeout: request.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const data = Buffer.concat(chunks);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({ status: res.statusCode ?? 0, headers, body: data, text: data.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(new Error(`no answer to ${request.method ?? "GET"} ${request.path} within ${request.timeoutMs ?? 20_000} ms`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface RawAnswer {
  /** 0 when the server closed the connection (or the time ran out) without a status line. */
  status: number;
  head: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The server closed the connection (rather than the time running out). */
  closed: boolean;
  ms: number;
}

/**
 * Sends raw bytes and reads until the server closes the connection or `timeoutMs` passes. `writes`
 * are sent in order, `gapMs` apart, while the connection is open; writing stops quietly if the server
 * has already answered and closed. Send `Connection: close` unless the test is about who closes.
 */
export function raw(
  site: Pick<Site, "port">,
  writes: (string | Buffer)[],
  options: { timeoutMs?: number; gapMs?: number; stopWritingOnAnswer?: boolean } = {},
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(site.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let closed = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseRaw(Buffer.concat(chunks)), closed, ms: Date.now() - started });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("connect", async () => {
      for (const data of writes) {
        if (socket.destroyed || socket.writableEnded) return;
        if (options.stopWritingOnAnswer && chunks.length) return;
        socket.write(data);
        if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
      }
    });
  });
}

function parseRaw(data: Buffer): Omit<RawAnswer, "closed" | "ms"> {
  const end = data.indexOf("\r\n\r\n");
  const head = (end === -1 ? data : data.subarray(0, end)).toString("latin1");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? Buffer.alloc(0) : data.subarray(end + 4);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(body);
  return { status, head, headers, body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** A request's bytes: request line, headers (Connection: close unless given) and body. */
export function rawRequest(requestLine: string, headers: Record<string, string>, body: string | Buffer = ""): Buffer {
  const all = { connection: "close", ...headers };
  const head = `${requestLine}\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
  // UTF-8, so a request line can carry raw non-ASCII bytes as a careless or hostile client sends them.
  return Buffer.concat([Buffer.from(head, "utf8"), Buffer.from(body)]);
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
