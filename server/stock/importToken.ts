/**
 * How the import command finds a running server for the same data folder, and proves it is allowed
 * to hand it stock. The embedded database may only be opened by one process, so while a server runs
 * the command must not open it; the server writes its port and a secret token into the data folder
 * (readable only by the account that runs it) and the command sends rows to the server instead.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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
