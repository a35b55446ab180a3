/**
 * The alert worker (issue 27, docs/alerts.md): sends shoppers the alerts alerts-match stored in
 * shopper_alerts, as at most one SMS or e-mail a shopper a dealer a Sydney day, never in quiet hours.
 *
 * Each pass:
 * 1. Gather (store.ts `gatherAlerts`): pending alerts not yet in a message join their shopper's message of
 *    the day (alert_messages, one row per dealer, shopper and day), made when missing with its sending time:
 *    after the gathering window, outside 21:00-08:00 Sydney (schedule.ts). An alert found after the day's
 *    message went waits for the next day's. New arrivals of a paused or deleted saved search, and every
 *    alert of a shopper with no consented channel, are skipped with the reason.
 * 2. Send: due messages are claimed with SELECT ... FOR UPDATE SKIP LOCKED (several processes share the
 *    work; a message is sent by one of them), then checked again just before sending (consent may have been
 *    withdrawn since, a search paused), written (messages.ts: one alert, or a digest) and sent: SMS through
 *    the SMS port (the outbox file or Twilio), e-mail through nodemailer (SMTP_URL, else an .eml file under
 *    DATA_DIR/alerts/<dealer>/) with the one-click unsubscribe headers (RFC 8058).
 * 3. A failure waits with the lead worker's back-off (server/leads/backoff.ts; never into quiet hours) and
 *    the message is failed, its last error kept, after the last attempt allowed.
 *
 * `wake()` starts a pass at once (alerts-match calls it after storing alerts); otherwise the worker polls.
 * `stop()` on shutdown, before the database is closed. ALERT_WORKER=off leaves it stopped in a process.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import type { SmsSender } from "../auth/sms";
import type { Env } from "../config/env.server";
import type { Database } from "../db/database";
import { siteOrigin } from "../leads/adf";
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from "../leads/backoff";
import { headerText, LeadMailer } from "../leads/channels/email";
import { log } from "../log";
import { PollLoop } from "../workers/pollLoop";
import type { TenantConfig } from "../tenants/schema";
import { emailParts, smsText, type MessageContext } from "./messages";
import { DEFAULT_GATHER_MS, isQuietHour, nextSendableAt, retryAt } from "./schedule";
import {
  chooseDestination,
  claimDueMessages,
  finishFailed,
  finishHeld,
  finishSent,
  finishSkipped,
  gatherAlerts,
  messageAlerts,
  newArrivalBlocked,
  readPayload,
  skipAlerts,
  type ClaimedMessage,
  type Destination,
  type GatherResult,
} from "./store";
import type { AlertPayload } from "./types";
import { unsubscribeToken } from "./unsubscribeToken";

/** Sends an e-mail, or writes it to `file` when there is no SMTP server (LeadMailer). */
export interface AlertMailer {
  send(message: Mail.Options, file: string): Promise<void>;
  close(): void;
}

export interface AlertWorkerOptions {
  db: Pick<Database, "query" | "transaction">;
  env: Pick<Env, "SMTP_URL" | "LEAD_EMAIL_FROM" | "dataDir" | "PORT">;
  tenant(slug: string): TenantConfig | undefined;
  sms: SmsSender;
  /** Signs the unsubscribe links (unsubscribeToken.ts). */
  unsubscribeKey: string;
  /** The worker's clock (tests set the hour). */
  now?: () => Date;
  pollMs?: number;
  /** How long a claim holds a message; must exceed deadlineMs. */
  leaseMs?: number;
  /** Longest one send may take before it counts as failed. */
  deadlineMs?: number;
  /** Messages claimed (and alerts gathered, times 50) per pass. */
  batchSize?: number;
  /** How long a message waits after its first alert for others to join it. */
  gatherMs?: number;
  backoff?: BackoffPolicy;
  mailer?: AlertMailer;
  random?: () => number;
}

export const ALERT_WORKER_DEFAULTS = {
  pollMs: 5_000,
  leaseMs: 90_000,
  deadlineMs: 45_000,
  batchSize: 10,
  gatherMs: DEFAULT_GATHER_MS,
} as const;

export interface MessageOutcome {
  claim: ClaimedMessage;
  result: "sent" | "skipped" | "held" | "failed" | "retry";
  channel?: Destination["channel"];
  /** Why it was skipped, or the error. */
  reason?: string;
  /** The alerts it carried. */
  alerts: number;
}

export interface AlertPass {
  gathered: GatherResult;
  messages: MessageOutcome[];
}

/** The From of alert e-mails: the dealer's name, at LEAD_EMAIL_FROM or alerts@ the dealer's first domain. */
export function alertSender(env: Pick<Env, "LEAD_EMAIL_FROM">, tenant: TenantConfig): { name: string; address: string } {
  return { name: headerText(tenant.name, 100), address: env.LEAD_EMAIL_FROM ?? `alerts@${tenant.domains[0] ?? "localhost"}` };
}

/** The dealer's site for links: its first domain over https, else <slug>.localhost on this server's port. */
export function alertOrigin(env: Pick<Env, "PORT">, tenant: TenantConfig): string {
  return siteOrigin(tenant) ?? `http://${tenant.slug}.localhost:${env.PORT}`;
}

/** The one-click unsubscribe address for this dealer, channel and address. */
export function unsubscribeUrl(origin: string, key: string, target: Parameters<typeof unsubscribeToken>[1]): string {
  return `${origin}/pages/unsubscribe?t=${unsubscribeToken(key, target)}`;
}

export class AlertWorker {
  private readonly options: Required<Omit<AlertWorkerOptions, "mailer">>;
  private readonly mailer: AlertMailer;
  private readonly loop: PollLoop;

  constructor(options: AlertWorkerOptions) {
    this.options = {
      ...ALERT_WORKER_DEFAULTS,
      backoff: DEFAULT_BACKOFF,
      random: Math.random,
      now: () => new Date(),
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as AlertWorker["options"];
    if (this.options.deadlineMs >= this.options.leaseMs) throw new Error("a message's deadline must be shorter than the claim's lease");
    this.mailer = options.mailer ?? new LeadMailer(options.env.SMTP_URL);
    this.loop = new PollLoop({
      pollMs: this.options.pollMs,
      failure: "alerts: cannot read the stored alerts, will retry",
      // A full batch: more may be due.
      pass: async () => ((await this.runOnce()).messages.length >= this.options.batchSize ? 0 : this.options.pollMs),
    });
  }

  get isRunning(): boolean {
    return this.loop.isRunning;
  }

  start(): void {
    this.loop.start();
  }

  /** Alerts were stored: gather (and send what is due) now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and waits up to `graceMs` for sends in flight. Call before closing the database. */
  async stop(graceMs = 10_000): Promise<void> {
    await this.loop.stop(graceMs);
    this.mailer.close();
  }

  /** One pass: gathers pending alerts into messages, then claims and sends the messages due. */
  async runOnce(): Promise<AlertPass> {
    const now = this.options.now();
    const gathered = await gatherAlerts(this.options.db, { now, gatherMs: this.options.gatherMs, limit: this.options.batchSize * 50 });
    const claims = await claimDueMessages(this.options.db, {
      now,
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
      token: randomUUID(),
    });
    const messages = await Promise.all(claims.map((claim) => this.sendClaim(claim)));
    return { gathered, messages };
  }

  private async sendClaim(claim: ClaimedMessage): Promise<MessageOutcome> {
    const { db } = this.options;
    const now = this.options.now();
    const fields = { tenant: claim.tenant, message: claim.id, attempts: claim.attempts };
    try {
      if (isQuietHour(now)) {
        await finishHeld(db, claim, nextSendableAt(now));
        return { claim, result: "held", alerts: 0 };
      }
      const tenant = this.options.tenant(claim.tenant);
      if (!tenant) throw new Error(`no dealer site "${claim.tenant}" is configured`);
      // Checked again now: a search paused, consent withdrawn or an unreadable alert since it was gathered.
      const alerts = await messageAlerts(db, claim.id);
      const sendable: { id: string; payload: AlertPayload }[] = [];
      for (const alert of alerts) {
        const blocked = newArrivalBlocked(alert);
        const payload = readPayload(alert.payload);
        if (blocked || !payload) await skipAlerts(db, [alert.id], blocked ?? "unreadable alert");
        else sendable.push({ id: alert.id, payload });
      }
      const ids = sendable.map((a) => a.id);
      const destination = await chooseDestination(db, claim.tenant, claim.phone);
      const skipReason = !destination ? "no consent" : !sendable.length ? "nothing left to send" : null;
      if (skipReason || !destination) {
        await finishSkipped(db, claim, skipReason ?? "no consent", ids);
        log.info("alert message not sent", { ...fields, reason: skipReason });
        return { claim, result: "skipped", reason: skipReason ?? "no consent", alerts: ids.length };
      }
      const summary = await this.withDeadline(
        this.send(
          claim,
          tenant,
          destination,
          sendable.map((a) => a.payload),
        ),
      );
      if (!(await finishSent(db, claim, { destination, summary, alertIds: ids, now })))
        log.warn("alert message sent after its claim ran out", fields);
      log.info("alert message sent", { ...fields, channel: destination.channel, alerts: ids.length });
      return { claim, result: "sent", channel: destination.channel, alerts: ids.length };
    } catch (caught) {
      const error = (caught instanceof Error ? caught.message : String(caught)) || "sending failed";
      const shutdown = this.loop.signal.aborted;
      const wait = shutdown ? 0 : retryDelay(claim.attempts, this.options.backoff, this.options.random);
      const next = wait === null ? null : retryAt(now, wait);
      try {
        await finishFailed(db, claim, error, next);
      } catch (recordError) {
        log.error("alert message: outcome not recorded", { ...fields, error: String(recordError) });
      }
      if (next === null) log.error("alert message failed for good", { ...fields, error });
      else log.warn("alert message failed, will retry", { ...fields, error, retryAt: next.toISOString() });
      return { claim, result: next === null ? "failed" : "retry", reason: error, alerts: 0 };
    }
  }

  private async withDeadline<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result within ${Math.round(this.options.deadlineMs / 1000)} s`)),
        this.options.deadlineMs,
      );
    });
    try {
      return await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Writes and sends the message; returns its one-line summary. */
  private async send(claim: ClaimedMessage, tenant: TenantConfig, to: Destination, alerts: AlertPayload[]): Promise<string> {
    const origin = alertOrigin(this.options.env, tenant);
    const context: MessageContext = {
      dealerName: tenant.name,
      origin,
      garagePath: tenant.paths.watchlist,
      buttonColours: { background: tenant.theme.accent, text: tenant.theme.accentContrast },
      unsubscribeUrl: unsubscribeUrl(origin, this.options.unsubscribeKey, {
        tenant: tenant.slug,
        channel: to.channel,
        address: to.address,
        phone: claim.phone,
      }),
    };
    if (to.channel === "sms") {
      const body = smsText(alerts, context);
      await this.options.sms.send({ to: to.address, body, tenant: tenant.slug });
      return body;
    }
    const parts = emailParts(alerts, context);
    const domain = tenant.domains[0] ?? "localhost";
    const message: Mail.Options = {
      from: alertSender(this.options.env, tenant),
      to: to.address,
      subject: headerText(parts.subject),
      text: parts.text,
      html: parts.html,
      // The same message always has the same Message-ID, so a mail system drops a repeated send.
      messageId: `<alert-${claim.id}@${domain}>`,
      headers: {
        "List-Unsubscribe": `<${context.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "X-Alert-Message-Id": claim.id,
      },
      disableFileAccess: true,
      disableUrlAccess: true,
    };
    await this.mailer.send(message, alertEmlPath(this.options.env, tenant.slug, claim.id));
    return parts.subject;
  }
}

/** Where an alert e-mail is written without SMTP_URL: DATA_DIR/alerts/<dealer>/<message id>.eml. */
export function alertEmlPath(env: Pick<Env, "dataDir">, tenant: string, messageId: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(tenant)) throw new Error("bad dealer slug for an alert folder");
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(messageId)) throw new Error("bad message id for a file name");
  return path.join(env.dataDir, "alerts", tenant, `${messageId}.eml`);
}
