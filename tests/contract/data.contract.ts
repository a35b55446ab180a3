/**
 * The data layer's contract: every database adapter (PGlite, PostgreSQL) must pass it. Each case
 * also checks that one dealer's rows never reach another dealer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import {
  countVehicles,
  getVehicleById,
  getVehicleBySlug,
  listVehicles,
  listVehiclesChangedSince,
  markMissingSold,
  markVehicleSold,
  upsertVehicles,
} from "@server/db/vehicles";
import {
  createLead,
  getLead,
  listDeliveriesForLead,
  listDueDeliveries,
  listLeads,
  markDelivered,
  markDeliveryFailed,
} from "@server/db/leads";
import { addToWatchlist, listWatchlist, removeFromWatchlist } from "@server/db/watchlist";
import {
  consumeCode,
  createSession,
  deleteSession,
  getSessionUser,
  getUserByPhone,
  hitRateLimit,
  listVerifications,
  recordVerification,
  storeOneTimeCode,
  takeLiveCode,
  upsertUser,
} from "@server/db/accounts";
import { getVehicleViews, listAnalyticsEvents, pruneViewVisitors, recordAnalyticsEvent, recordVehicleView } from "@server/db/activity";
import { listFinanceCustomers, saveFinanceCustomer } from "@server/db/finance";
import { createValuation, getValuation, updateValuation } from "@server/tradeIn/store";
import { testVehicle } from "../support/testVehicle";

export function describeDataContract(name: string, open: () => Promise<Database>) {
  describe(`data layer contract: ${name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await migrate(db);
    });
    afterAll(async () => {
      await db?.close();
    });

    it("migrations are applied once", async () => {
      expect(await migrate(db)).toEqual([]);
    });

    describe("vehicles", () => {
      const a1 = testVehicle({ id: "a-1", slug: "2022-toyota-hilux-a1", stocknum: "A1" });
      const a2 = testVehicle({ id: "a-2", slug: "2021-mazda-cx-5-a2", make: "Mazda", model: "CX-5", stocknum: "A2" });
      const b1 = testVehicle({ id: "b-1", slug: "2022-toyota-hilux-a1", stocknum: "B1" });

      it("upserts and reads by id and slug within the tenant only", async () => {
        await upsertVehicles(db, "alpha", [a1, a2]);
        await upsertVehicles(db, "beta", [b1]);
        expect((await getVehicleBySlug(db, "alpha", a1.slug))?.id).toBe("a-1");
        expect((await getVehicleBySlug(db, "beta", a1.slug))?.id).toBe("b-1");
        expect(await getVehicleById(db, "beta", "a-1")).toBeNull();
        expect(await countVehicles(db, "alpha")).toBe(2);
        expect((await listVehicles(db, "alpha")).map((v) => v.id)).toEqual(["a-1", "a-2"]);
      });

      it("keeps the whole vehicle document", async () => {
        const stored = await getVehicleById(db, "alpha", "a-1");
        expect(stored).toEqual(a1);
      });

      it("replaces on upsert and reports changes since a moment", async () => {
        const before = new Date(Date.now() - 1000);
        await upsertVehicles(db, "alpha", [{ ...a2, price: 12345 }]);
        expect((await getVehicleById(db, "alpha", "a-2"))?.price).toBe(12345);
        const changed = await listVehiclesChangedSince(db, "alpha", before);
        expect(changed.vehicles.map((v) => v.id)).toContain("a-2");
        expect(changed.latest).toBeInstanceOf(Date);
        const none = await listVehiclesChangedSince(db, "alpha", new Date(Date.now() + 60_000));
        expect(none.vehicles).toEqual([]);
      });

      it("marks missing available vehicles sold, in that tenant only", async () => {
        const marked = await markMissingSold(db, "alpha", ["a-1"], new Date("2026-11-20T00:00:00Z"));
        expect(marked).toEqual(["a-2"]);
        const sold = await getVehicleById(db, "alpha", "a-2");
        expect(sold?.status).toBe("sold");
        expect(sold?.sold_at).toBe("2026-11-20T00:00:00.000Z");
        expect((await getVehicleById(db, "beta", "b-1"))?.status).toBe("in_stock");
      });

      it("marks one vehicle sold", async () => {
        expect(await markVehicleSold(db, "alpha", "a-1")).toBe(true);
        expect(await markVehicleSold(db, "beta", "a-1")).toBe(false);
        expect((await getVehicleById(db, "alpha", "a-1"))?.status).toBe("sold");
      });

      it("upserts in batches larger than one statement", async () => {
        const many = Array.from({ length: 450 }, (_, i) => testVehicle({ id: `m-${i}`, slug: `car-${i}`, stocknum: `M${i}` }));
        await upsertVehicles(db, "gamma", many);
        expect(await countVehicles(db, "gamma")).toBe(450);
      });
    });

    describe("leads", () => {
      it("stores a lead with a pending delivery per channel", async () => {
        const lead = await createLead(
          db,
          "alpha",
          { category: "General Enquiry", name: "Sam", email: "sam@example.com", message: "Hi", payload: { opt_in: true } },
          ["adf", "webhook"],
        );
        expect(lead.id).toBeTruthy();
        expect(lead.payload).toEqual({ opt_in: true });
        expect((await getLead(db, "alpha", lead.id))?.name).toBe("Sam");
        expect(await getLead(db, "beta", lead.id)).toBeNull();
        const deliveries = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(deliveries.map((d) => [d.channel, d.status])).toEqual([
          ["adf", "pending"],
          ["webhook", "pending"],
        ]);
        expect((await listLeads(db, "alpha")).map((l) => l.id)).toContain(lead.id);
        expect(await listLeads(db, "beta")).toEqual([]);
      });

      it("retries failed deliveries later and stops after the limit; delivered ones leave the queue", async () => {
        const lead = await createLead(db, "alpha", { category: "Test Drive" }, ["webhook"]);
        const [delivery] = await listDeliveriesForLead(db, "alpha", lead.id);
        expect((await listDueDeliveries(db, 500)).map((d) => d.id)).toContain(delivery.id);
        await markDeliveryFailed(db, "alpha", delivery.id, "CRM timed out", 2);
        expect((await listDueDeliveries(db, 500)).map((d) => d.id)).not.toContain(delivery.id);
        const later = new Date(Date.now() + 10 * 60_000);
        expect((await listDueDeliveries(db, 500, later)).map((d) => d.id)).toContain(delivery.id);
        await markDeliveryFailed(db, "alpha", delivery.id, "CRM timed out again", 2);
        const [failed] = await listDeliveriesForLead(db, "alpha", lead.id);
        expect(failed).toMatchObject({ status: "failed", attempts: 2, last_error: "CRM timed out again" });

        const other = await createLead(db, "alpha", { category: "Test Drive" }, ["adf"]);
        const [adf] = await listDeliveriesForLead(db, "alpha", other.id);
        await markDelivered(db, "alpha", adf.id);
        expect((await listDeliveriesForLead(db, "alpha", other.id))[0].status).toBe("delivered");
      });

      it("a failed transaction stores nothing", async () => {
        const before = (await listLeads(db, "delta")).length;
        await expect(createLead(db, "delta", { category: "X" }, ["dup", "dup"])).rejects.toThrow();
        expect((await listLeads(db, "delta")).length).toBe(before);
      });
    });

    describe("watchlist", () => {
      it("adds once, lists newest first, removes, per tenant", async () => {
        await addToWatchlist(db, "alpha", "0412345678", "a-1");
        await addToWatchlist(db, "alpha", "0412345678", "a-1");
        await addToWatchlist(db, "alpha", "0412345678", "a-2");
        expect((await listWatchlist(db, "alpha", "0412345678")).sort()).toEqual(["a-1", "a-2"]);
        expect(await listWatchlist(db, "beta", "0412345678")).toEqual([]);
        expect(await removeFromWatchlist(db, "alpha", "0412345678", "a-1")).toBe(true);
        expect(await removeFromWatchlist(db, "alpha", "0412345678", "a-1")).toBe(false);
        expect(await listWatchlist(db, "alpha", "0412345678")).toEqual(["a-2"]);
      });
    });

    describe("accounts", () => {
      it("upserts users by phone and keeps names already known", async () => {
        const u = await upsertUser(db, "alpha", { phone: "0400000001", first_name: "Ava" });
        const again = await upsertUser(db, "alpha", { phone: "0400000001", email: "ava@example.com" });
        expect(again).toMatchObject({ id: u.id, first_name: "Ava", email: "ava@example.com" });
        expect(await getUserByPhone(db, "beta", "0400000001")).toBeNull();
      });

      it("sessions belong to one tenant and expire", async () => {
        const u = await upsertUser(db, "alpha", { phone: "0400000002" });
        const live = await createSession(db, "alpha", u.id, 60_000);
        const expired = await createSession(db, "alpha", u.id, -1);
        expect((await getSessionUser(db, "alpha", live))?.phone).toBe("0400000002");
        expect(await getSessionUser(db, "beta", live)).toBeNull();
        expect(await getSessionUser(db, "alpha", expired)).toBeNull();
        await deleteSession(db, "alpha", live);
        expect(await getSessionUser(db, "alpha", live)).toBeNull();
      });

      it("one-time codes: newest replaces older, attempts are counted, consumed codes are gone", async () => {
        await storeOneTimeCode(db, "alpha", "0400000003", "hash-1", 60_000);
        await storeOneTimeCode(db, "alpha", "0400000003", "hash-2", 60_000);
        const live = await takeLiveCode(db, "alpha", "0400000003", 3);
        expect(live?.code_hash).toBe("hash-2");
        expect(await takeLiveCode(db, "beta", "0400000003")).toBeNull();
        await takeLiveCode(db, "alpha", "0400000003", 3);
        await takeLiveCode(db, "alpha", "0400000003", 3);
        expect(await takeLiveCode(db, "alpha", "0400000003", 3)).toBeNull();
        await storeOneTimeCode(db, "alpha", "0400000003", "hash-3", 60_000);
        const fresh = await takeLiveCode(db, "alpha", "0400000003", 3);
        await consumeCode(db, "alpha", fresh!.id);
        expect(await takeLiveCode(db, "alpha", "0400000003", 3)).toBeNull();
        await storeOneTimeCode(db, "alpha", "0400000004", "hash-x", -1);
        expect(await takeLiveCode(db, "alpha", "0400000004", 3)).toBeNull();
      });

      it("rate limits count within a window and reset in the next", async () => {
        const t0 = new Date("2026-11-21T10:00:05Z");
        const hits = [];
        for (let i = 0; i < 4; i++) hits.push(await hitRateLimit(db, "alpha", "sms", "0400000005", 3, 60_000, t0));
        expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
        expect((await hitRateLimit(db, "beta", "sms", "0400000005", 3, 60_000, t0)).allowed).toBe(true);
        const next = await hitRateLimit(db, "alpha", "sms", "0400000005", 3, 60_000, new Date("2026-11-21T10:01:01Z"));
        expect(next).toEqual({ allowed: true, count: 1 });
      });

      it("records verifications", async () => {
        await recordVerification(db, "alpha", { dealership_slug: "alpha-motors", verification_type: "sms", phone: "0400000006" });
        await recordVerification(db, "alpha", { dealership_slug: "alpha-motors", verification_type: "verify", user_id: "u-1" });
        expect((await listVerifications(db, "alpha")).map((v) => v.verification_type)).toEqual(["sms", "verify"]);
        expect(await listVerifications(db, "beta")).toEqual([]);
      });
    });

    describe("finance and trade-ins", () => {
      it("stores finance customers per tenant", async () => {
        await saveFinanceCustomer(db, "alpha", {
          phone: "0400000007",
          car_id: "a-1",
          payload: { purchasePrice: 30000 },
          redirect_url: "https://apply.example.com/x",
        });
        expect((await listFinanceCustomers(db, "alpha"))[0]).toMatchObject({ car_id: "a-1", payload: { purchasePrice: 30000 } });
        expect(await listFinanceCustomers(db, "beta")).toEqual([]);
      });

      it("saves and updates a valuation without crossing tenants", async () => {
        const v = await createValuation(db, "alpha", {
          car_id: null,
          rego: "ABC123",
          rego_state: "NSW",
          status: "adjustments",
          vehicle: null,
          user_id: null,
          source_path: "/trade-in",
        });
        const updated = await updateValuation(db, "alpha", v.id, ["adjustments"], {
          status: "offer",
          offer_price: 15000,
          adjustment_answers: { accident: "no" } as never,
          offer_accepted: true,
        });
        expect(updated).toMatchObject({
          id: v.id,
          rego: "ABC123",
          offer_price: 15000,
          offer_accepted: true,
          adjustment_answers: { accident: "no" },
        });
        expect(await updateValuation(db, "beta", v.id, ["offer"], { status: "accepted" })).toBeNull();
        expect(await getValuation(db, "alpha", v.id)).toMatchObject({ rego: "ABC123", status: "offer" });
        expect(await getValuation(db, "beta", v.id)).toBeNull();
      });
    });

    describe("views and analytics", () => {
      it("counts views per tenant and car, each visitor once a day, and answers the total either way", async () => {
        const noon = new Date("2026-11-21T01:00:00Z"); // 12:00 in Sydney
        expect(await recordVehicleView(db, "alpha", "a-1", "visitor-1", noon)).toBe(1);
        expect(await recordVehicleView(db, "alpha", "a-1", "visitor-1", noon)).toBe(1);
        expect(await recordVehicleView(db, "alpha", "a-1", "visitor-2", noon)).toBe(2);
        expect(await recordVehicleView(db, "alpha", "a-1", "visitor-1", noon)).toBe(2);
        expect(await recordVehicleView(db, "alpha", "a-2", "visitor-1", noon)).toBe(1);
        expect(await recordVehicleView(db, "beta", "a-1", "visitor-1", noon)).toBe(1);
        expect(await getVehicleViews(db, "alpha", "a-1")).toBe(2);
        expect(await getVehicleViews(db, "beta", "a-1")).toBe(1);
        expect(await getVehicleViews(db, "beta", "a-2")).toBe(0);
      });

      it("a visitor counts again on the next Sydney day, not at UTC midnight", async () => {
        const car = "day-1";
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-21T12:59:00Z"))).toBe(1); // 23:59 in Sydney
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-21T13:01:00Z"))).toBe(2); // 00:01 the next day
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-21T23:59:00Z"))).toBe(2); // UTC midnight passes...
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-22T00:01:00Z"))).toBe(2); // ...still 22 Nov in Sydney
      });

      it("parallel reloads by one visitor count once; parallel visitors all count", async () => {
        const at = new Date("2026-11-21T01:00:00Z");
        const reloads = await Promise.all(Array.from({ length: 12 }, () => recordVehicleView(db, "alpha", "busy-1", "reloader", at)));
        expect(new Set(reloads)).toEqual(new Set([1]));
        const visitors = await Promise.all(
          Array.from({ length: 12 }, (_, i) => recordVehicleView(db, "alpha", "busy-2", `visitor-${i}`, at)),
        );
        expect([...visitors].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
        expect(await getVehicleViews(db, "alpha", "busy-2")).toBe(12);
      });

      it("prunes visitor rows from before yesterday, keeping the totals", async () => {
        const car = "prune-1";
        await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-18T01:00:00Z"));
        await recordVehicleView(db, "alpha", car, "visitor-1", new Date("2026-11-20T01:00:00Z"));
        const today = new Date("2026-11-21T01:00:00Z");
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", today)).toBe(3);
        expect(await pruneViewVisitors(db, today)).toBeGreaterThanOrEqual(1);
        const left = await db.query<{ day: unknown }>("SELECT day FROM vehicle_view_visitors WHERE tenant = 'alpha' AND car_id = $1", [
          car,
        ]);
        expect(left).toHaveLength(2);
        // Today's visitor is still known, so a reload does not count; the total is unchanged.
        expect(await recordVehicleView(db, "alpha", car, "visitor-1", today)).toBe(3);
        expect(await getVehicleViews(db, "alpha", car)).toBe(3);
      });

      it("stores analytics events", async () => {
        await recordAnalyticsEvent(db, "alpha", { event_id: 49, name: "search page view", path: "/search", payload: { make: "Toyota" } });
        await recordAnalyticsEvent(db, "alpha", { event_id: 25, name: "phone click" });
        const searches = await listAnalyticsEvents(db, "alpha", 49);
        expect(searches).toHaveLength(1);
        expect(searches[0]).toMatchObject({ name: "search page view", payload: { make: "Toyota" } });
        expect(await listAnalyticsEvents(db, "beta")).toEqual([]);
      });
    });
  });
}
