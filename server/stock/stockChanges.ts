/**
 * A dealer's stock changed (an import, a scheduled pull, a reservation, a sale): every process serving the
 * dealers hears it, not only the one where it happened, so each drops the dealer's stored pages and brings
 * its search index up to date within a second or two (issue 25, "Caches agree"; docs/deploy.md).
 *
 * On PostgreSQL the news travels by `NOTIFY stock_changed` (one message per 100 cars changed, each naming
 * the process it came from, so a process does not apply its own change twice); a process whose listening
 * connection dropped catches every dealer up when it is back. On the embedded database there is one
 * process, and the news stays in it.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import { log } from "../log";

export const STOCK_CHANGED_CHANNEL = "stock_changed";
/** Cars named per message: 100 ids keep a message well under PostgreSQL's 8,000-byte payload limit. */
const IDS_PER_MESSAGE = 100;

export interface StockChangeMessage {
  /** The process the change happened in. */
  from: string;
  tenant: string;
  ids: string[];
}

/** What a process does with a change, its own or another's: bring the index up to date, drop pages. */
export type ApplyStockChange = (tenant: string, ids: string[]) => Promise<void>;

/** Reads a message another process sent; null for anything else on the channel. */
export function readStockChange(payload: string): StockChangeMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<StockChangeMessage>;
    if (typeof value.from !== "string" || typeof value.tenant !== "string" || !Array.isArray(value.ids)) return null;
    return { from: value.from, tenant: value.tenant, ids: value.ids.filter((id): id is string => typeof id === "string") };
  } catch {
    return null;
  }
}

/** The messages that carry one change: the ids in groups, or one message with none. */
export function stockChangeMessages(from: string, tenant: string, ids: string[]): StockChangeMessage[] {
  const unique = [...new Set(ids)];
  if (!unique.length) return [{ from, tenant, ids: [] }];
  const messages: StockChangeMessage[] = [];
  for (let at = 0; at < unique.length; at += IDS_PER_MESSAGE) messages.push({ from, tenant, ids: unique.slice(at, at + IDS_PER_MESSAGE) });
  return messages;
}

export class StockChanges {
  /** This process, as other processes know it. */
  readonly processId = randomUUID();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Pick<Database, "kind" | "listen" | "notify">,
    private readonly apply: ApplyStockChange,
    private readonly tenants: () => string[],
  ) {}

  /** Whether other processes hear this one's changes (PostgreSQL), or there is only this one (embedded). */
  get shared(): boolean {
    return Boolean(this.db.listen && this.db.notify);
  }

  /** Starts hearing other processes' changes (PostgreSQL); nothing to hear on the embedded database. */
  async start(): Promise<void> {
    if (!this.db.listen || this.stopListening) return;
    this.stopListening = await this.db.listen(STOCK_CHANGED_CHANNEL, {
      onMessage: (payload) => {
        const message = readStockChange(payload);
        if (!message || message.from === this.processId) return;
        void this.apply(message.tenant, message.ids).catch((error: unknown) =>
          log.warn("stock change from another process not applied", { tenant: message.tenant, error: String(error) }),
        );
      },
      // Back after a drop: whatever was said meanwhile is unknown, so every dealer catches up.
      onReconnect: () => {
        log.warn("stock change listener reconnected: every dealer catches up");
        for (const tenant of this.tenants()) void this.apply(tenant, []).catch(() => undefined);
      },
    });
  }

  /** Tells the other processes; a failure is logged (they catch up by polling within seconds). */
  async publish(tenant: string, ids: string[]): Promise<void> {
    if (!this.db.notify) return;
    try {
      for (const message of stockChangeMessages(this.processId, tenant, ids))
        await this.db.notify(STOCK_CHANGED_CHANNEL, JSON.stringify(message));
    } catch (error) {
      log.warn("stock change not announced to other processes", { tenant, error: String(error) });
    }
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }
}
