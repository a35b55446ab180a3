/**
 * Sending alerts on PostgreSQL with workers really racing (a connection pool each, as two server instances
 * on one database have): every shopper's pending alerts go out as exactly one message, whichever worker
 * gathers and claims them (SELECT ... FOR UPDATE SKIP LOCKED). Runs with DATABASE_URL; skipped without.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDedupeKey, type AlertPayload } from "@server/alerts/types";
import { AlertWorker } from "@server/alerts/worker";
import type { SmsMessage, SmsSender } from "@server/auth/sms";
import { parseEnv } from "@server/config/env.server";
import { recordConsent } from "@server/db/alertConsents";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { onPostgres } from "../support/postgres";
import { testTenant } from "../support/testTenant";

onPostgres("alerts sent once by racing workers", "alerts", (name, open) => {
  describe(`alert worker on ${name}`, () => {
    let first: Database;
    let second: Database;
    beforeAll(async () => {
      first = await open();
      await migrate(first);
      second = await open();
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it("two workers on two pools send each shopper's alerts as one message", async () => {
      const tenant = testTenant("alpha-motors");
      const sent: SmsMessage[] = [];
      const sms: SmsSender = {
        kind: "recording",
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 5)); // a provider's round trip, so claims overlap
          sent.push(message);
        },
      };
      const env = parseEnv({ DATA_DIR: "/tmp/alert-workers-pg", LOG_LEVEL: "silent" });
      const now = new Date("2026-07-15T01:00:00Z"); // 11:00 in Sydney
      const phones = Array.from({ length: 40 }, (_, i) => `+614120003${String(i).padStart(2, "0")}`);
      for (const phone of phones) {
        await first.query(
          `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, created_at)
           VALUES ($1, 'alpha-motors', $2, 'Utes', '/search/used', '{}', 'sms', $3)`,
          [`s-${phone}`, phone, new Date(now.getTime() - 86_400_000)],
        );
        await recordConsent(first, { tenant: "alpha-motors", phone, channel: "sms", address: phone, given: true, source: "save-search" });
        for (const id of ["c1", "c2"]) {
          const payload: AlertPayload = {
            kind: "price-drop",
            car: { id, name: `Car ${id}`, price: 9990, path: `/cars/${id}` },
            oldPrice: 10990,
            newPrice: 9990,
          };
          await first.query(
            `INSERT INTO shopper_alerts (id, tenant, phone, kind, car_id, dedupe_key, payload, created_at)
             VALUES ($1, 'alpha-motors', $2, 'price-drop', $3, $4, $5, $6)`,
            [`a-${phone}-${id}`, phone, id, alertDedupeKey(payload), JSON.stringify(payload), new Date(now.getTime() - 60_000)],
          );
        }
      }
      const worker = (db: Database) =>
        new AlertWorker({ db, env, tenant: () => tenant, sms, unsubscribeKey: "k".repeat(64), now: () => now, batchSize: 5, gatherMs: 0 });
      const workers = [worker(first), worker(second), worker(first), worker(second)];
      for (let round = 0; round < 15; round++) await Promise.all(workers.map((w) => w.runOnce()));
      expect(sent.map((m) => m.to).sort()).toEqual([...phones].sort());
      for (const message of sent) expect(message.body).toMatch(/^Test Motors: 2 updates/);
      const states = await first.query<{ status: string; n: number }>(
        "SELECT status, count(*)::int AS n FROM alert_messages GROUP BY status",
      );
      expect(states).toEqual([{ status: "sent", n: 40 }]);
      for (const w of workers) await w.stop();
    });
  });
});
