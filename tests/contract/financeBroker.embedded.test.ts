/**
 * The finance broker contract on the embedded broker: applications kept in PGlite (and in the
 * PostgreSQL of DATABASE_URL when set), plus the embedded broker's own figures and references.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { getFinanceCustomerByReference, linkFinanceCustomerLead } from "@server/db/finance";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { EmbeddedFinanceBroker } from "@server/finance/embedded";
import { quoteFor } from "@server/finance/quoteEngine";
import { REFERENCE_PATTERN } from "@server/finance/reference";
import { onPostgres } from "../support/postgres";
import {
  contractCustomer,
  contractDealer,
  contractQuote,
  describeFinanceBrokerContract,
  type FinanceBrokerHarness,
} from "./financeBroker.contract";

const NOW = new Date("2025-06-01T00:00:00Z");

function embedded(open: () => Promise<Database>) {
  return async (): Promise<FinanceBrokerHarness> => {
    const db = await open();
    await migrate(db);
    return { broker: new EmbeddedFinanceBroker({ db, now: () => NOW }), db, createsCustomers: true, close: () => db.close() };
  };
}

describeFinanceBrokerContract(
  "embedded (PGlite)",
  embedded(() => freshPglite()),
);
onPostgres("finance broker contract: embedded", "finance_broker", (name, open) =>
  describeFinanceBrokerContract(`embedded (${name})`, embedded(open)),
);

describe("embedded broker: its own figures and references", () => {
  let db: Database;
  let broker: EmbeddedFinanceBroker;
  beforeAll(async () => {
    db = await freshPglite();
    await migrate(db);
    broker = new EmbeddedFinanceBroker({ db, now: () => NOW });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("quotes from the dealer's rate table and fees, as the quote engine works them out", async () => {
    expect(await broker.quote(contractDealer, contractQuote)).toEqual(quoteFor(contractDealer.finance, contractQuote, 2025));
    // A car from 2022 is three years old in 2025: the used rate.
    expect((await broker.quote(contractDealer, contractQuote)).advertisedRate).toBe(contractDealer.finance.rates.GREAT.used);
  });

  it("sends the shopper to the dealer's application page with a readable reference, kept with the figures", async () => {
    const { redirectUrl, reference } = await broker.createCustomer(contractDealer, contractCustomer, {});
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(redirectUrl).toBe(`/finance-application/${reference}`);
    const row = await getFinanceCustomerByReference(db, contractDealer.slug, reference);
    expect(row).toMatchObject({ broker: "embedded", status: "received" });
    expect(row!.payload.quote).toEqual(quoteFor(contractDealer.finance, contractCustomer, 2025));
    // The lead sent beside the application is linked when it arrives after it, on this dealer only.
    expect(row!.lead_id).toBeNull();
    expect(await linkFinanceCustomerLead(db, "beta-motors", reference, "lead-9")).toBe(false);
    expect(await linkFinanceCustomerLead(db, contractDealer.slug, reference, "lead-9")).toBe(true);
    expect((await getFinanceCustomerByReference(db, contractDealer.slug, reference))!.lead_id).toBe("lead-9");
  });
});
