/**
 * Stored reviews on the embedded database: demo reviews generated once and the same every time, each
 * location's summary (configured, else from the stored reviews), and the dealer's settings deciding
 * what a page lists. Dealers are built here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { freshPglite } from "../../tests/support/freshPglite";
import { locationInput, testTenant } from "../../tests/support/testTenant";
import { DEMO_REVIEWS_PER_LOCATION, generateDemoReviews } from "./demoReviews";
import { ensureDemoReviews, locationSummaries, reviewsToShow } from "./index";
import { insertReviews, listReviews } from "./store";

let db: Database;
const now = new Date("2026-11-23T00:00:00Z");
const tenant = testTenant("review-motors", {
  locations: [
    locationInput("review-motors", "l1", { reviews: { average_rating: "4.3", count: 1516 } }),
    locationInput("review-motors", "l2", { city: "Parramatta", location_type: "service" }),
  ],
  reviews: { excludedCustomers: ["Noah Brown"] },
});

beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
});
afterAll(() => db?.close());

describe("demo reviews", () => {
  it("are the same for the same dealer and day, for each location with a configured summary", () => {
    const a = generateDemoReviews(tenant, now);
    expect(a).toEqual(generateDemoReviews(tenant, now));
    expect(a).toHaveLength(DEMO_REVIEWS_PER_LOCATION);
    expect(new Set(a.map((r) => r.location_id))).toEqual(new Set(["l1"]));
    expect(a.some((r) => r.reply_text)).toBe(true);
    expect(a.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
  });

  it("are stored once for a dealer with none", async () => {
    const platform = { db, env: { DEMO_STOCK: "on" as const } };
    await Promise.all([ensureDemoReviews(platform, tenant, now), ensureDemoReviews(platform, tenant, now)]);
    expect(await listReviews(db, tenant.slug, { limit: 100 })).toHaveLength(DEMO_REVIEWS_PER_LOCATION);
  });
});

describe("summaries and the reviews a page lists", () => {
  const platform = () => ({ db, env: { DEMO_STOCK: "off" as const } });

  it("uses the configured summary, else the stored reviews' own", async () => {
    await insertReviews(db, tenant.slug, [
      {
        id: "l2-a",
        location_id: "l2",
        customer_name: "Ana",
        text: "Quick service",
        rating: 5,
        review_date: now.toISOString(),
        reply_text: null,
        reply_date: null,
        image_url: null,
      },
      {
        id: "l2-b",
        location_id: "l2",
        customer_name: "Ben",
        text: null,
        rating: 4,
        review_date: now.toISOString(),
        reply_text: null,
        reply_date: null,
        image_url: null,
      },
    ]);
    const summaries = await locationSummaries(platform(), tenant);
    expect(summaries.get("l1")).toEqual({ average_rating: "4.3", count: 1516 });
    expect(summaries.get("l2")).toEqual({ average_rating: "4.5", count: 2 });
  });

  it("lists newest first without translated reviews or excluded customers, ten by default", async () => {
    const listed = await reviewsToShow(platform(), tenant, { average_rating: "4.3", count: 1516 }, ["l1"]);
    expect(listed.length).toBeLessThanOrEqual(10);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((r) => (r.text ?? "").includes("Translated"))).toBe(false);
    expect(listed.some((r) => r.customer_name === "Noah Brown")).toBe(false);
    const dates = listed.map((r) => r.review_date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("lists none when the dealer hides reviews or the rating is not above its minimum", async () => {
    const hidden = { ...tenant, reviews: { ...tenant.reviews, hidden: true } };
    expect(await reviewsToShow(platform(), hidden, { average_rating: "4.3", count: 1516 })).toEqual([]);
    const strict = { ...tenant, reviews: { ...tenant.reviews, minimumRating: 4.5 } };
    expect(await reviewsToShow(platform(), strict, { average_rating: "4.3", count: 1516 })).toEqual([]);
    expect((await locationSummaries(platform(), strict)).size).toBe(0);
  });
});
