/**
 * Unsubscribing stops marketing consent on later leads: a lead from an address that opted out of this
 * dealer's marketing is stored with opt_in (and subscribe) false, whatever the form sent; other
 * addresses and other dealers are untouched (PGlite with the real migrations).
 */
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "@server/db/database";
import type { LeadInput } from "@server/db/leads";
import { freshPglite } from "../support/freshPglite";
import { migrate } from "@server/db/migrate";
import { submitLead } from "@server/leads";
import { hasOptedOut, recordOptOut, withoutWithdrawnConsent } from "@server/leads/optOuts";
import { leadEnv, leadTenant, tempDir } from "./support";

let db: Database;
let dataDir: string;
const alpha = leadTenant("alpha");
const beta = leadTenant("beta");
const lead = (overrides: Partial<LeadInput> = {}): LeadInput => ({
  category: "General Enquiry",
  name: "Sam",
  email: "sam@example.com",
  phone: "0412345678",
  message: "Hello",
  payload: { opt_in: true },
  ...overrides,
});
const submit = (tenant = alpha, input = lead()) => submitLead({ db, env: leadEnv(dataDir, {}), leadWorker: null }, tenant, input);

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", process.env.LOG_LEVEL || "silent");
  db = await freshPglite();
  await migrate(db);
  dataDir = tempDir("opt-outs");
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.query("DELETE FROM marketing_opt_outs");
  await db.query("DELETE FROM lead_deliveries");
  await db.query("DELETE FROM leads");
});

describe("marketing opt-outs", () => {
  it("keep consent on leads before the shopper unsubscribes", async () => {
    const { lead: stored } = await submit();
    expect(stored.payload).toMatchObject({ opt_in: true });
  });

  it("store later leads from that address, however typed, without marketing consent", async () => {
    await recordOptOut(db, "alpha", " Sam@Example.COM ", "/pages/unsubscribe");
    const { lead: stored } = await submit(alpha, lead({ email: "SAM@example.com", payload: { opt_in: true, subscribe: true } }));
    expect(stored.payload).toMatchObject({ opt_in: false, subscribe: false, marketing_opt_out: true });
    expect(stored.email).toBe("SAM@example.com");
  });

  it("leave other addresses and other dealers alone", async () => {
    await recordOptOut(db, "alpha", "sam@example.com", "/pages/unsubscribe");
    expect((await submit(alpha, lead({ email: "alex@example.com" }))).lead.payload).toMatchObject({ opt_in: true });
    expect((await submit(beta)).lead.payload).toMatchObject({ opt_in: true });
  });

  it("record one opt-out however often the shopper unsubscribes", async () => {
    await recordOptOut(db, "alpha", "sam@example.com", "/pages/unsubscribe");
    await recordOptOut(db, "alpha", "SAM@example.com", "/pages/unsubscribe");
    expect(await db.query("SELECT email FROM marketing_opt_outs")).toEqual([{ email: "sam@example.com" }]);
    expect(await hasOptedOut(db, "alpha", "sam@EXAMPLE.com")).toBe(true);
    expect(await hasOptedOut(db, "beta", "sam@example.com")).toBe(false);
  });

  it("store the lead without consent when the opt-out list cannot be read", async () => {
    const broken = { transaction: () => Promise.reject(new Error("database gone")) };
    expect((await withoutWithdrawnConsent(broken, "alpha", lead())).payload).toMatchObject({ opt_in: false });
    // A lead without consent is never looked up.
    const unconsented = lead({ payload: { opt_in: false } });
    expect(await withoutWithdrawnConsent(broken, "alpha", unconsented)).toBe(unconsented);
  });
});
