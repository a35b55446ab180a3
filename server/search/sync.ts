/**
 * Keeps the search index in step with the database (the source of truth). See
 * docs/decisions/0006-keeping-search-fresh.md.
 *
 * - start(): builds every tenant's index from the database, then polls each tenant for cars changed
 *   since its watermark (the latest `updated_at` seen) every few seconds.
 * - notify(tenant, ids): an in-process change (an import through the running server, a reservation)
 *   is applied at once instead of at the next poll.
 * - Sold-window expiry needs nothing here: visibility is decided at query time from `now`.
 */
import type { Queryable } from "../db/database";
import { getVehicleById, getVehiclesByIds, listVehicleChangesSince, listVehiclesChangedSince } from "../db/vehicles";
import type { Vehicle } from "~/domain/vehicle";
import { log as defaultLog } from "../log";
import type { SearchEngine, TenantStock } from "./engine";

export interface StockSyncOptions {
  db: Queryable;
  engine: SearchEngine;
  /** Tenant slugs to keep fresh (a function so tenants added later are picked up). */
  tenants: string[] | (() => string[]);
  /** How often to look for changes made outside this process (default 5 s). */
  intervalMs?: number;
  /**
   * For this long after a change is seen, later polls look back this far again, so a write transaction
   * that started earlier but committed later is not missed (default 10 s).
   */
  overlapMs?: number;
  log?: Pick<typeof defaultLog, "info" | "warn" | "error">;
  /**
   * A poll found cars changed that this process had not heard of (another process's change whose news
   * never arrived, or one made straight in the database): called once the index has them, so what else
   * is kept from the stock (stored pages) is dropped too, not only the index brought up to date.
   */
  onChangesFound?: (tenant: string, ids: string[]) => void;
  /** Wall clock (tests). */
  clock?: () => number;
}

const EPOCH = new Date(0);

/** Each car's change stamp, from what the index was built from. */
const stampsOf = (changed: { vehicles: Vehicle[]; versions: string[] }) =>
  new Map(changed.vehicles.map((vehicle, at) => [vehicle.id, changed.versions[at]!]));

interface Watermark {
  latest: Date;
  seenAt: number;
}

export class StockSync {
  private readonly watermarks = new Map<string, Watermark>();
  /**
   * Each tenant's cars as the index has them: the change stamp of each car last applied. A poll looking
   * back over changes already applied (the overlap) reads their stamps only, not the cars, and applies
   * nothing again.
   */
  private readonly applied = new Map<string, Map<string, string>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, Promise<string[]>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling: Promise<void> | null = null;
  private readonly log: NonNullable<StockSyncOptions["log"]>;
  private readonly clock: () => number;

  constructor(private readonly options: StockSyncOptions) {
    this.log = options.log ?? defaultLog;
    this.clock = options.clock ?? Date.now;
  }

  private tenantSlugs(): string[] {
    const { tenants } = this.options;
    return typeof tenants === "function" ? tenants() : tenants;
  }

  /** Work on one tenant's index runs one task at a time, in order. */
  private queue(tenant: string, task: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(tenant) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.chains.set(tenant, next);
    return next;
  }

  /** Builds every index, then polls. Resolves when the first build is done (the server may then serve). */
  async start(): Promise<void> {
    await this.indexAll();
    if (this.timer) return;
    this.timer = setInterval(() => void this.pollAll(), this.options.intervalMs ?? 5000);
    // Polling must never keep a process (a CLI, a test) alive.
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all([...this.chains.values()].map((c) => c.catch(() => undefined)));
  }

  /** Rebuilds every tenant from the database and resets the watermarks to what was read. */
  async indexAll(): Promise<void> {
    const started = this.clock();
    const tenants = this.tenantSlugs();
    // Hold every tenant's queue, so no catch-up lands in an index that is about to be replaced.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await Promise.all(tenants.map((tenant) => new Promise<void>((held) => void this.queue(tenant, () => (held(), gate)))));
    try {
      const stock: TenantStock[] = [];
      const latest = new Map<string, Date>();
      const versions = new Map<string, Map<string, string>>();
      for (const tenant of tenants) {
        const changed = await listVehiclesChangedSince(this.options.db, tenant, EPOCH);
        stock.push({ tenant, vehicles: changed.vehicles });
        latest.set(tenant, changed.latest ?? EPOCH);
        versions.set(tenant, stampsOf(changed));
      }
      const { engine } = this.options;
      if (engine.rebuildAll) await engine.rebuildAll(stock);
      else for (const { tenant, vehicles } of stock) await engine.replaceAll(tenant, vehicles);
      for (const [tenant, mark] of latest) this.watermarks.set(tenant, { latest: mark, seenAt: this.clock() });
      for (const [tenant, stamps] of versions) this.applied.set(tenant, stamps);
      this.log.info("Search index built", {
        engine: engine.name,
        tenants: tenants.length,
        vehicles: stock.reduce((n, s) => n + s.vehicles.length, 0),
        ms: this.clock() - started,
      });
    } finally {
      release();
    }
  }

  /**
   * Cars of a tenant changed in this process: catch up now. Ids that are no longer in the database are
   * taken out of the index. Resolves once the index has the change.
   */
  async notify(tenant: string, ids: string[] = []): Promise<void> {
    // The caller tells everyone itself; a poll sharing this catch-up tells them of what it found too.
    await this.catchUp(tenant);
    if (!ids.length) return;
    const gone: string[] = [];
    for (const id of new Set(ids)) {
      if (!(await getVehicleById(this.options.db, tenant, id))) gone.push(id);
    }
    if (gone.length) await this.queue(tenant, () => this.options.engine.remove(tenant, gone));
  }

  /**
   * Applies a tenant's changes since its watermark; calls arriving while one waits share it. Resolves to
   * the ids of the cars newer than what the index had seen (none when nothing new was found).
   */
  catchUp(tenant: string): Promise<string[]> {
    const waiting = this.waiting.get(tenant);
    if (waiting) return waiting;
    let found: string[] = [];
    const task = this.queue(tenant, async () => {
      this.waiting.delete(tenant);
      found = await this.pull(tenant);
    }).then(() => found);
    this.waiting.set(tenant, task);
    return task;
  }

  /** Brings the tenant's index up to date; the ids of cars changed after the watermark it started from. */
  private async pull(tenant: string): Promise<string[]> {
    const { db, engine } = this.options;
    const mark = this.watermarks.get(tenant);
    if (!mark) {
      // Never indexed (a tenant added after start): this tenant's whole stock.
      const all = await listVehiclesChangedSince(db, tenant, EPOCH);
      await engine.replaceAll(tenant, all.vehicles);
      this.watermarks.set(tenant, { latest: all.latest ?? EPOCH, seenAt: this.clock() });
      this.applied.set(tenant, stampsOf(all));
      return all.vehicles.map((vehicle) => vehicle.id);
    }
    const overlap = this.options.overlapMs ?? 10_000;
    const recent = this.clock() - mark.seenAt < overlap;
    const since = recent ? new Date(Math.max(0, mark.latest.getTime() - overlap)) : mark.latest;
    const changes = await listVehicleChangesSince(db, tenant, since);
    let applied = this.applied.get(tenant);
    if (!applied) this.applied.set(tenant, (applied = new Map()));
    const unapplied = changes.filter((change) => applied.get(change.id) !== change.version);
    if (unapplied.length) {
      // A car changed again since its stamp was read comes as it is now, and is applied once more next time.
      const cars = await getVehiclesByIds(
        db,
        tenant,
        unapplied.map((change) => change.id),
      );
      const vehicles = unapplied.flatMap((change) => cars.get(change.id) ?? []);
      if (vehicles.length) await engine.upsert(tenant, vehicles);
      for (const change of unapplied) applied.set(change.id, change.version);
    }
    const latest = changes.at(-1)?.changedAt;
    if (latest && latest.getTime() > mark.latest.getTime()) {
      this.watermarks.set(tenant, { latest, seenAt: this.clock() });
      return changes.filter((change) => change.changedAt.getTime() > mark.latest.getTime()).map((change) => change.id);
    }
    return [];
  }

  private pollAll(): Promise<void> {
    // A slow round (a big import) is not stacked on by the next tick.
    if (this.polling) return this.polling;
    this.polling = (async () => {
      for (const tenant of this.tenantSlugs()) {
        try {
          const found = await this.catchUp(tenant);
          if (found.length) this.options.onChangesFound?.(tenant, found);
        } catch (error) {
          this.log.error("Search index catch-up failed", { tenant, error: String(error) });
        }
      }
    })().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }
}
