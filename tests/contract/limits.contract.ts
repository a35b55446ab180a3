/**
 * The abuse limiter's contract on every database adapter (PGlite, PostgreSQL): counting within a
 * window, a fresh window after it ends, parallel hits from several requests (or server instances)
 * all counted, keys never stored in clear, one dealer's counters apart from another's, and pruning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import {
  checkLimits,
  hitLimit,
  LEAD_FORMS_PER_ADDRESS,
  LEAD_FORMS_PER_EMAIL,
  pruneRateLimits,
  type RateLimit,
} from "@server/limits/rateLimit";

const TEN_MINUTES = 10 * 60_000;
const at = (iso: string) => new Date(iso);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

export function describeLimitsContract(name: string, open: () => Promise<Database>) {
  describe(`abuse limits contract: ${name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await migrate(db);
    });
    afterAll(async () => {
      await db?.close();
    });

    const rows = (bucket: string) =>
      db.query<{ tenant: string; key: string; count: number }>(
        "SELECT tenant, key, count FROM rate_limits WHERE bucket = $1 ORDER BY tenant",
        [bucket],
      );

    it("allows the limit within a window and refuses the next, per dealer and per key", async () => {
      const t0 = at("2026-11-21T10:00:05Z");
      const hits = [];
      for (let i = 0; i < 11; i++) hits.push(await hitLimit(db, "alpha", LEAD_FORMS_PER_ADDRESS, "203.0.113.5", plus(t0, i * 1000)));
      expect(hits.map((h) => h.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(hits.map((h) => h.allowed)).toEqual([...Array(10).fill(true), false]);
      // Another dealer, another address: their own allowances.
      expect(await hitLimit(db, "beta", LEAD_FORMS_PER_ADDRESS, "203.0.113.5", t0)).toMatchObject({ allowed: true, count: 1 });
      expect(await hitLimit(db, "alpha", LEAD_FORMS_PER_ADDRESS, "203.0.113.6", t0)).toMatchObject({ allowed: true, count: 1 });
    });

    it("says how long until the window ends, counted from its first hit", async () => {
      const t0 = at("2026-11-21T11:00:00Z");
      expect((await hitLimit(db, "alpha", LEAD_FORMS_PER_EMAIL, "retry@example.com", t0)).retryAfterSeconds).toBe(600);
      expect((await hitLimit(db, "alpha", LEAD_FORMS_PER_EMAIL, "retry@example.com", plus(t0, 9.5 * 60_000))).retryAfterSeconds).toBe(30);
      expect((await hitLimit(db, "alpha", LEAD_FORMS_PER_EMAIL, "retry@example.com", plus(t0, TEN_MINUTES - 200))).retryAfterSeconds).toBe(
        1,
      );
    });

    it("starts a fresh window once the last one has ended, anchored at the new first hit", async () => {
      const limit: RateLimit = { bucket: "test:expiry", max: 2, windowMs: TEN_MINUTES };
      const t0 = at("2026-11-21T12:00:00Z");
      for (let i = 0; i < 3; i++) await hitLimit(db, "alpha", limit, "shopper", t0);
      // Still inside the window a moment before it ends: refused, and the window does not move.
      const late = await hitLimit(db, "alpha", limit, "shopper", plus(t0, TEN_MINUTES - 1));
      expect(late).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 1 });
      // At the window's end the count starts again.
      const fresh = await hitLimit(db, "alpha", limit, "shopper", plus(t0, TEN_MINUTES));
      expect(fresh).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 600 });
      // The new window runs from that hit, not from the clock's ten-minute marks.
      const next = await hitLimit(db, "alpha", limit, "shopper", plus(t0, TEN_MINUTES + 9 * 60_000));
      expect(next).toMatchObject({ allowed: true, count: 2, retryAfterSeconds: 60 });
    });

    it("uses the database's clock when no time is given", async () => {
      const limit: RateLimit = { bucket: "test:db-clock", max: 1, windowMs: 60_000 };
      expect(await hitLimit(db, "alpha", limit, "shopper")).toMatchObject({ allowed: true, count: 1 });
      const second = await hitLimit(db, "alpha", limit, "shopper");
      expect(second.allowed).toBe(false);
      expect(second.count).toBe(2);
      expect(second.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it("counts every one of N parallel hits on one key, and allows exactly the limit", async () => {
      const limit: RateLimit = { bucket: "test:parallel", max: 10, windowMs: TEN_MINUTES };
      const t0 = at("2026-11-21T13:00:00Z");
      const hits = await Promise.all(Array.from({ length: 30 }, () => hitLimit(db, "alpha", limit, "flood", t0)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
      expect((await rows("test:parallel"))[0].count).toBe(30);
    });

    it("stores only hashes of addresses, e-mails and phone numbers", async () => {
      const limit: RateLimit = { bucket: "test:hashed", max: 5, windowMs: TEN_MINUTES };
      await hitLimit(db, "alpha", limit, "198.51.100.7");
      await hitLimit(db, "alpha", limit, "Sam@Example.com");
      await hitLimit(db, "alpha", limit, "sam@example.com ");
      const stored = await rows("test:hashed");
      expect(stored).toHaveLength(2); // an e-mail counts the same whatever its case or spacing
      for (const row of stored) {
        expect(row.key).toMatch(/^[0-9a-f]{64}$/);
        expect(row.key).not.toContain("198.51");
      }
      const all = JSON.stringify(await db.query("SELECT * FROM rate_limits"));
      expect(all).not.toContain("198.51.100.7");
      expect(all.toLowerCase()).not.toContain("example.com");
    });

    it("checks several allowances at once: over any one refuses, with the longest wait", async () => {
      const byAddress: RateLimit = { bucket: "test:multi-address", max: 3, windowMs: TEN_MINUTES };
      const byEmail: RateLimit = { bucket: "test:multi-email", max: 1, windowMs: 60_000 };
      const t0 = at("2026-11-21T14:00:00Z");
      const hits = [
        { limit: byAddress, key: "203.0.113.9" },
        { limit: byEmail, key: "jo@example.com" },
      ];
      expect(await checkLimits(db, "alpha", hits, t0)).toEqual({ allowed: true });
      const refused = await checkLimits(db, "alpha", hits, plus(t0, 1000));
      expect(refused).toEqual({ allowed: false, bucket: "test:multi-email", retryAfterSeconds: 59 });
      await checkLimits(db, "alpha", hits, plus(t0, 2000));
      const both = await checkLimits(db, "alpha", hits, plus(t0, 3000));
      expect(both).toMatchObject({ allowed: false, bucket: "test:multi-address", retryAfterSeconds: 597 });
      // Empty keys (no e-mail typed) are not counted at all.
      expect(await checkLimits(db, "alpha", [{ limit: byEmail, key: " " }], t0)).toEqual({ allowed: true });
      expect(await rows("test:multi-email")).toHaveLength(1);
    });

    it("prunes counters whose window has ended, only in the buckets it is given", async () => {
      const short: RateLimit = { bucket: "test:prune-short", max: 5, windowMs: 60_000 };
      const long: RateLimit = { bucket: "test:prune-long", max: 5, windowMs: 60 * 60_000 };
      const t0 = at("2026-11-21T15:00:00Z");
      await hitLimit(db, "alpha", short, "old", t0);
      await hitLimit(db, "alpha", short, "current", plus(t0, 5 * 60_000));
      await hitLimit(db, "alpha", long, "old", t0);
      await db.query("INSERT INTO rate_limits (tenant, bucket, key, window_start, count) VALUES ('alpha', 'sms', 'x', $1, 1)", [
        t0.toISOString(),
      ]);
      const pruned = await pruneRateLimits(db, plus(t0, 5 * 60_000 + 30_000), [short, long]);
      expect(pruned).toBe(1);
      expect((await rows("test:prune-short")).length).toBe(1);
      expect((await rows("test:prune-long")).length).toBe(1);
      expect((await rows("sms")).length).toBe(1);
    });
  });
}
