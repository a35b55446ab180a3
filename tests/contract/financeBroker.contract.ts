/**
 * The finance broker contract (server/finance/port.ts): the embedded broker and the YouX adapter
 * (against the fake YouX, and the live API when configured) must all pass it. Quotes are believable
 * and move the right way with price, term and credit history; requests outside the dealer's bounds are
 * refused with FinanceBrokerError before anything is asked; a customer gets somewhere to go, a reference
 * of its own and a row in finance_customers with the shopper's mobile and the lead that came with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFinanceCustomers } from "@server/db/finance";
import type { Database } from "@server/db/database";
import { FinanceBrokerError, type FinanceBroker, type FinanceCustomer, type QuoteRequest } from "@server/finance/port";
import { testTenant } from "../support/testTenant";

export interface FinanceBrokerHarness {
  broker: FinanceBroker;
  /** Where the broker keeps its customers (both adapters record them in finance_customers). */
  db: Database;
  /** False on a live broker, where creating customers would file real applications. */
  createsCustomers: boolean;
  close(): Promise<void>;
}

export const contractDealer = testTenant("alpha-motors", { name: "Alpha Motors", features: { postcodeOnFinanceForm: true } });
const luxuryDealer = testTenant("luxe-motors", { name: "Luxe Motors", finance: { quote: { priceMin: 300_000, priceMax: 800_000 } } });

export const contractQuote: QuoteRequest = {
  selfAssessedCreditScore: "GREAT",
  purchasePrice: 30_000,
  loanTerm: 5,
  year: 2022,
  vin: "JTMBFREV00D123456",
  nvic: "ABC123",
  whoIsHelping: "",
};

export const contractCustomer: FinanceCustomer = {
  nvic: "ABC123",
  vin: "JTMBFREV00D123456",
  selfAssessedCreditScore: "DECENT",
  purchasePrice: 25_000,
  year: 2020,
  loanTerm: 4,
  phoneNumber: "0412345678",
  firstName: "Sam",
  lastName: "Lee",
  email: "sam@example.com",
  subscribe: false,
  postCode: "3000",
};

export function describeFinanceBrokerContract(name: string, setup: () => Promise<FinanceBrokerHarness>) {
  describe(`finance broker contract: ${name}`, () => {
    let h: FinanceBrokerHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    it("quotes a weekly repayment with an advertised rate and a comparison rate no lower than it", async () => {
      const quote = await h.broker.quote(contractDealer, contractQuote);
      expect(Object.keys(quote).sort()).toEqual(["advertisedRate", "comparisonRate", "weeklyRepaymentAmount"]);
      expect(quote.weeklyRepaymentAmount).toBeGreaterThan(0);
      // $30,000 over five years at any believable rate: more than the bare $115 a week, less than $200.
      expect(quote.weeklyRepaymentAmount).toBeGreaterThan(30_000 / 260);
      expect(quote.weeklyRepaymentAmount).toBeLessThan(200);
      expect(quote.advertisedRate).toBeGreaterThan(0);
      expect(quote.advertisedRate).toBeLessThan(30);
      expect(quote.comparisonRate).toBeGreaterThanOrEqual(quote.advertisedRate);
    });

    it("asks more each week for a dearer car, a poorer history or a shorter term", async () => {
      const base = await h.broker.quote(contractDealer, contractQuote);
      const dearer = await h.broker.quote(contractDealer, { ...contractQuote, purchasePrice: 60_000 });
      const poorer = await h.broker.quote(contractDealer, { ...contractQuote, selfAssessedCreditScore: "POOR" });
      const shorter = await h.broker.quote(contractDealer, { ...contractQuote, loanTerm: 2 });
      expect(dearer.weeklyRepaymentAmount).toBeGreaterThan(base.weeklyRepaymentAmount);
      expect(poorer.advertisedRate).toBeGreaterThan(base.advertisedRate);
      expect(shorter.weeklyRepaymentAmount).toBeGreaterThan(base.weeklyRepaymentAmount);
    });

    it("quotes without a car (no year, VIN or NVIC)", async () => {
      const quote = await h.broker.quote(contractDealer, { ...contractQuote, year: null, vin: "", nvic: "" });
      expect(quote.weeklyRepaymentAmount).toBeGreaterThan(0);
    });

    it("refuses a price outside the dealer's bounds and a term outside 1-7", async () => {
      for (const request of [
        { ...contractQuote, purchasePrice: 9_999 },
        { ...contractQuote, purchasePrice: 200_001 },
        { ...contractQuote, loanTerm: 0 },
        { ...contractQuote, loanTerm: 8 },
        { ...contractQuote, selfAssessedCreditScore: "SUPERB" as never },
      ]) {
        await expect(h.broker.quote(contractDealer, request), JSON.stringify(request)).rejects.toBeInstanceOf(FinanceBrokerError);
      }
      await expect(h.broker.quote(luxuryDealer, contractQuote)).rejects.toBeInstanceOf(FinanceBrokerError);
      const luxury = await h.broker.quote(luxuryDealer, { ...contractQuote, purchasePrice: 400_000, loanTerm: 7 });
      expect(luxury.weeklyRepaymentAmount).toBeGreaterThan(400_000 / 364);
    });

    it("refuses a customer with a landline, no name or a malformed postcode", async () => {
      for (const data of [
        { ...contractCustomer, phoneNumber: "02 9876 5432" },
        { ...contractCustomer, firstName: "" },
        { ...contractCustomer, postCode: "30" },
        { ...contractCustomer, postCode: "" },
      ]) {
        await expect(h.broker.createCustomer(contractDealer, data, {}), JSON.stringify(data)).rejects.toBeInstanceOf(FinanceBrokerError);
      }
    });

    it("creates a customer: somewhere to send the shopper, a reference, and the customer kept with the lead", async (context) => {
      if (!h.createsCustomers) return context.skip();
      const first = await h.broker.createCustomer(contractDealer, contractCustomer, { car_id: "car-7", lead_id: "lead-7" });
      const second = await h.broker.createCustomer(contractDealer, { ...contractCustomer, phoneNumber: "61412345678" }, {});
      expect(first.redirectUrl).not.toBe("");
      expect(first.reference).not.toBe(second.reference);
      const stored = await listFinanceCustomers(h.db, contractDealer.slug);
      const row = stored.find((r) => r.reference === first.reference);
      expect(row).toMatchObject({ car_id: "car-7", lead_id: "lead-7", phone: "+61412345678", redirect_url: first.redirectUrl });
      expect(row!.payload).toMatchObject({ firstName: "Sam", email: "sam@example.com", postCode: "3000", purchasePrice: 25_000 });
      // The mobile goes on in local form whichever way it was typed.
      expect(stored.find((r) => r.reference === second.reference)!.payload).toMatchObject({ phoneNumber: "0412345678" });
      expect(await listFinanceCustomers(h.db, "beta-motors")).toEqual([]);
    });
  });
}
