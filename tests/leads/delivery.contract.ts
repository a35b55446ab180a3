/**
 * Lead storage and delivery against a real database, run on PGlite and (with DATABASE_URL) on
 * PostgreSQL: duplicate suppression (one after another and at the same moment), the worker delivering
 * to every channel through a fake CRM, retries with the attempts counted, failure after the last
 * attempt, claims that skip rows another worker holds, and leases that run out after a crash.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import {
  claimDueDeliveries,
  finishDelivered,
  getLead,
  listDeliveriesForLead,
  listLeads,
  retryDeliveries,
  type LeadInput,
} from "@server/db/leads";
import { migrate } from "@server/db/migrate";
import { upsertVehicles } from "@server/db/vehicles";
import { LeadWorker, submitLead } from "@server/leads";
import { startFakeCrm, type FakeCrm } from "../fakes/crmServer";
import { testVehicle } from "../support/testVehicle";
import { leadEnv, leadFiles, leadTenant, tempDir, waitFor } from "./support";
import { adfProblems } from "./adfValidation";
import { child, parseXml } from "./xml";

const FAST = { pollMs: 50, leaseMs: 2_000, deadlineMs: 1_500, backoff: { baseMs: 40, maxMs: 200, maxAttempts: 3 } };

export function describeLeadDelivery(name: string, open: () => Promise<Database>) {
  describe(`lead delivery: ${name}`, () => {
    let db: Database;
    let crm: FakeCrm;
    let dataDir: string;
    const workers: LeadWorker[] = [];
    const tenant = leadTenant("alpha");
    const other = leadTenant("beta");
    const car = testVehicle({ id: "car-1", slug: "2022-toyota-hilux-sr5-car-1", dealership_slug: "alpha-north" });

    const env = () => leadEnv(dataDir, { CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: "crm-secret" });
    const platform = (worker?: LeadWorker) => ({ db, env: env(), leadWorker: worker ?? null });
    const newWorker = (options: Partial<ConstructorParameters<typeof LeadWorker>[0]> = {}) => {
      const worker = new LeadWorker({
        db,
        env: env(),
        tenant: (slug) => [tenant, other].find((t) => t.slug === slug),
        ...FAST,
        ...options,
      });
      workers.push(worker);
      return worker;
    };
    const enquiry = (overrides: Partial<LeadInput> = {}): LeadInput => ({
      category: "Used Vehicle Enquiry",
      subcategory: "Vehicle Enquiry",
      car_id: car.id,
      name: "Sam",
      last_name: "Nguyen",
      email: "sam@example.com",
      phone: "0412345678",
      postcode: "2150",
      message: "Is it still available?",
      source_path: `/cars/${car.slug}`,
      payload: { dealership_slug: "alpha-north", opt_in: true },
      ...overrides,
    });
    const deliveryRows = async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_deliveries"))[0].n;

    beforeAll(async () => {
      process.env.LOG_LEVEL ??= "silent";
      db = await open();
      await migrate(db);
      crm = await startFakeCrm({ secret: "crm-secret" });
    });
    beforeEach(async () => {
      dataDir = tempDir("delivery");
      crm.requests.length = 0;
      crm.plan([]);
      crm.defaultStatus = 200;
      await db.query("DELETE FROM lead_deliveries");
      await db.query("DELETE FROM leads");
      await upsertVehicles(db, "alpha", [car]);
    });
    afterEach(async () => {
      for (const worker of workers.splice(0)) await worker.stop(2_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    afterAll(async () => {
      await crm?.close();
      await db?.close();
    });

    describe("submitLead", () => {
      it("stores the lead normalised, with one pending delivery per configured channel", async () => {
        const { lead, duplicate } = await submitLead(platform(), tenant, enquiry({ name: "Sam\u0000\u202e", message: "Hi\r\nthere" }));
        expect(duplicate).toBe(false);
        expect(lead).toMatchObject({ tenant: "alpha", name: "Sam", message: "Hi\nthere", car_id: car.id });
        expect(lead).not.toHaveProperty("dedupe_key");
        expect((await getLead(db, "alpha", lead.id))?.name).toBe("Sam");
        const deliveries = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(deliveries.map((d) => [d.channel, d.status, d.attempts])).toEqual([
          ["adf", "pending", 0],
          ["email-staff", "pending", 0],
          ["webhook", "pending", 0],
        ]);
      });

      it("a second identical submit within ten minutes returns the first lead and queues nothing", async () => {
        const first = await submitLead(platform(), tenant, enquiry());
        const rows = await deliveryRows();
        // The same shopper, however the address is typed; the other fields may differ.
        const again = await submitLead(platform(), tenant, enquiry({ email: " SAM@Example.com ", message: "Sent twice" }));
        expect(again).toMatchObject({ duplicate: true, lead: { id: first.lead.id, message: "Is it still available?" } });
        expect(await deliveryRows()).toBe(rows);
        expect(await listLeads(db, "alpha")).toHaveLength(1);
      });

      it("another car, form, contact or dealer is a new lead", async () => {
        const first = await submitLead(platform(), tenant, enquiry());
        const variants = [
          await submitLead(platform(), tenant, enquiry({ car_id: "car-2" })),
          await submitLead(platform(), tenant, enquiry({ subcategory: "Request Photos" })),
          await submitLead(platform(), tenant, enquiry({ category: "Test Drive" })),
          await submitLead(platform(), tenant, enquiry({ email: "alex@example.com" })),
          await submitLead(platform(), other, enquiry()),
        ];
        expect(variants.map((v) => v.duplicate)).toEqual([false, false, false, false, false]);
        expect(new Set([first.lead.id, ...variants.map((v) => v.lead.id)]).size).toBe(6);
      });

      it("without an e-mail the phone's digits are the contact; without either, the visitor", async () => {
        const byPhone = await submitLead(platform(), tenant, enquiry({ email: "", phone: "0412 345 678" }));
        expect((await submitLead(platform(), tenant, enquiry({ email: "", phone: "0412345678" }))).lead.id).toBe(byPhone.lead.id);

        const reveal = (visitor?: string): LeadInput => ({
          category: "Phone Reveal",
          subcategory: "Call Now",
          car_id: car.id,
          visitor,
          payload: { car_id: car.id },
        });
        const shopper = await submitLead(platform(), tenant, reveal("hash-a"));
        expect(await submitLead(platform(), tenant, reveal("hash-a"))).toMatchObject({ duplicate: true, lead: { id: shopper.lead.id } });
        expect((await submitLead(platform(), tenant, reveal("hash-b"))).duplicate).toBe(false);
        // Nothing says who revealed: never merged with another shopper's reveal.
        expect((await submitLead(platform(), tenant, reveal())).duplicate).toBe(false);
        expect((await submitLead(platform(), tenant, reveal())).duplicate).toBe(false);
      });

      it("after ten minutes the same submit is a new lead", async () => {
        const first = await submitLead(platform(), tenant, enquiry());
        await db.query("UPDATE leads SET created_at = now() - interval '601 seconds' WHERE id = $1", [first.lead.id]);
        const later = await submitLead(platform(), tenant, enquiry());
        expect(later.duplicate).toBe(false);
        expect(later.lead.id).not.toBe(first.lead.id);
        await db.query("UPDATE leads SET created_at = now() - interval '599 seconds' WHERE id = $1", [later.lead.id]);
        expect((await submitLead(platform(), tenant, enquiry())).lead.id).toBe(later.lead.id);
      });

      it("identical submits at the same moment store one lead", async () => {
        const results = await Promise.all(Array.from({ length: 8 }, () => submitLead(platform(), tenant, enquiry())));
        expect(new Set(results.map((r) => r.lead.id)).size).toBe(1);
        expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
        expect(await listLeads(db, "alpha")).toHaveLength(1);
        expect(await deliveryRows()).toBe(3);
      });

      it("wakes the worker: the lead reaches every channel without waiting for a poll", async () => {
        const worker = newWorker({ pollMs: 60_000 });
        worker.start();
        await new Promise((resolve) => setTimeout(resolve, 100)); // the first pass finds nothing and sleeps
        const { lead } = await submitLead(platform(worker), tenant, enquiry());
        await waitFor(
          "every channel delivered",
          async () => (await listDeliveriesForLead(db, "alpha", lead.id)).every((d) => d.status === "delivered"),
          // Far inside the minute's poll, so only the wake-up can deliver it; roomy for a busy machine.
          20_000,
        );
      });
    });

    describe("the delivery worker", () => {
      it("delivers to the ADF file, the .eml file and the CRM, once each, and records it", async () => {
        const { lead } = await submitLead(platform(), tenant, enquiry());
        const outcomes = await newWorker().runOnce();
        expect(outcomes.map((o) => [o.claim.channel, o.error])).toEqual(
          expect.arrayContaining([
            ["adf", null],
            ["email-staff", null],
            ["webhook", null],
          ]),
        );
        const deliveries = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(deliveries.map((d) => [d.channel, d.status, d.attempts, d.last_error])).toEqual([
          ["adf", "delivered", 1, ""],
          ["email-staff", "delivered", 1, ""],
          ["webhook", "delivered", 1, ""],
        ]);
        expect(leadFiles(dataDir, "alpha")).toEqual([`${lead.id}.staff.eml`, `${lead.id}.xml`]);
        const adfText = fs.readFileSync(path.join(dataDir, "leads", "alpha", `${lead.id}.xml`), "utf8");
        const adf = parseXml(adfText);
        expect(adfProblems(adfText)).toEqual([]);
        expect(child(child(child(adf.root, "prospect"), "vehicle"), "stock").text).toBe(car.stocknum);
        expect(crm.requests).toHaveLength(1);
        expect(crm.requests[0].problems).toEqual([]);
        expect(crm.requests[0].json).toMatchObject({
          event: "lead.created",
          lead: { id: lead.id, email: "sam@example.com" },
          car: { id: car.id, stock_number: car.stocknum },
        });
        // Nothing is due any more.
        expect(await newWorker().runOnce()).toEqual([]);
      });

      it("the CRM answers 500 then 200: delivered once, two attempts counted, last error cleared", async () => {
        crm.plan([500, 200]);
        const worker = newWorker();
        const { lead } = await submitLead(platform(), tenant, enquiry());
        const first = await worker.runOnce();
        const webhookFailure = first.find((o) => o.claim.channel === "webhook")!;
        expect(webhookFailure.error).toMatch(/^CRM webhook answered HTTP 500/);
        let [, , webhook] = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(webhook).toMatchObject({ status: "pending", attempts: 1 });
        expect(webhook.last_error).toMatch(/HTTP 500/);

        await waitFor("the retry to fall due", async () => (await worker.runOnce()).some((o) => o.claim.channel === "webhook"), 5_000);
        [, , webhook] = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(webhook).toMatchObject({ status: "delivered", attempts: 2, last_error: "" });
        expect(crm.requests.map((r) => r.status)).toEqual([500, 200]);
        expect(crm.keyCounts()).toEqual(new Map([[lead.id, 2]]));
        expect(crm.requests.every((r) => r.problems.length === 0)).toBe(true);
      });

      it("once the CRM answers again, the dealer's leads waiting out a back-off on it are due at once, not an hour later", async () => {
        crm.plan([500, 500, 200, 200, 200]);
        const worker = newWorker({ backoff: { baseMs: 3_600_000, maxMs: 3_600_000, maxAttempts: 12 } });
        const waiting = [];
        for (const email of ["first@example.com", "second@example.com"]) {
          const { lead } = await submitLead(platform(), tenant, enquiry({ email }));
          await worker.runOnce();
          waiting.push(lead.id);
        }
        for (const id of waiting)
          expect((await listDeliveriesForLead(db, "alpha", id))[2]).toMatchObject({ status: "pending", attempts: 1 });
        // An hour's wait each; another dealer's waiting lead on its own CRM is not this dealer's business.
        const { lead: theirs } = await submitLead(platform(), other, enquiry({ email: "beta@example.com" }));
        await db.query(
          "UPDATE lead_deliveries SET next_attempt_at = now() + interval '1 hour', attempts = 1 WHERE lead_id = $1 AND channel = 'webhook'",
          [theirs.id],
        );

        const { lead: recovered } = await submitLead(platform(), tenant, enquiry({ email: "third@example.com" }));
        await worker.runOnce();
        expect((await listDeliveriesForLead(db, "alpha", recovered.id))[2]).toMatchObject({ status: "delivered" });
        await worker.runOnce();
        for (const id of waiting)
          expect((await listDeliveriesForLead(db, "alpha", id))[2]).toMatchObject({ status: "delivered", attempts: 2 });
        expect((await listDeliveriesForLead(db, "beta", theirs.id)).find((d) => d.channel === "webhook")).toMatchObject({
          status: "pending",
        });
      });

      it("a CRM that keeps failing: failed after the last attempt, with the last error kept; retry sends it again", async () => {
        crm.defaultStatus = 503;
        const worker = newWorker();
        worker.start();
        const { lead } = await submitLead(platform(worker), tenant, enquiry());
        const failed = await waitFor("the webhook to fail for good", async () => {
          const webhook = (await listDeliveriesForLead(db, "alpha", lead.id)).find((d) => d.channel === "webhook")!;
          return webhook.status === "failed" ? webhook : null;
        });
        expect(failed.attempts).toBe(3);
        expect(failed.last_error).toMatch(/^CRM webhook answered HTTP 503: .*planned failure 503/);
        expect(crm.requests).toHaveLength(3);
        // The other channels were not held back by the CRM.
        expect((await listDeliveriesForLead(db, "alpha", lead.id)).filter((d) => d.channel !== "webhook").map((d) => d.status)).toEqual([
          "delivered",
          "delivered",
        ]);
        // Still failed a while later: nothing retries it on its own.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(crm.requests).toHaveLength(3);

        crm.defaultStatus = 200;
        expect(await retryDeliveries(db, "beta", lead.id)).toEqual([]);
        expect((await retryDeliveries(db, "alpha", lead.id)).map((d) => d.channel)).toEqual(["webhook"]);
        worker.wake();
        await waitFor("the retried webhook to be delivered", async () =>
          (await listDeliveriesForLead(db, "alpha", lead.id)).every((d) => d.status === "delivered"),
        );
        expect(crm.requests.map((r) => r.status)).toEqual([503, 503, 503, 200]);
      });

      it("a row it cannot deliver (unknown channel, dealer no longer configured) is recorded, never fatal", async () => {
        const { lead } = await submitLead(platform(), tenant, enquiry());
        await db.query("INSERT INTO lead_deliveries (id, tenant, lead_id, channel) VALUES ('odd-channel', 'alpha', $1, 'fax')", [lead.id]);
        const orphan = await submitLead(platform(), leadTenant("gamma"), enquiry());
        const worker = newWorker({ tenant: (slug) => (slug === "alpha" ? tenant : undefined) });
        const outcomes = await worker.runOnce();
        expect(outcomes.find((o) => o.claim.id === "odd-channel")?.error).toBe('unknown delivery channel "fax"');
        expect(outcomes.filter((o) => o.claim.lead_id === orphan.lead.id).map((o) => o.error)).toEqual([
          'no dealer site "gamma" is configured',
          'no dealer site "gamma" is configured',
          'no dealer site "gamma" is configured',
        ]);
        expect((await listDeliveriesForLead(db, "alpha", lead.id)).filter((d) => d.channel !== "fax").map((d) => d.status)).toEqual([
          "delivered",
          "delivered",
          "delivered",
        ]);
        const [fax] = (await listDeliveriesForLead(db, "alpha", lead.id)).filter((d) => d.channel === "fax");
        expect(fax).toMatchObject({ status: "pending", attempts: 1, last_error: 'unknown delivery channel "fax"' });
      });

      it("two workers at once deliver each lead to each channel exactly once (claims skip locked rows)", async () => {
        const leads = [];
        for (let i = 0; i < 12; i++) leads.push((await submitLead(platform(), tenant, enquiry({ email: `shopper${i}@example.com` }))).lead);
        // Leases longer than any pass can take on a busy machine: this is about claims skipping each other's
        // rows, not about a lease running out (the next test), which would rightly deliver a row again.
        const roomy = { batchSize: 5, leaseMs: 120_000, deadlineMs: 60_000 };
        const [a, b] = [newWorker(roomy), newWorker(roomy)];
        const passes = async (worker: LeadWorker) => {
          const claimed: string[] = [];
          for (let i = 0; i < 20; i++) claimed.push(...(await worker.runOnce()).map((o) => o.claim.id));
          return claimed;
        };
        const [byA, byB] = await Promise.all([passes(a), passes(b)]);
        expect(byA.length + byB.length).toBe(36);
        expect(new Set([...byA, ...byB]).size).toBe(36);
        const states = await db.query<{ status: string; attempts: number }>("SELECT status, attempts FROM lead_deliveries");
        expect(states.every((s) => s.status === "delivered" && s.attempts === 1)).toBe(true);
        expect([...crm.keyCounts().values()]).toEqual(leads.map(() => 1));
        expect(leadFiles(dataDir, "alpha").filter((f) => f.endsWith(".xml"))).toHaveLength(12);
      });

      it("a claim whose worker died runs out after the lease; the late worker cannot record an outcome", async () => {
        const { lead } = await submitLead(platform(), tenant, enquiry());
        const crashed = await claimDueDeliveries(db, { limit: 10, leaseMs: 400, token: "crashed-worker" });
        expect(crashed).toHaveLength(3);
        const worker = newWorker();
        expect(await worker.runOnce()).toEqual([]); // held by the lease
        const retaken = await waitFor(
          "the lease to run out",
          async () => {
            const outcomes = await worker.runOnce();
            return outcomes.length ? outcomes : null;
          },
          5_000,
        );
        expect(retaken.map((o) => o.claim.attempts)).toEqual([2, 2, 2]);
        expect(await finishDelivered(db, crashed[0])).toBe(false);
        expect((await listDeliveriesForLead(db, "alpha", lead.id)).map((d) => [d.status, d.attempts])).toEqual([
          ["delivered", 2],
          ["delivered", 2],
          ["delivered", 2],
        ]);
      });

      it("stops cleanly: nothing is claimed after stop()", async () => {
        const worker = newWorker();
        worker.start();
        await worker.stop();
        expect(worker.isRunning).toBe(false);
        const { lead } = await submitLead(platform(worker), tenant, enquiry());
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await listDeliveriesForLead(db, "alpha", lead.id)).map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
      });
    });
  });
}
