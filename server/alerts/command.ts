/**
 * `npm run alerts -- --tenant <slug> [--limit N] [--retry <message id>]` (docs/alerts.md): a dealer's saved
 * searches (name, shopper masked, channel, paused, created), its alerts and messages with their states, and
 * the consent events; or a failed (or waiting) message sent back to the queue. Like `npm run leads`: while a
 * server runs on the same data folder it owns the embedded database, so the command asks it (GET/POST
 * /api/alerts with the folder's token); only when no server answers does it open the database itself.
 * Exit code 0 on success, 1 when nothing matched or the server refused, 2 for a usage mistake.
 */
import { parseEnv, type Env } from "../config/env.server";
import type { Queryable } from "../db/database";
import { iso } from "../db/ids";
import { askRunningServer, fromServerOrDatabase, type CommandIO } from "../stock/importToken";

export const ALERTS_USAGE = "usage: npm run alerts -- --tenant <slug> [--limit N] [--retry <message-id>]";

export interface AlertsArgs {
  tenant: string;
  limit: number;
  retry?: string;
}

export class AlertsUsageError extends Error {}

export function parseAlertsArgs(argv: string[]): AlertsArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--(tenant|limit|retry)(?:=(.*))?$/.exec(arg);
    if (!match) throw new AlertsUsageError(arg.startsWith("--") ? `unknown option ${arg}` : `unexpected argument ${arg}`);
    const value = match[2] ?? argv[++i];
    if (!value || value.startsWith("--")) throw new AlertsUsageError(`--${match[1]} needs a value`);
    values[match[1]!] = value;
  }
  if (!values.tenant) throw new AlertsUsageError("--tenant is required");
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new AlertsUsageError("--limit must be a whole number from 1 to 1000");
  if (values.retry !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(values.retry)) throw new AlertsUsageError("--retry needs a message id");
  return { tenant: values.tenant, limit, retry: values.retry };
}

/** A mobile or e-mail address as the listing shows it: enough to tell shoppers apart, not to contact them. */
export function maskContact(value: string): string {
  if (value.includes("@")) {
    const [name = "", domain = ""] = value.split("@");
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return value.length > 7 ? `${value.slice(0, 4)}***${value.slice(-3)}` : "***";
}

export interface AlertsListing {
  searches: { id: string; name: string; phone: string; channel: string; email: string; paused: boolean; created_at: string }[];
  messages: {
    id: string;
    phone: string;
    day: string;
    channel: string;
    address: string;
    status: string;
    attempts: number;
    last_error: string;
    skip_reason: string;
    next_attempt_at: string;
    sent_at: string;
    summary: string;
  }[];
  alerts: {
    id: string;
    phone: string;
    kind: string;
    car_id: string;
    status: string;
    skip_reason: string;
    message_id: string | null;
    created_at: string;
  }[];
  consents: { phone: string; channel: string; address: string; given: boolean; source: string; detail: string; created_at: string }[];
}

/** What the command and the server's /api/alerts both read, newest first, contacts masked. */
export async function alertsListing(db: Queryable, tenant: string, limit: number): Promise<AlertsListing> {
  const [searches, messages, alerts, consents] = await Promise.all([
    db.query<AlertsListing["searches"][number]>(
      `SELECT id, name, phone, channel, email, paused, created_at FROM saved_searches WHERE tenant = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [tenant, limit],
    ),
    db.query<AlertsListing["messages"][number]>(
      `SELECT id, phone, day::text AS day, channel, address, status, attempts, last_error, skip_reason, next_attempt_at, sent_at, summary
         FROM alert_messages WHERE tenant = $1 ORDER BY day DESC, created_at DESC, id LIMIT $2`,
      [tenant, limit],
    ),
    db.query<AlertsListing["alerts"][number]>(
      `SELECT id, phone, kind, car_id, status, skip_reason, message_id, created_at FROM shopper_alerts
        WHERE tenant = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [tenant, limit],
    ),
    db.query<AlertsListing["consents"][number]>(
      `SELECT phone, channel, address, given, source, detail, created_at FROM alert_consents
        WHERE tenant = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [tenant, limit],
    ),
  ]);
  const when = (value: unknown) => (value ? iso(value) : "");
  return {
    searches: searches.map((s) => ({
      ...s,
      phone: maskContact(s.phone),
      email: s.email ? maskContact(s.email) : "",
      created_at: when(s.created_at),
    })),
    messages: messages.map((m) => ({
      ...m,
      phone: maskContact(m.phone),
      address: maskContact(m.address),
      next_attempt_at: when(m.next_attempt_at),
      sent_at: when(m.sent_at),
    })),
    alerts: alerts.map((a) => ({ ...a, phone: maskContact(a.phone), created_at: when(a.created_at) })),
    consents: consents.map((c) => ({ ...c, phone: maskContact(c.phone), address: maskContact(c.address), created_at: when(c.created_at) })),
  };
}

/** Sends a failed message, or one waiting out a back-off, again now (its attempts counted afresh). */
export async function alertsRetry(db: Queryable, tenant: string, id: string): Promise<{ id: string; day: string }[]> {
  return db.query(
    `UPDATE alert_messages SET status = 'pending', attempts = 0, next_attempt_at = now(), claim_token = NULL, updated_at = now()
      WHERE tenant = $1 AND id = $2 AND (status = 'failed' OR (status = 'pending' AND attempts > 0 AND claim_token IS NULL))
      RETURNING id, day::text AS day`,
    [tenant, id],
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The listing as lines of text. */
export function describeAlerts(tenant: string, listing: AlertsListing): string[] {
  const lines = [`Saved searches of ${tenant} (${listing.searches.length}):`];
  for (const s of listing.searches)
    lines.push(
      `  ${s.created_at}  "${s.name}"  ${s.phone}  ${s.channel}${s.channel === "email" ? ` ${s.email}` : ""}${s.paused ? "  PAUSED" : ""}  (search ${s.id})`,
    );
  lines.push(`Messages (${listing.messages.length}):`);
  for (const m of listing.messages) {
    const state =
      m.status === "sent"
        ? `sent ${m.sent_at}`
        : m.status === "failed"
          ? `FAILED after ${plural(m.attempts, "attempt")}: ${m.last_error}`
          : m.status === "skipped"
            ? `skipped: ${m.skip_reason}`
            : `pending, due ${m.next_attempt_at}${m.attempts ? `, ${plural(m.attempts, "attempt")} so far; last error: ${m.last_error}` : ""}`;
    lines.push(`  ${m.day}  ${m.phone}  ${m.channel} to ${m.address}  ${state}  (message ${m.id})`);
    if (m.summary) lines.push(`      ${m.summary.split("\n")[0]}`);
  }
  lines.push(`Alerts (${listing.alerts.length}):`);
  for (const a of listing.alerts)
    lines.push(
      `  ${a.created_at}  ${a.phone}  ${a.kind} car ${a.car_id}  ${a.status}${a.skip_reason ? ` (${a.skip_reason})` : ""}${a.message_id ? `  in message ${a.message_id}` : ""}`,
    );
  lines.push(`Consent events (${listing.consents.length}):`);
  for (const c of listing.consents)
    lines.push(
      `  ${c.created_at}  ${c.phone}  ${c.channel} ${c.address}  ${c.given ? "given" : "WITHDRAWN"} (${c.source}${c.detail ? `: ${c.detail}` : ""})`,
    );
  return lines;
}

export async function runAlertsCommand(argv: string[], io: CommandIO, env: Env = parseEnv()): Promise<number> {
  let args: AlertsArgs;
  try {
    args = parseAlertsArgs(argv);
  } catch (error) {
    if (error instanceof AlertsUsageError) {
      io.err(`${error.message}\n${ALERTS_USAGE}`);
      return 2;
    }
    throw error;
  }
  const ask = <T>(init: { method: "GET" | "POST"; query?: URLSearchParams; body?: unknown }) =>
    askRunningServer<T>(env, { path: "/api/alerts", timeoutMs: 30_000, ...init });
  const done = await fromServerOrDatabase<{ retried: { id: string; day: string }[] } | { listing: AlertsListing }>(
    env,
    args.tenant,
    () =>
      args.retry
        ? ask<{ retried: { id: string; day: string }[] }>({ method: "POST", body: { tenant: args.tenant, retry: args.retry } })
        : ask<{ listing: AlertsListing }>({
            method: "GET",
            query: new URLSearchParams({ tenant: args.tenant, limit: String(args.limit) }),
          }),
    async (db) =>
      args.retry
        ? { retried: await alertsRetry(db, args.tenant, args.retry) }
        : { listing: await alertsListing(db, args.tenant, args.limit) },
  );
  if (!done.ok) {
    io.err(done.message);
    return 1;
  }
  const { result, servedBy } = done;
  if ("retried" in result) {
    if (!result.retried.length) {
      io.err(`nothing to retry: no failed or waiting message of ${args.tenant} has the id ${args.retry}`);
      return 1;
    }
    for (const m of result.retried) io.out(`queued again: the message of ${m.day} (message ${m.id})`);
    io.out(
      servedBy !== null
        ? `The server on port ${servedBy} sends it now (outside quiet hours).`
        : `No server is running for ${env.dataDir}: it is sent when the server next starts (outside quiet hours).`,
    );
    return 0;
  }
  for (const line of describeAlerts(args.tenant, result.listing)) io.out(line);
  return 0;
}
