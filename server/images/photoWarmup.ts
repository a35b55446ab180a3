/**
 * Photos made before a car's first shopper asks (issue: a new car's 360° view showed 'Loading…' for
 * seconds while its frames were made on demand). When stock arrives or changes, and once at start-up for
 * the stock already there, each available car's copies in `photosToMakeAhead` order (card, first gallery
 * photo, every 360° frame, then the rest) are made in the photo service's background turn: behind every
 * shopper's photo and never on every encoding slot at once, so pages and shoppers' photos keep their
 * cores. The cache keeps its cap: nothing is made ahead while it is over `fillUpTo` of it, so copies
 * shoppers asked for are never evicted for copies nobody has asked for yet.
 *
 * Made in AVIF, the format every current browser takes (decision 0018's negotiation); a browser that
 * takes only WebP or JPEG gets its copy made on demand as before.
 */
import { photosToMakeAhead, type PhotoFormat } from "~/domain/photos";
import { isAvailable, type Vehicle } from "~/domain/vehicle";
import type { TenantConfig } from "../tenants/schema";
import type { PhotoService } from "./photos";
import { log } from "../log";

export interface PhotoWarmupOptions {
  photos: Pick<PhotoService, "warm" | "cacheSize">;
  /** The ids of the dealer's available cars, newest first (start-up). */
  availableIds: (tenant: string) => Promise<string[]>;
  /** A dealer's car by id, or null. */
  car: (tenant: string, id: string) => Promise<Vehicle | null>;
  tenant: (slug: string) => TenantConfig | undefined;
  tenants: () => readonly TenantConfig[];
  feedOrigins: (tenant: TenantConfig) => Promise<string[]>;
  /** The photo cache's cap in bytes. */
  cacheCapBytes: number;
  /** The share of the cap past which nothing is made ahead (default 0.8). */
  fillUpTo?: number;
  formats?: readonly PhotoFormat[];
}

export interface PhotoWarmupCounts {
  /** Cars waiting their turn. */
  waiting: number;
  made: number;
  cached: number;
  notShown: number;
  /** Cars passed over because the cache was full enough. */
  skippedFull: number;
}

export class PhotoWarmup {
  private readonly queue = new Map<string, { tenant: string; id: string }>();
  private running: Promise<void> | null = null;
  /** Until start(), stock changes are not followed (tests' platforms, processes with PHOTO_WARMUP=off). */
  private stopped = true;
  private readonly counts: Omit<PhotoWarmupCounts, "waiting"> = { made: 0, cached: 0, notShown: 0, skippedFull: 0 };
  private readonly formats: readonly PhotoFormat[];
  private readonly fillUpTo: number;

  constructor(private readonly options: PhotoWarmupOptions) {
    this.formats = options.formats ?? ["avif"];
    this.fillUpTo = options.fillUpTo ?? 0.8;
  }

  /** Queues every dealer's cars (the photos already made are passed over quickly). */
  async start(): Promise<void> {
    this.stopped = false;
    // Newest first: the cars shoppers are most likely to open next.
    for (const tenant of this.options.tenants()) this.enqueue(tenant.slug, await this.options.availableIds(tenant.slug));
  }

  /** A stock change: the changed cars go to the front of the queue. */
  stockChanged(tenant: string, ids: readonly string[]): void {
    if (this.stopped || !ids.length) return;
    const rest = [...this.queue];
    this.queue.clear();
    this.enqueue(tenant, ids);
    for (const [key, value] of rest) if (!this.queue.has(key)) this.queue.set(key, value);
    this.kick();
  }

  /** Stops after the copy being made now. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.clear();
    await this.running;
  }

  /** Resolves when the queue is empty (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  status(): PhotoWarmupCounts {
    return { waiting: this.queue.size, ...this.counts };
  }

  private enqueue(tenant: string, ids: readonly string[]): void {
    for (const id of ids) this.queue.set(`${tenant} ${id}`, { tenant, id });
    this.kick();
  }

  private kick(): void {
    if (this.running || this.stopped || !this.queue.size) return;
    this.running = this.work()
      .catch((error) => log.warn("photos not made ahead", { error: String(error) }))
      .finally(() => {
        this.running = null;
        this.kick();
      });
  }

  private async work(): Promise<void> {
    while (!this.stopped && this.queue.size) {
      const [key, { tenant: slug, id }] = this.queue.entries().next().value!;
      this.queue.delete(key);
      const tenant = this.options.tenant(slug);
      if (!tenant) continue;
      const car = await this.options.car(slug, id);
      if (!car || !isAvailable(car)) continue;
      const copies = photosToMakeAhead(car);
      if (!copies.length) continue;
      if ((await this.options.photos.cacheSize()) > this.options.cacheCapBytes * this.fillUpTo) {
        this.counts.skippedFull++;
        continue;
      }
      const feedOrigins = await this.options.feedOrigins(tenant);
      for (const copy of copies) {
        for (const format of this.formats) {
          if (this.stopped) return;
          const done = await this.options.photos.warm({
            source: copy.source,
            width: copy.width,
            format,
            allowedOrigins: tenant.photos.sourceHosts,
            feedOrigins,
          });
          if (done === "made") this.counts.made++;
          else if (done === "cached") this.counts.cached++;
          else this.counts.notShown++;
        }
      }
    }
  }
}
