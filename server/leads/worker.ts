/**
 * The lead delivery worker: takes due rows of the `lead_deliveries` outbox and delivers each to its
 * channel (ADF file, e-mail, CRM webhook).
 *
 * - Claim: in one short transaction, `SELECT ... FOR UPDATE SKIP LOCKED` picks due rows no other
 *   worker holds, and pushes their next attempt past a lease (server/db/leads.ts). Several server
 *   instances on one PostgreSQL database therefore never deliver the same row at the same time.
 * - Deliver outside the transaction, each row with a deadline shorter than the lease, then record
 *   delivered or failed with the claim's token. A worker that crashed mid-delivery leaves its rows
 *   claimed; they fall due again when the lease runs out, on this or another instance. Delivering a
 *   channel twice is harmless: files are rewritten under the same name, the webhook and e-mail carry
 *   the lead id as their idempotency key and Message-ID.
 * - Failures wait with exponential back-off and jitter (backoff.ts) and are marked failed, last error
 *   kept, after the last attempt allowed. Nothing a row contains can stop the worker or the server.
 * - Timing: `wake()` (called when this process stores a lead) starts a pass at once; otherwise the
 *   worker polls every few seconds, so leads stored by other instances are not left waiting either.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import { claimDueDeliveries, finishDelivered, finishFailed, getLead, releaseWaitingDeliveries, type ClaimedDelivery } from "../db/leads";
import { getVehicleById } from "../db/vehicles";
import { log } from "../log";
import { PollLoop } from "../workers/pollLoop";
import type { TenantConfig } from "../tenants/schema";
import { buildAdf } from "./adf";
import { hasCustomerContact } from "./config";
import { routeLead } from "./routing";
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from "./backoff";
import { adfFileChannel } from "./channels/adfFile";
import { EmailChannel, LeadMailer } from "./channels/email";
import type { DeliveryContext, LeadChannel } from "./channels/types";
import { webhookChannel } from "./channels/webhook";
import type { LeadEnv } from "./config";

export interface LeadWorkerOptions {
  db: Pick<Database, "query" | "transaction">;
  env: LeadEnv;
  /** The dealer's current configuration by slug (the platform's tenant registry). */
  tenant(slug: string): TenantConfig | undefined;
  /** Poll interval when nothing wakes the worker. */
  pollMs?: number;
  /** How long a claim holds a row; must exceed deadlineMs. */
  leaseMs?: number;
  /** Longest one delivery may take before it counts as failed. */
  deadlineMs?: number;
  /** Rows claimed per pass (delivered concurrently). */
  batchSize?: number;
  backoff?: BackoffPolicy;
  /** Channel implementations by name (tests replace them); the real ones by default. */
  channels?: Partial<Record<string, LeadChannel>>;
  random?: () => number;
}

export const LEAD_WORKER_DEFAULTS = { pollMs: 5_000, leaseMs: 90_000, deadlineMs: 45_000, batchSize: 10 } as const;

export interface DeliveryOutcome {
  claim: ClaimedDelivery;
  /** Null when delivered. */
  error: string | null;
  /** When failed: the wait before the next attempt, or null when the delivery is now failed for good. */
  retryInMs: number | null;
}

export class LeadWorker {
  private readonly options: Required<Omit<LeadWorkerOptions, "channels" | "random">> & { random: () => number };
  private readonly channels: Record<string, LeadChannel>;
  private readonly loop: PollLoop;

  constructor(options: LeadWorkerOptions) {
    this.options = {
      ...LEAD_WORKER_DEFAULTS,
      backoff: DEFAULT_BACKOFF,
      random: Math.random,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as LeadWorker["options"];
    if (this.options.deadlineMs >= this.options.leaseMs) throw new Error("a delivery's deadline must be shorter than the claim's lease");
    const mailer = new LeadMailer(options.env.SMTP_URL);
    this.channels = {
      adf: adfFileChannel,
      "email-crm": new EmailChannel(mailer, ["crm"]),
      "email-staff": new EmailChannel(mailer, ["staff"]),
      // Leads stored before e-mail formats existed have one e-mail row: both formats, each to its recipients.
      email: new EmailChannel(mailer, ["crm", "staff"]),
      webhook: webhookChannel,
      ...(options.channels as Record<string, LeadChannel> | undefined),
    };
    this.loop = new PollLoop({
      pollMs: this.options.pollMs,
      failure: "lead delivery: cannot read the outbox, will retry",
      pass: async () => {
        const outcomes = await this.runOnce();
        if (outcomes.length >= this.options.batchSize) return 0; // more may be due
        const soonestRetry = Math.min(...outcomes.map((o) => (o.error && o.retryInMs !== null ? o.retryInMs : Infinity)));
        return Math.max(0, Math.min(this.options.pollMs, soonestRetry));
      },
    });
  }

  get isRunning(): boolean {
    return this.loop.isRunning;
  }

  /** Starts polling (and delivering whatever is already due, e.g. after a restart). */
  start(): void {
    this.loop.start();
  }

  /** A lead was stored: deliver now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Stops polling and waits up to `graceMs` for deliveries in flight; any still running then are
   * abandoned (due again at once on the next start). Call before closing the database.
   */
  async stop(graceMs = 10_000): Promise<void> {
    await this.loop.stop(graceMs);
    for (const channel of new Set(Object.values(this.channels))) await channel.close?.();
  }

  /** One pass: claims a batch of due deliveries and delivers them. Returns what happened to each. */
  async runOnce(): Promise<DeliveryOutcome[]> {
    const claims = await claimDueDeliveries(this.options.db, {
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
      token: randomUUID(),
    });
    return Promise.all(claims.map((claim) => this.deliverClaim(claim)));
  }

  private async deliverClaim(claim: ClaimedDelivery): Promise<DeliveryOutcome> {
    const { db } = this.options;
    let error: string | null = null;
    try {
      await this.deliver(claim);
    } catch (caught) {
      error = (caught instanceof Error ? caught.message : String(caught)) || "delivery failed";
    }
    const shutdown = this.loop.signal.aborted && error !== null;
    const retryInMs = error === null ? null : shutdown ? 0 : retryDelay(claim.attempts, this.options.backoff, this.options.random);
    try {
      if (error === null) {
        await finishDelivered(db, claim);
        log.info("lead delivered", { tenant: claim.tenant, lead: claim.lead_id, channel: claim.channel, attempts: claim.attempts });
        // The channel answers again: the dealer's leads waiting out a back-off on it go now, not an hour later.
        const released = await releaseWaitingDeliveries(db, claim.tenant, claim.channel);
        if (released) {
          log.info("lead channel answers again: waiting deliveries are due now", {
            tenant: claim.tenant,
            channel: claim.channel,
            released,
          });
          this.wake();
        }
      } else {
        await finishFailed(db, claim, error, retryInMs);
        const fields = { tenant: claim.tenant, lead: claim.lead_id, channel: claim.channel, attempts: claim.attempts, error };
        if (retryInMs === null) log.error("lead delivery failed for good", fields);
        else log.warn("lead delivery failed, will retry", { ...fields, retryInSeconds: Math.round(retryInMs / 1000) });
      }
    } catch (recordError) {
      // The outcome could not be written: the claim runs out and the row is delivered again later.
      log.error("lead delivery: outcome not recorded", { tenant: claim.tenant, delivery: claim.id, error: String(recordError) });
    }
    return { claim, error, retryInMs };
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    const { db } = this.options;
    const tenant = this.options.tenant(claim.tenant);
    if (!tenant) throw new Error(`no dealer site "${claim.tenant}" is configured`);
    const channel = this.channels[claim.channel];
    if (!channel) throw new Error(`unknown delivery channel "${claim.channel}"`);
    const lead = await getLead(db, claim.tenant, claim.lead_id);
    if (!lead) throw new Error("the lead is no longer stored");
    const vehicle = lead.car_id ? await getVehicleById(db, claim.tenant, lead.car_id) : null;

    const deadline = new AbortController();
    const signal = AbortSignal.any([deadline.signal, this.loop.signal]);
    let adf: string | undefined;
    const route = routeLead(tenant, lead, vehicle);
    const context: DeliveryContext = {
      lead,
      vehicle,
      tenant,
      env: this.options.env,
      route,
      adf: hasCustomerContact(lead) ? () => (adf ??= buildAdf({ lead, vehicle, tenant, route })) : null,
      signal,
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        deadline.abort();
        reject(new Error(`no result within ${Math.round(this.options.deadlineMs / 1000)} s`));
      }, this.options.deadlineMs);
    });
    let onStop: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      onStop = () => reject(new Error("interrupted: the server is shutting down"));
      if (this.loop.signal.aborted) onStop();
      else this.loop.signal.addEventListener("abort", onStop, { once: true });
    });
    try {
      await Promise.race([channel.deliver(context), timedOut, stopped]);
    } finally {
      clearTimeout(timer);
      if (onStop) this.loop.signal.removeEventListener("abort", onStop);
    }
  }
}
