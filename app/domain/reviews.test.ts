import { describe, expect, it } from "vitest";
import {
  combineSummaries,
  isExcludedReview,
  ratingLabel,
  reviewCountLabel,
  reviewsShown,
  starFills,
  summarise,
  timeAgoInWords,
  visibleReviews,
  reviewsUpToPage,
  type ReviewSettings,
} from "./reviews";

const settings: ReviewSettings = { hidden: false, minimumRating: 0, shown: 10, excludedIds: [], excludedCustomers: [] };
const review = (id: string, overrides: Partial<{ customer_name: string; text: string | null; rating: number }> = {}) => ({
  id,
  customer_name: `Customer ${id}`,
  text: "Great service",
  rating: 5,
  ...overrides,
});
const summary = { average_rating: "4.3", count: 1516 };

describe("reviewsShown", () => {
  it("shows reviews only when not hidden and the average is above the minimum", () => {
    expect(reviewsShown(settings, summary)).toBe(true);
    expect(reviewsShown({ ...settings, hidden: true }, summary)).toBe(false);
    expect(reviewsShown({ ...settings, minimumRating: 4 }, summary)).toBe(true);
    expect(reviewsShown({ ...settings, minimumRating: 4 }, { average_rating: "4.0", count: 10 })).toBe(false);
    expect(reviewsShown({ ...settings, minimumRating: 4 }, { average_rating: "3.9", count: 10 })).toBe(false);
    expect(reviewsShown(settings, null)).toBe(false);
    expect(reviewsShown(settings, { average_rating: "4.5", count: 0 })).toBe(false);
  });
});

describe("visibleReviews", () => {
  it("leaves out an excluded id, anything containing 'Translated' and the excluded customers", () => {
    const rules = { ...settings, excludedIds: ["r2"], excludedCustomers: ["Pat Smith"] };
    const list = [
      review("r1"),
      review("r2"),
      review("r3", { text: "Sehr gut (Translated by Google) Very good" }),
      review("r4", { customer_name: "pat smith" }),
      review("r5", { text: null }),
    ];
    expect(visibleReviews(list, rules, summary).map((r) => r.id)).toEqual(["r1", "r5"]);
    expect(isExcludedReview(review("r6", { text: "translated" }), rules)).toBe(false);
  });

  it("shows 10 by default, or the configured number", () => {
    const many = Array.from({ length: 25 }, (_, i) => review(`r${i}`));
    expect(visibleReviews(many, settings, summary)).toHaveLength(10);
    expect(visibleReviews(many, { ...settings, shown: 12 }, summary)).toHaveLength(12);
    expect(visibleReviews(many, { ...settings, hidden: true }, summary)).toEqual([]);
  });
});

describe("reviewsUpToPage", () => {
  const summary = { average_rating: "4.5", count: 30 };
  const settings = { hidden: false, minimumRating: 4, excludedIds: ["r3"], excludedCustomers: [] };
  const many = Array.from({ length: 30 }, (_, i) => ({ id: `r${i + 1}`, customer_name: `C${i}`, text: "Great", rating: 5 }));

  it("lists the full quantity (12) first, then 12 more per 'Show more', past ten", () => {
    const first = reviewsUpToPage(many, settings, summary, 12, 1);
    expect(first?.reviews).toHaveLength(12);
    expect(first?.reviews.map((r) => r.id)).not.toContain("r3");
    expect(first?.nextPage).toBe(2);
    const second = reviewsUpToPage(many, settings, summary, 12, 2);
    expect(second?.reviews).toHaveLength(24);
    expect(second?.nextPage).toBe(3);
    const last = reviewsUpToPage(many, settings, summary, 12, 3);
    expect(last?.reviews).toHaveLength(29);
    expect(last?.nextPage).toBeNull();
  });

  it("names no page past the last, nor a page that is not a whole number from 1", () => {
    expect(reviewsUpToPage(many, settings, summary, 12, 4)).toBeNull();
    expect(reviewsUpToPage(many, settings, summary, 12, 0)).toBeNull();
    expect(reviewsUpToPage(many, settings, summary, 12, 1.5)).toBeNull();
  });

  it("has one empty page when reviews are hidden or below the minimum", () => {
    expect(reviewsUpToPage(many, { ...settings, hidden: true }, summary, 12, 1)).toEqual({ reviews: [], page: 1, nextPage: null });
    expect(reviewsUpToPage(many, settings, { average_rating: "3.9", count: 30 }, 12, 1)?.reviews).toEqual([]);
  });
});

describe("star maths and labels", () => {
  it("fills up to four full stars and a partial fifth", () => {
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0.3]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(4)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(9)).toEqual([1, 1, 1, 1, 1]);
  });

  it("shows one decimal and 'reviews' with thousands separators", () => {
    expect(ratingLabel("4.3")).toBe("4.3");
    expect(ratingLabel(4)).toBe("4.0");
    expect(ratingLabel(4.46)).toBe("4.5");
    expect(reviewCountLabel(1516)).toBe("1,516 reviews");
    expect(reviewCountLabel(1)).toBe("1 review");
    expect(reviewCountLabel(1234567)).toBe("1,234,567 reviews");
  });

  it("summarises ratings and combines locations' summaries weighted by count", () => {
    expect(summarise([5, 4, 4])).toEqual({ average_rating: "4.3", count: 3 });
    expect(summarise([])).toBeNull();
    expect(combineSummaries([{ average_rating: "5.0", count: 1 }, { average_rating: "4.0", count: 3 }, null])).toEqual({
      average_rating: "4.3",
      count: 4,
    });
    expect(combineSummaries([undefined])).toBeNull();
  });

  it("says how long ago in words", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    expect(timeAgoInWords(new Date("2026-11-22T12:00:00Z"), now)).toBe("today");
    expect(timeAgoInWords(new Date("2026-11-13T00:00:00Z"), now)).toBe("10 days ago");
    expect(timeAgoInWords(new Date("2026-08-20T00:00:00Z"), now)).toBe("3 months ago");
    expect(timeAgoInWords(new Date("2024-10-01T00:00:00Z"), now)).toBe("2 years ago");
  });
});
