/**
 * `npm run import -- --tenant <slug> [--profile <name>] [--dry-run] [--mark-missing-sold] [--format csv|tsv|json|xml] <file>`
 * `npm run import -- --tenant <slug> --status` (the dealer's scheduled feed and its latest pulls)
 * `npm run import -- --tenant <slug> --pull` (pull the dealer's stock.feed.url now)
 *
 * When a server is running on the same data folder it owns the embedded database, so the work is
 * sent to it (/api/stock/import with the folder's token). Only when no server answers does the
 * command open the database itself.
 */
import fs from "node:fs";
import { parseEnv, type Env } from "../config/env.server";
import type { Database } from "../db/database";
import type { FeedPullRecord } from "../db/stockFeeds";
import { openDatabase } from "../db/open";
import { loadTenantsFromDir } from "../tenants/registry";
import type { TenantConfig } from "../tenants/schema";
import { FEED_PROFILE_NAMES, type FeedProfileName } from "./feedFields";
import { formatOfFileName, IMPORT_FORMATS } from "./feedFile";
import { describeFeedStatus, feedStatus, StockFeedPuller, type FeedStatus } from "./feedPull";
import { createHttpFeedSource } from "./feedSource";
import { describeImport, importStock, MAX_IMPORT_BYTES, type ImportFormat, type ImportResult } from "./import";
import { askRunningServer, type CommandIO } from "./importToken";

export const IMPORT_USAGE = [
  "usage: npm run import -- --tenant <slug> [--profile <name>] [--dry-run] [--mark-missing-sold] [--format csv|tsv|json|xml] <file>",
  "       npm run import -- --tenant <slug> --status    (the dealer's scheduled feed pulls)",
  "       npm run import -- --tenant <slug> --pull      (pull the dealer's stock.feed.url now)",
  `profiles: ${FEED_PROFILE_NAMES.join(", ")}`,
].join("\n");

export type ImportArgs =
  | {
      action: "import";
      tenant: string;
      file: string;
      format: ImportFormat;
      markMissingSold: boolean;
      dryRun: boolean;
      profile?: FeedProfileName;
    }
  | { action: "status"; tenant: string }
  | { action: "pull"; tenant: string };

export class UsageError extends Error {}

export function parseImportArgs(argv: string[]): ImportArgs {
  let tenant = "";
  let format = "";
  let profile = "";
  let markMissingSold = false;
  let dryRun = false;
  let status = false;
  let pull = false;
  const files: string[] = [];
  const valued = ["--tenant", "--format", "--profile"];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const inline = /^(--tenant|--format|--profile)=(.*)$/.exec(arg);
    if (valued.includes(arg) || inline) {
      const name = inline ? inline[1] : arg;
      const value = inline ? inline[2] : argv[++i];
      if (!value || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
      if (name === "--tenant") tenant = value;
      else if (name === "--format") format = value.toLowerCase();
      else profile = value.toLowerCase();
    } else if (arg === "--mark-missing-sold") markMissingSold = true;
    else if (arg === "--dry-run") dryRun = true;
    else if (arg === "--status") status = true;
    else if (arg === "--pull") pull = true;
    else if (arg.startsWith("--")) throw new UsageError(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (!tenant) throw new UsageError("--tenant is required");
  if (status || pull) {
    if (status && pull) throw new UsageError("--status and --pull go one at a time");
    if (files.length || format || profile || markMissingSold || dryRun)
      throw new UsageError(`${status ? "--status" : "--pull"} takes no file and no other option`);
    return status ? { action: "status", tenant } : { action: "pull", tenant };
  }
  if (files.length !== 1) throw new UsageError(files.length ? "give one file at a time" : "name the file to import");
  const file = files[0];
  const chosen = format || formatOfFileName(file) || "";
  if (!IMPORT_FORMATS.includes(chosen as ImportFormat))
    throw new UsageError(`the file must end in .csv, .tsv, .json or .xml (or say --format ${IMPORT_FORMATS.join("|")})`);
  if (profile && !FEED_PROFILE_NAMES.includes(profile as FeedProfileName))
    throw new UsageError(`unknown profile "${profile}" (profiles: ${FEED_PROFILE_NAMES.join(", ")})`);
  return {
    action: "import",
    tenant,
    file,
    format: chosen as ImportFormat,
    markMissingSold,
    dryRun,
    ...(profile ? { profile: profile as FeedProfileName } : {}),
  };
}

/** Asks a server on this machine, if one for this data folder answers, to do the work (an import may take minutes). */
function askServer<T>(env: Env, request: { method: "GET" | "POST"; query?: URLSearchParams; body?: unknown }) {
  return askRunningServer<T>(env, { path: "/api/stock/import", timeoutMs: 10 * 60_000, ...request });
}

/** The dealer from the tenants folder, or the reason there is none. */
function findTenant(env: Env, slug: string): TenantConfig | string {
  const tenants = loadTenantsFromDir(env.tenantsDir);
  return tenants.find((t) => t.slug === slug) ?? `no dealer site "${slug}" (sites: ${tenants.map((t) => t.slug).join(", ")})`;
}

/** Opens the database for work no server took, and says so. */
async function direct<T>(
  env: Env,
  io: CommandIO,
  slug: string,
  work: (db: Database, tenant: TenantConfig) => Promise<T>,
): Promise<T | null> {
  const tenant = findTenant(env, slug);
  if (typeof tenant === "string") {
    io.err(tenant);
    return null;
  }
  const db = await openDatabase(env);
  try {
    return await work(db, tenant);
  } finally {
    await db.close();
  }
}

function printPull(io: CommandIO, pull: FeedPullRecord): number {
  io.out(`${pull.tenant}: ${pull.outcome}${pull.httpStatus ? ` (HTTP ${pull.httpStatus})` : ""}: ${pull.message}`);
  const summary = pull.summary as ImportResult | null;
  if (summary && typeof summary === "object" && Array.isArray(summary.errors))
    for (const line of describeImport(summary).slice(1)) io.err(line);
  return pull.outcome === "imported" || pull.outcome === "not-modified" ? 0 : 1;
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

  if (args.action === "status") {
    const handoff = await askServer<FeedStatus>(env, { method: "GET", query: new URLSearchParams({ tenant: args.tenant }) });
    if (handoff.kind === "refused") {
      io.err(handoff.message);
      return 1;
    }
    const status = handoff.kind === "done" ? handoff.body : await direct(env, io, args.tenant, (db, tenant) => feedStatus(db, tenant));
    if (!status) return 1;
    for (const line of describeFeedStatus(status)) io.out(line);
    return 0;
  }

  if (args.action === "pull") {
    const handoff = await askServer<FeedPullRecord>(env, { method: "POST", body: { tenant: args.tenant, pull: true } });
    if (handoff.kind === "refused") {
      io.err(handoff.message);
      return 1;
    }
    if (handoff.kind === "done") return printPull(io, handoff.body);
    let missingUrl = false;
    const pull = await direct(env, io, args.tenant, async (db, tenant) => {
      if (!tenant.stock.feed.url) {
        missingUrl = true;
        return null;
      }
      return new StockFeedPuller({ db, tenants: () => [tenant], source: createHttpFeedSource() }).pull(tenant);
    });
    if (missingUrl) io.err(`${args.tenant} has no stock.feed.url in its tenant.json`);
    return pull ? printPull(io, pull) : 1;
  }

  const job = args;
  let bytes: Buffer;
  try {
    const size = fs.statSync(job.file).size;
    if (size > MAX_IMPORT_BYTES) {
      io.err(`${job.file} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most one import takes`);
      return 1;
    }
    bytes = fs.readFileSync(job.file);
  } catch (error) {
    io.err(`cannot read ${job.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return 1;
  }

  const options = { markMissingSold: job.markMissingSold, dryRun: job.dryRun, profile: job.profile };
  const handoff = await askServer<ImportResult>(env, {
    method: "POST",
    body: { tenant: job.tenant, format: job.format, contentBase64: bytes.toString("base64"), ...options },
  });
  let result: ImportResult;
  if (handoff.kind === "refused") {
    io.err(handoff.message);
    return 1;
  }
  if (handoff.kind === "done") {
    result = handoff.body;
    io.out(`${job.dryRun ? "Checked" : "Imported"} through the running server on port ${handoff.port}.`);
  } else {
    const imported = await direct(env, io, job.tenant, (db, tenant) =>
      importStock({ db }, tenant, { format: job.format, content: new Uint8Array(bytes) }, options),
    );
    if (!imported) return 1;
    result = imported;
    io.out(
      job.dryRun
        ? `No server is running for ${env.dataDir}: checked against the database directly.`
        : `No server is running for ${env.dataDir}: imported directly into the database (a site reading it picks the changes up at its next start or stock poll).`,
    );
  }
  const lines = describeImport(result);
  io.out(lines[0]);
  for (const line of lines.slice(1)) (line.startsWith("would ") ? io.out : io.err)(line);
  return result.inserted + result.updated + result.unchanged > 0 ? 0 : 1;
}
