/**
 * Reviews for a dealer's pages: the stored reviews (demo ones generated once for a dealer with none,
 * when DEMO_STOCK is on), each location's summary (the dealer's configured summary, e.g. its Google
 * rating and count, else the stored reviews'), and what the dealer's review settings let a page show.
 */
import { combineSummaries, MAX_REVIEW_PAGES, reviewsShown, reviewsUpToPage, visibleReviews, type ReviewSummary } from "~/domain/reviews";
import type { Database } from "../db/database";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import { generateDemoReviews } from "./demoReviews";
import { countReviews, insertReviews, listReviews, storedRatings, type StoredReview } from "./store";

export type { StoredReview } from "./store";

interface ReviewsPlatform {
  db: Database;
  env: { DEMO_STOCK: "on" | "off" };
}

const seeded = new WeakMap<Database, Map<string, Promise<void>>>();

/** A dealer with no reviews stored gets its demo reviews, once per process and database. */
export function ensureDemoReviews(platform: ReviewsPlatform, tenant: TenantConfig, now: Date = new Date()): Promise<void> {
  if (platform.env.DEMO_STOCK !== "on") return Promise.resolve();
  let byTenant = seeded.get(platform.db);
  if (!byTenant) seeded.set(platform.db, (byTenant = new Map()));
  let done = byTenant.get(tenant.slug);
  if (!done) {
    done = (async () => {
      if ((await countReviews(platform.db, tenant.slug)) > 0) return;
      const demo = generateDemoReviews(tenant, now);
      await platform.db.transaction((tx) => insertReviews(tx, tenant.slug, demo, "demo"));
    })().catch((error) => {
      byTenant.delete(tenant.slug);
      log.warn("demo reviews not loaded", { tenant: tenant.slug, error: String(error) });
    });
    byTenant.set(tenant.slug, done);
  }
  return done;
}

/** Each visible location's review summary, by location id: the configured one, else the stored reviews'. */
export async function locationSummaries(platform: ReviewsPlatform, tenant: TenantConfig): Promise<Map<string, ReviewSummary>> {
  await ensureDemoReviews(platform, tenant);
  const stored = await storedRatings(platform.db, tenant.slug).catch((error) => {
    log.warn("review summaries unavailable", { tenant: tenant.slug, error: String(error) });
    return new Map<string, { count: number; sum: number }>();
  });
  const summaries = new Map<string, ReviewSummary>();
  for (const location of tenant.locations) {
    const own = stored.get(location.id);
    const summary = location.reviews ?? (own?.count ? { average_rating: (own.sum / own.count).toFixed(1), count: own.count } : null);
    if (summary && reviewsShown(tenant.reviews, summary)) summaries.set(location.id, summary);
  }
  return summaries;
}

/** The dealer's badge (all locations together), or null when reviews are not shown. */
export function dealerSummary(summaries: Map<string, ReviewSummary>): ReviewSummary | null {
  return combineSummaries([...summaries.values()]);
}

/**
 * The reviews a page lists for these locations (all when none named), newest first, after the dealer's
 * exclusions, at most its `shown` number; none when reviews are hidden or below the minimum.
 */
export async function reviewsToShow(
  platform: ReviewsPlatform,
  tenant: TenantConfig,
  summary: ReviewSummary | null,
  locationIds?: readonly string[],
): Promise<StoredReview[]> {
  if (!reviewsShown(tenant.reviews, summary)) return [];
  await ensureDemoReviews(platform, tenant);
  // Enough rows that the exclusions still leave the page its full number.
  const limit = tenant.reviews.shown + tenant.reviews.excludedIds.length + 40;
  const stored = await listReviews(platform.db, tenant.slug, { locationIds, limit }).catch((error) => {
    log.warn("reviews unavailable", { tenant: tenant.slug, error: String(error) });
    return [];
  });
  return visibleReviews(stored, tenant.reviews, summary);
}

/**
 * The full reviews list for these locations at 'Show more' step `page` (the dealer's full quantity per
 * step, 12 by default), with the next step's number; null for a page past the last.
 */
export async function reviewsPage(
  platform: ReviewsPlatform,
  tenant: TenantConfig,
  summary: ReviewSummary | null,
  locationIds: readonly string[],
  page: number,
): Promise<{ reviews: StoredReview[]; page: number; nextPage: number | null } | null> {
  const { fullQuantity } = tenant.reviews;
  let stored: StoredReview[] = [];
  if (reviewsShown(tenant.reviews, summary) && locationIds.length) {
    await ensureDemoReviews(platform, tenant);
    // Every row the furthest page could list, and enough more that the exclusions still leave it full.
    const limit = MAX_REVIEW_PAGES * fullQuantity + tenant.reviews.excludedIds.length + 40;
    stored = await listReviews(platform.db, tenant.slug, { locationIds, limit }).catch((error) => {
      log.warn("reviews unavailable", { tenant: tenant.slug, error: String(error) });
      return [];
    });
  }
  return reviewsUpToPage(stored, tenant.reviews, summary, fullQuantity, page);
}
