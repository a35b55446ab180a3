/**
 * `npm run import -- --tenant <slug> [--mark-missing-sold] [--format csv|json] <file>`
 *
 * When a server is running on the same data folder it owns the embedded database, so the feed is
 * sent to it (POST /api/stock/import with the folder's token). Only when no server answers does the
 * command open the database itself.
 */
import fs from "node:fs";
import path from "node:path";
import { parseEnv, type Env } from "../config/env.server";
import { openDatabase } from "../db/open";
import { loadTenantsFromDir } from "../tenants/registry";
import { describeImport, importStock, type ImportFormat, type ImportResult } from "./import";
import { IMPORT_TOKEN_HEADER, readImportToken, readServerInfo, serverProcessAlive } from "./importToken";

export const IMPORT_USAGE = "usage: npm run import -- --tenant <slug> [--mark-missing-sold] [--format csv|json] <file.csv|file.json>";

export interface ImportArgs {
  tenant: string;
  file: string;
  format: ImportFormat;
  markMissingSold: boolean;
}

export class UsageError extends Error {}

export function parseImportArgs(argv: string[]): ImportArgs {
  let tenant = "";
  let format = "";
  let markMissingSold = false;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--tenant" || arg === "--format") {
      const value = argv[++i];
      if (!value || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      if (arg === "--tenant") tenant = value;
      else format = value.toLowerCase();
    } else if (arg.startsWith("--tenant=")) tenant = arg.slice("--tenant=".length);
    else if (arg.startsWith("--format=")) format = arg.slice("--format=".length).toLowerCase();
    else if (arg === "--mark-missing-sold") markMissingSold = true;
    else if (arg.startsWith("--")) throw new UsageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (!tenant) throw new UsageError("--tenant is required");
  if (files.length !== 1) throw new UsageError(files.length ? "give one file at a time" : "name the file to import");
  const file = files[0];
  if (!format) {
    const ext = path.extname(file).toLowerCase();
    format = ext === ".json" ? "json" : ext === ".csv" ? "csv" : "";
  }
  if (format !== "csv" && format !== "json") throw new UsageError("the file must end in .csv or .json (or say --format csv|json)");
  return { tenant, file, format, markMissingSold };
}

export interface CommandIO {
  out: (line: string) => void;
  err: (line: string) => void;
}

type Handoff = { kind: "done"; result: ImportResult; port: number } | { kind: "refused"; message: string } | { kind: "no-server" };

/** Sends the feed to a server on this machine, if one for this data folder answers. */
async function handToServer(env: Env, args: ImportArgs, content: string): Promise<Handoff> {
  const info = readServerInfo(env.dataDir);
  const ports = [...new Set([...(info && serverProcessAlive(info) ? [info.port] : []), env.PORT])];
  for (const port of ports) {
    let token = readImportToken(env.dataDir) ?? "";
    for (let attempt = 0; attempt < 2; attempt++) {
      let response: Response;
      try {
        response = await fetch(`http://127.0.0.1:${port}/api/stock/import`, {
          method: "POST",
          headers: { "Content-Type": "application/json", [IMPORT_TOKEN_HEADER]: token },
          body: JSON.stringify({ tenant: args.tenant, format: args.format, content, markMissingSold: args.markMissingSold }),
          signal: AbortSignal.timeout(10 * 60_000),
        });
      } catch {
        break; // nothing listening on this port
      }
      // Something else may listen on the port: only our endpoint answers JSON.
      if (!(response.headers.get("content-type") ?? "").includes("application/json")) break;
      const body = (await response.json().catch(() => null)) as (ImportResult & { error?: string }) | null;
      if (response.status === 200 && body) return { kind: "done", result: body, port };
      if (response.status === 401) {
        // The server creates the token on its first import request; read it again once.
        const fresh = readImportToken(env.dataDir) ?? "";
        if (attempt === 0 && fresh && fresh !== token) {
          token = fresh;
          continue;
        }
        break; // a server for another data folder
      }
      return { kind: "refused", message: `the server on port ${port} refused the import: ${body?.error ?? `HTTP ${response.status}`}` };
    }
  }
  return { kind: "no-server" };
}

export async function runImportCommand(argv: string[], io: CommandIO, env: Env = parseEnv()): Promise<number> {
  let args: ImportArgs;
  try {
    args = parseImportArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${IMPORT_USAGE}`);
      return 2;
    }
    throw error;
  }
  let content: string;
  try {
    content = fs.readFileSync(args.file, "utf8");
  } catch (error) {
    io.err(`cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return 1;
  }

  const handoff = await handToServer(env, args, content);
  let result: ImportResult;
  if (handoff.kind === "refused") {
    io.err(handoff.message);
    return 1;
  }
  if (handoff.kind === "done") {
    result = handoff.result;
    io.out(`Imported through the running server on port ${handoff.port}.`);
  } else {
    const tenants = loadTenantsFromDir(env.tenantsDir);
    const tenant = tenants.find((t) => t.slug === args.tenant);
    if (!tenant) {
      io.err(`no dealer site "${args.tenant}" (sites: ${tenants.map((t) => t.slug).join(", ")})`);
      return 1;
    }
    const db = await openDatabase(env);
    try {
      result = await importStock({ db }, tenant, { format: args.format, content }, { markMissingSold: args.markMissingSold });
    } finally {
      await db.close();
    }
    io.out(
      `No server is running for ${env.dataDir}: imported directly into the database (a site reading it picks the changes up at its next start or stock poll).`,
    );
  }
  const lines = describeImport(result);
  io.out(lines[0]);
  for (const line of lines.slice(1)) io.err(line);
  return result.inserted + result.updated > 0 ? 0 : 1;
}
