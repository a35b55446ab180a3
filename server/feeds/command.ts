/**
 * `npm run feeds -- --tenant <slug>`: per ad channel, how many of the dealer's cars are in its feed and
 * why each other car is out. While a server runs on the same data folder it owns the embedded database,
 * so the command asks it (GET /api/feeds with the folder's token, as `npm run import` and `npm run leads`
 * do); only when no server answers does it open the database itself.
 */
import fs from "node:fs";
import path from "node:path";
import { parseEnv, type Env } from "../config/env.server";
import { openDatabase } from "../db/open";
import { listVehicles } from "../db/vehicles";
import { listFeedPhotoOrigins } from "../db/feedPhotoOrigins";
import { askRunningServer, type CommandIO } from "../stock/importToken";
import { loadTenantsFromDir } from "../tenants/registry";
import { feedsReport, type ChannelReport, type FeedsReport } from "./build";

export const FEEDS_USAGE = "usage: npm run feeds -- --tenant <slug>";

export class FeedsUsageError extends Error {}

export function parseFeedsArgs(argv: string[]): { tenant: string } {
  let tenant: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const match = /^--tenant(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new FeedsUsageError(argv[i].startsWith("--") ? `unknown option ${argv[i]}` : `unexpected argument ${argv[i]}`);
    const value = match[1] ?? argv[++i];
    if (!value || value.startsWith("--")) throw new FeedsUsageError("--tenant needs a value");
    tenant = value;
  }
  if (!tenant) throw new FeedsUsageError("--tenant is required");
  if (!/^[a-z0-9-]{1,100}$/.test(tenant)) throw new FeedsUsageError("--tenant must be a dealer site's slug");
  return { tenant };
}

/** Asks a server on this machine for the same data folder, if one answers with our token. */
function askServer(env: Env, tenant: string) {
  return askRunningServer<FeedsReport>(env, {
    path: "/api/feeds",
    method: "GET",
    query: new URLSearchParams({ tenant }),
    timeoutMs: 30_000,
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-AU")} ${n === 1 ? one : many}`;

/** One channel as lines of text: its addresses and state, the count in, the reasons counted, then each car out. */
export function describeChannel(channel: ChannelReport): string[] {
  const state = channel.on ? "on" : `off (turn on feeds.${channel.channel}.enabled; until then the address answers 404)`;
  const lines = [
    `${channel.name} (${channel.addresses.join(", ")}): ${state}`,
    `  ${plural(channel.included, "car")} in, ${plural(channel.excluded.length, "car")} out`,
  ];
  const counts = new Map<string, number>();
  for (const car of channel.excluded) for (const reason of car.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const width = String(Math.max(0, ...counts.values())).length;
  for (const [reason, count] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    lines.push(`    ${String(count).padStart(width)}  ${reason}`);
  }
  for (const car of channel.excluded) lines.push(`  ${car.stocknum}  ${car.title}: ${car.reasons.join("; ")}`);
  return lines;
}

export async function runFeedsCommand(argv: string[], io: CommandIO, env: Env = parseEnv()): Promise<number> {
  let tenant: string;
  try {
    ({ tenant } = parseFeedsArgs(argv));
  } catch (error) {
    if (error instanceof FeedsUsageError) {
      io.err(`${error.message}\n${FEEDS_USAGE}`);
      return 2;
    }
    throw error;
  }

  const answer = await askServer(env, tenant);
  if (answer.kind === "refused") {
    io.err(answer.message);
    return 1;
  }
  let report: FeedsReport;
  if (answer.kind === "done") {
    report = answer.body;
  } else {
    const tenants = loadTenantsFromDir(env.tenantsDir);
    const config = tenants.find((t) => t.slug === tenant);
    if (!config) {
      io.err(`no dealer site "${tenant}" (sites: ${tenants.map((t) => t.slug).join(", ")})`);
      return 1;
    }
    // Reporting must not create an empty embedded database in a folder that never had a server.
    if (!env.DATABASE_URL && !fs.existsSync(path.join(env.dataDir, "pglite"))) {
      io.err(`no stock database in ${env.dataDir}: run the command where the server runs, or set DATA_DIR to its data folder`);
      return 1;
    }
    const db = await openDatabase(env);
    try {
      const feedOrigins = config.photos.feedHosts ? await listFeedPhotoOrigins(db, tenant) : [];
      report = feedsReport(config, await listVehicles(db, tenant), new Date(), feedOrigins);
    } finally {
      await db.close();
    }
  }

  io.out(`${report.tenant}: ${plural(report.cars, "vehicle")} in stock records`);
  for (const warning of report.warnings) io.err(`warning: ${warning}`);
  for (const channel of report.channels) for (const line of describeChannel(channel)) io.out(line);
  return 0;
}
