/**
 * The photo hosts each dealer's own stock feed has named (decision 27), as the photo route and the ad
 * channels' feeds ask for them: read from the database once per dealer, dropped when this process
 * changes the dealer's stock, and read again after a minute for changes made by another process.
 */
import type { Queryable } from "../db/database";
import { listFeedPhotoOrigins } from "../db/feedPhotoOrigins";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";

const KEPT_MS = 60_000;

export class FeedPhotoOrigins {
  private readonly kept = new Map<string, { origins: Promise<string[]>; at: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The origins the dealer's feeds named; none when the dealer does not trust its feed's hosts (photos.feedHosts). */
  async of(tenant: Pick<TenantConfig, "slug" | "photos">): Promise<string[]> {
    if (!tenant.photos.feedHosts) return [];
    const now = this.clock();
    let entry = this.kept.get(tenant.slug);
    if (!entry || now - entry.at >= KEPT_MS) {
      const origins = listFeedPhotoOrigins(this.db, tenant.slug).catch((error) => {
        // A photo then shows the placeholder for a minute; it never breaks a page.
        log.warn("feed photo hosts not read", { tenant: tenant.slug, error: String(error) });
        this.kept.delete(tenant.slug);
        return [];
      });
      entry = { origins, at: now };
      this.kept.set(tenant.slug, entry);
    }
    return entry.origins;
  }

  /** The dealer's stock changed in this process: read its feed's hosts again next time. */
  forget(tenant: string): void {
    this.kept.delete(tenant);
  }
}
