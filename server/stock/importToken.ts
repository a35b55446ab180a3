/**
 * How the import command finds a running server for the same data folder, and proves it is allowed
 * to hand it stock. The embedded database may only be opened by one process, so while a server runs
 * the command must not open it; the server writes its port and a secret token into the data folder
 * (readable only by the account that runs it) and the command sends rows to the server instead.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../config/env.server";
import type { Database } from "../db/database";
import { openDatabase } from "../db/open";
import { loadTenantsFromDir } from "../tenants/registry";

export const IMPORT_TOKEN_FILE = "import-token";
export const SERVER_INFO_FILE = "server.json";
export const IMPORT_TOKEN_HEADER = "x-import-token";

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The data folder's import token, created (owner-only) when missing or malformed. */
export function ensureImportToken(dataDir: string): string {
  const existing = readImportToken(dataDir);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString("hex");
  const file = path.join(dataDir, IMPORT_TOKEN_FILE);
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}

export function readImportToken(dataDir: string): string | null {
  try {
    const token = fs.readFileSync(path.join(dataDir, IMPORT_TOKEN_FILE), "utf8").trim();
    return TOKEN_PATTERN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
export function tokensMatch(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface ServerInfo {
  port: number;
  pid: number;
  startedAt: string;
}

/** Called once the server listens: tells the import command where to send stock. */
export function writeServerInfo(dataDir: string, port: number): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const info: ServerInfo = { port, pid: process.pid, startedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(dataDir, SERVER_INFO_FILE), `${JSON.stringify(info)}\n`, { mode: 0o600 });
}

/** Removes the server file on a clean shutdown, if it is still this process's. */
export function clearServerInfo(dataDir: string): void {
  const info = readServerInfo(dataDir);
  if (info && info.pid === process.pid) fs.rmSync(path.join(dataDir, SERVER_INFO_FILE), { force: true });
}

export function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_INFO_FILE), "utf8")) as Partial<ServerInfo>;
    if (typeof raw.port !== "number" || !Number.isInteger(raw.port) || raw.port < 1 || raw.port > 65535) return null;
    return { port: raw.port, pid: typeof raw.pid === "number" ? raw.pid : 0, startedAt: String(raw.startedAt ?? "") };
  } catch {
    return null;
  }
}

/** Whether the process that wrote server.json still exists (a crashed server leaves the file behind). */
export function serverProcessAlive(info: ServerInfo): boolean {
  if (!info.pid) return true;
  try {
    process.kill(info.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Where a dealer command (`npm run import`, `leads`, `alerts`, `feeds`) writes its lines and its complaints. */
export interface CommandIO {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What a server running on the same data folder answered: its JSON, its refusal, or that none answered. */
export type RunningServerAnswer<T> = { kind: "done"; body: T; port: number } | { kind: "refused"; message: string } | { kind: "no-server" };

/**
 * Asks the server running on this data folder, if one answers, to do a command's work (`npm run import`,
 * `npm run leads`, `npm run feeds`): on the port in server.json, then the configured PORT, with the data
 * folder's token. A port where nothing listens, something that does not answer our JSON, or a server of
 * another data folder (401 with the token as read again) is passed over.
 */
export async function askRunningServer<T>(
  settings: { dataDir: string; PORT: number },
  request: { path: string; method: "GET" | "POST"; query?: URLSearchParams; body?: unknown; timeoutMs: number },
): Promise<RunningServerAnswer<T>> {
  const info = readServerInfo(settings.dataDir);
  const ports = [...new Set([...(info && serverProcessAlive(info) ? [info.port] : []), settings.PORT])];
  const ask = async (port: number, token: string) => {
    try {
      const query = request.query?.size ? `?${request.query}` : "";
      const response = await fetch(`http://127.0.0.1:${port}${request.path}${query}`, {
        method: request.method,
        headers: { "Content-Type": "application/json", [IMPORT_TOKEN_HEADER]: token },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs),
      });
      // Something else may listen on the port: only our endpoints answer JSON.
      if (!(response.headers.get("content-type") ?? "").includes("application/json")) return null;
      return { status: response.status, body: (await response.json().catch(() => null)) as (T & { error?: string }) | null };
    } catch {
      return null; // nothing listening on this port
    }
  };
  for (const port of ports) {
    const token = readImportToken(settings.dataDir) ?? "";
    let answer = await ask(port, token);
    // A server that has just booted may have written the token after it was read: read it once more.
    const fresh = answer?.status === 401 ? (readImportToken(settings.dataDir) ?? "") : "";
    if (fresh && fresh !== token) answer = await ask(port, fresh);
    if (!answer || answer.status === 401) continue; // nothing of ours here, or a server for another data folder
    if (answer.status === 200 && answer.body) return { kind: "done", body: answer.body, port };
    return { kind: "refused", message: `the server on port ${port} refused: ${answer.body?.error ?? `HTTP ${answer.status}`}` };
  }
  return { kind: "no-server" };
}

/**
 * A dealer command's work (`npm run leads`, `npm run alerts`): done by the server running on this data
 * folder when one answers, else on the database itself, after checking the dealer exists and, for the
 * embedded database, that the folder has one (listing must not create an empty database in a folder that
 * never had a server). `servedBy` is the server's port, or null when the database was opened here.
 */
export async function fromServerOrDatabase<T>(
  env: Env,
  tenant: string,
  server: () => Promise<RunningServerAnswer<T>>,
  local: (db: Database) => Promise<T>,
): Promise<{ ok: true; result: T; servedBy: number | null } | { ok: false; message: string }> {
  const answer = await server();
  if (answer.kind === "refused") return { ok: false, message: answer.message };
  if (answer.kind === "done") return { ok: true, result: answer.body, servedBy: answer.port };
  const tenants = loadTenantsFromDir(env.tenantsDir);
  if (!tenants.some((t) => t.slug === tenant))
    return { ok: false, message: `no dealer site "${tenant}" (sites: ${tenants.map((t) => t.slug).join(", ")})` };
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.dataDir, "pglite")))
    return {
      ok: false,
      message: `no database in ${env.dataDir}: run the command where the server runs, or set DATA_DIR to its data folder`,
    };
  const db = await openDatabase(env);
  try {
    return { ok: true, result: await local(db), servedBy: null };
  } finally {
    await db.close();
  }
}
