/**
 * Which reviews a dealer's pages show and how a rating reads (spec 001 sections 4, 5 and 9): reviews
 * only when the dealer has not hidden them and the rating is above its minimum; never an excluded id,
 * a review containing 'Translated' or one from an excluded customer; 10 by default; up to 4 full stars
 * plus a partial star; one decimal; 'reviews' with thousands separators.
 */
import { formatNumber } from "./money";

export interface ReviewSettings {
  hidden: boolean;
  /** Reviews show only when the average rating is above this (4 on one configuration). */
  minimumRating: number;
  /** How many a page shows (spec default 10). */
  shown: number;
  excludedIds: readonly string[];
  excludedCustomers: readonly string[];
}

export const DEFAULT_REVIEWS_SHOWN = 10;

/** Spec 001 section 9: 'Google reviews full quantity 12': how many the full reviews list adds per 'Show more'. */
export const DEFAULT_REVIEWS_FULL_QUANTITY = 12;

/** The furthest 'Show more' goes (a page parameter above it is refused). */
export const MAX_REVIEW_PAGES = 40;

/**
 * The full reviews list at 'Show more' step `page` (1-based; a link with ?page=2 works without
 * JavaScript): the first page × fullQuantity reviews that pass the dealer's exclusions, and whether
 * there are more. Null for a page past the last (the address names nothing).
 */
export function reviewsUpToPage<T extends ReviewLike>(
  reviews: readonly T[],
  settings: Pick<ReviewSettings, "hidden" | "minimumRating" | "excludedIds" | "excludedCustomers">,
  summary: ReviewSummary | null | undefined,
  fullQuantity: number,
  page: number,
): { reviews: T[]; page: number; nextPage: number | null } | null {
  const perPage = Math.max(1, Math.trunc(fullQuantity));
  const passed = reviewsShown(settings, summary) ? reviews.filter((r) => !isExcludedReview(r, settings)) : [];
  const pages = Math.max(1, Math.min(MAX_REVIEW_PAGES, Math.ceil(passed.length / perPage)));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { reviews: passed.slice(0, page * perPage), page, nextPage: page < pages ? page + 1 : null };
}

export interface ReviewLike {
  id: string;
  customer_name: string;
  text: string | null;
  rating: number;
}

export interface ReviewSummary {
  /** One decimal, as a string ('4.3'), the spec's shape. */
  average_rating: string;
  count: number;
}

/** Spec 001 section 4: 'Reviews are shown only if the average rating exceeds a configured minimum and reviews are not hidden.' */
export function reviewsShown(
  settings: Pick<ReviewSettings, "hidden" | "minimumRating">,
  summary: ReviewSummary | null | undefined,
): boolean {
  if (settings.hidden || !summary || summary.count <= 0) return false;
  const average = Number(summary.average_rating);
  return Number.isFinite(average) && average > settings.minimumRating;
}

/** Spec 001 section 5: excluded are one specific id, any review containing 'Translated', and an excluded customer list. */
export function isExcludedReview(review: ReviewLike, settings: Pick<ReviewSettings, "excludedIds" | "excludedCustomers">): boolean {
  if (settings.excludedIds.includes(review.id)) return true;
  if ((review.text ?? "").includes("Translated") || review.customer_name.includes("Translated")) return true;
  const name = review.customer_name.trim().toLowerCase();
  return settings.excludedCustomers.some((c) => c.trim().toLowerCase() === name);
}

/** The reviews a page lists, in the order given (newest first from the store), at most `shown`. */
export function visibleReviews<T extends ReviewLike>(
  reviews: readonly T[],
  settings: ReviewSettings,
  summary: ReviewSummary | null | undefined,
): T[] {
  if (!reviewsShown(settings, summary)) return [];
  return reviews.filter((r) => !isExcludedReview(r, settings)).slice(0, Math.max(0, settings.shown));
}

/** The summary of a set of ratings: their count and average to one decimal. */
export function summarise(ratings: readonly number[]): ReviewSummary | null {
  if (!ratings.length) return null;
  const average = ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
  return { average_rating: average.toFixed(1), count: ratings.length };
}

/** Several locations' summaries as one, weighted by count (the home page's badge for the whole dealer). */
export function combineSummaries(summaries: readonly (ReviewSummary | null | undefined)[]): ReviewSummary | null {
  let count = 0;
  let total = 0;
  for (const s of summaries) {
    const average = Number(s?.average_rating);
    if (!s || s.count <= 0 || !Number.isFinite(average)) continue;
    count += s.count;
    total += average * s.count;
  }
  return count ? { average_rating: (total / count).toFixed(1), count } : null;
}

/**
 * Star fills, each 0 to 1 (spec 001 section 9: 'up to 4 full stars plus one partial star'): the first
 * four stars are full up to the rating, the fifth shows what is left, so 4.3 is four full and 0.3 of one.
 */
export function starFills(rating: number): number[] {
  const r = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  const full = Math.min(4, Math.floor(r));
  return [0, 1, 2, 3, 4].map((i) => (i < full ? 1 : i === full ? Math.round((r - full) * 100) / 100 : 0));
}

/** The rating to one decimal ('4.3'). */
export function ratingLabel(rating: number | string): string {
  const n = Number(rating);
  return Number.isFinite(n) ? n.toFixed(1) : "0.0";
}

/** '1,516 reviews' ('1 review' for one). */
export function reviewCountLabel(count: number): string {
  return `${formatNumber(Math.max(0, Math.trunc(count)))} ${count === 1 ? "review" : "reviews"}`;
}

/** 'about 3 months ago' style words for a date (the spec's *_in_words fields), from `now`. */
export function timeAgoInWords(date: Date, now: Date): string {
  const days = Math.floor((now.getTime() - date.getTime()) / 86_400_000);
  if (days < 1) return "today";
  if (days < 2) return "1 day ago";
  if (days < 30) return `${days} days ago`;
  const months = Math.floor(days / 30);
  if (months < 12) return months === 1 ? "about 1 month ago" : `${months} months ago`;
  const years = Math.floor(days / 365);
  return years === 1 ? "about 1 year ago" : `${years} years ago`;
}
