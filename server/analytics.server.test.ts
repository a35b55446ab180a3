import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT } from "~/domain/analyticsEvents";
import { analyticsWritten, MOST_EVENTS_PER_WRITE, PAGE_VIEWS_GATHER_MS, trackEvent, trackPageView } from "./analytics.server";
import { listAnalyticsEvents } from "./db/activity";
import type { Database, Queryable } from "./db/database";
import { migrate } from "./db/migrate";
import { freshPglite } from "../tests/support/freshPglite";

/** Counts the statements that reach the database. */
function counting(db: Queryable): Queryable & { statements: () => number } {
  let statements = 0;
  return {
    query(sql, params) {
      statements++;
      return db.query(sql, params);
    },
    statements: () => statements,
  };
}

describe("analytics events", () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshPglite();
    await migrate(db);
  });
  afterAll(() => db.close());

  it("stores a lone event at once, with its page and payload", async () => {
    await trackEvent(db, "alpha", EVENT.searchPageView, { path: "/search?make=Mazda", payload: { make: "Mazda" } });
    const [event] = await listAnalyticsEvents(db, "alpha", EVENT.searchPageView);
    expect(event).toMatchObject({ name: "search page view", path: "/search?make=Mazda", payload: { make: "Mazda" } });
  });

  it("writes the events of a busy moment together, each dealer's under its own name", async () => {
    const db2 = counting(db);
    const pages = Array.from({ length: 40 }, (_, i) =>
      trackEvent(db2, i % 2 ? "beta" : "gamma", EVENT.usedCarView, { path: `/cars/car-${i}` }),
    );
    await Promise.all(pages);
    // The first goes alone; the 39 that came while it was being written go in one statement.
    expect(db2.statements()).toBe(2);
    const beta = await listAnalyticsEvents(db, "beta", EVENT.usedCarView);
    const gamma = await listAnalyticsEvents(db, "gamma", EVENT.usedCarView);
    expect(beta).toHaveLength(20);
    expect(gamma).toHaveLength(20);
    expect(new Set(beta.map((e) => e.path))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `/cars/car-${i * 2 + 1}`)));
  });

  it("splits a flood into writes of at most the limit", async () => {
    const db2 = counting(db);
    const pages = Array.from({ length: MOST_EVENTS_PER_WRITE * 2 + 1 }, () =>
      trackEvent(db2, "delta", EVENT.searchPageView, { path: "/search" }),
    );
    await Promise.all(pages);
    expect(db2.statements()).toBe(3);
    expect(await listAnalyticsEvents(db, "delta", EVENT.searchPageView, 5000)).toHaveLength(MOST_EVENTS_PER_WRITE * 2 + 1);
  });

  it("gathers page views for a moment and writes them together, every one stored", async () => {
    const db2 = counting(db);
    const started = performance.now();
    for (let i = 0; i < 30; i++) trackPageView(db2, "zeta", EVENT.searchPageView, { path: `/search?page=${i}` });
    expect(db2.statements()).toBe(0);
    await analyticsWritten(db2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(PAGE_VIEWS_GATHER_MS - 5);
    expect(db2.statements()).toBe(1);
    expect(await listAnalyticsEvents(db, "zeta", EVENT.searchPageView)).toHaveLength(30);
  });

  it("sends gathered page views with the next event someone waits for, without waiting out the moment", async () => {
    const db2 = counting(db);
    trackPageView(db2, "eta", EVENT.usedCarView, { path: "/cars/a" });
    trackPageView(db2, "eta", EVENT.usedCarView, { path: "/cars/b" });
    const started = performance.now();
    await trackEvent(db2, "eta", EVENT.print, { path: "/print" });
    expect(performance.now() - started).toBeLessThan(PAGE_VIEWS_GATHER_MS);
    expect(db2.statements()).toBe(1);
    expect(await listAnalyticsEvents(db, "eta")).toHaveLength(3);
    await analyticsWritten(db2);
    expect(db2.statements()).toBe(1);
  });

  it("never fails the page when the database refuses, and keeps storing afterwards", async () => {
    let refuse = true;
    const flaky: Queryable = {
      query(sql, params) {
        if (refuse) return Promise.reject(new Error("database unavailable"));
        return db.query(sql, params);
      },
    };
    await expect(trackEvent(flaky, "epsilon", EVENT.print, { path: "/print" })).resolves.toBeUndefined();
    refuse = false;
    void trackEvent(flaky, "epsilon", EVENT.print, { path: "/print" });
    await analyticsWritten(flaky);
    expect(await listAnalyticsEvents(db, "epsilon")).toHaveLength(1);
  });
});
