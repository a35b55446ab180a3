/**
 * `npm run leads -- --tenant <slug> [--status pending|delivered|failed] [--limit N] [--retry <lead-or-delivery-id>]`
 *
 * Lists a dealer's leads with each channel's delivery state, or sends failed deliveries back to the
 * queue. While a server runs on the same data folder it owns the embedded database, so the command
 * asks it (GET/POST /api/leads with the folder's token, as the stock importer does); only when no
 * server answers does it open the database itself.
 */
import { parseEnv, type Env } from "../config/env.server";
import { listLeadsWithDeliveries, retryDeliveries, type DeliveryStatus, type LeadWithDeliveries } from "../db/leads";
import type { Queryable } from "../db/database";
import { askRunningServer, fromServerOrDatabase, type CommandIO } from "../stock/importToken";

export const LEADS_USAGE =
  "usage: npm run leads -- --tenant <slug> [--status pending|delivered|failed] [--limit N] [--retry <lead-or-delivery-id>]";

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const satisfies readonly DeliveryStatus[];

export interface LeadsArgs {
  tenant: string;
  status?: DeliveryStatus;
  limit: number;
  retry?: string;
}

export class LeadsUsageError extends Error {}

export function parseLeadsArgs(argv: string[]): LeadsArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--(tenant|status|limit|retry)(?:=(.*))?$/.exec(arg);
    if (!match) throw new LeadsUsageError(arg.startsWith("--") ? `unknown option ${arg}` : `unexpected argument ${arg}`);
    const value = match[2] ?? argv[++i];
    if (!value || value.startsWith("--")) throw new LeadsUsageError(`--${match[1]} needs a value`);
    values[match[1]] = value;
  }
  if (!values.tenant) throw new LeadsUsageError("--tenant is required");
  if (values.status && !DELIVERY_STATUSES.includes(values.status as DeliveryStatus)) {
    throw new LeadsUsageError("--status must be pending, delivered or failed");
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new LeadsUsageError("--limit must be a whole number from 1 to 1000");
  if (values.retry !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(values.retry))
    throw new LeadsUsageError("--retry needs a lead or delivery id");
  return { tenant: values.tenant, status: values.status as DeliveryStatus | undefined, limit, retry: values.retry };
}

export type RetriedDelivery = { id: string; lead_id: string; channel: string };

/** What the command and the server's /api/leads both do, given the database. */
export async function leadsListing(
  db: Queryable,
  tenant: string,
  args: Pick<LeadsArgs, "status" | "limit">,
): Promise<LeadWithDeliveries[]> {
  return listLeadsWithDeliveries(db, tenant, { status: args.status, limit: args.limit });
}

export async function leadsRetry(db: Queryable, tenant: string, id: string): Promise<RetriedDelivery[]> {
  return retryDeliveries(db, tenant, id);
}

/** A lead as lines of text: who and what, then one line per channel. */
export function describeLead(lead: LeadWithDeliveries): string[] {
  const who =
    [[lead.name, lead.last_name].filter(Boolean).join(" "), lead.email, lead.phone].filter(Boolean).join(", ") || "(no contact details)";
  const form = [lead.category, lead.subcategory].filter((v, i, all) => v && all.indexOf(v) === i).join(" / ");
  const lines = [`${lead.created_at}  ${lead.id}  ${form}${lead.car_id ? `  car ${lead.car_id}` : ""}  ${who}`];
  for (const d of lead.deliveries) {
    const state =
      d.status === "delivered"
        ? `delivered ${d.delivered_at} after ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`
        : d.status === "failed"
          ? `FAILED after ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}: ${d.last_error}`
          : `pending, ${d.attempts} attempt${d.attempts === 1 ? "" : "s"} so far, next ${d.next_attempt_at}${d.last_error ? `; last error: ${d.last_error}` : ""}`;
    lines.push(`    ${d.channel.padEnd(11)} ${state}  (delivery ${d.id})`);
  }
  return lines;
}

/** Asks a server on this machine for the same data folder, if one answers with our token. */
function askServer<T>(env: Env, init: { method: "GET" | "POST"; query?: URLSearchParams; body?: unknown }) {
  return askRunningServer<T>(env, { path: "/api/leads", timeoutMs: 30_000, ...init });
}

export async function runLeadsCommand(argv: string[], io: CommandIO, env: Env = parseEnv()): Promise<number> {
  let args: LeadsArgs;
  try {
    args = parseLeadsArgs(argv);
  } catch (error) {
    if (error instanceof LeadsUsageError) {
      io.err(`${error.message}\n${LEADS_USAGE}`);
      return 2;
    }
    throw error;
  }

  const done = await fromServerOrDatabase<{ retried: RetriedDelivery[] } | { leads: LeadWithDeliveries[] }>(
    env,
    args.tenant,
    () =>
      args.retry
        ? askServer<{ retried: RetriedDelivery[] }>(env, { method: "POST", body: { tenant: args.tenant, retry: args.retry } })
        : askServer<{ leads: LeadWithDeliveries[] }>(env, {
            method: "GET",
            query: new URLSearchParams({ tenant: args.tenant, limit: String(args.limit), ...(args.status ? { status: args.status } : {}) }),
          }),
    async (db) =>
      args.retry ? { retried: await leadsRetry(db, args.tenant, args.retry) } : { leads: await leadsListing(db, args.tenant, args) },
  );
  if (!done.ok) {
    io.err(done.message);
    return 1;
  }
  const { result, servedBy } = done;

  if ("retried" in result) {
    if (!result.retried.length) {
      io.err(`nothing to retry: no failed or waiting delivery of ${args.tenant} has the id ${args.retry}`);
      return 1;
    }
    for (const d of result.retried) io.out(`queued again: ${d.channel} of lead ${d.lead_id} (delivery ${d.id})`);
    io.out(
      servedBy !== null
        ? `The server on port ${servedBy} delivers ${result.retried.length === 1 ? "it" : "them"} now.`
        : `No server is running for ${env.dataDir}: ${result.retried.length === 1 ? "it is" : "they are"} delivered when the server next starts.`,
    );
    return 0;
  }
  if (!result.leads.length) {
    io.out(`No leads${args.status ? ` with ${args.status} deliveries` : ""} for ${args.tenant}.`);
    return 0;
  }
  for (const lead of result.leads) for (const line of describeLead(lead)) io.out(line);
  return 0;
}
