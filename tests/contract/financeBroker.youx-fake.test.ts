/**
 * The finance broker contract on the YouX adapter against the fake YouX (which checks every request's
 * shape and key), then the adapter's own behaviour: the bearer key and JSON on every call, time limits,
 * retries on the quote only, failures as FinanceBrokerError without the key, a missing or unsafe
 * redirectUrl given back as none.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { listFinanceCustomers } from "@server/db/finance";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { createFinanceBrokerFromEnv } from "@server/finance";
import { FinanceBrokerError } from "@server/finance/port";
import { YouxFinanceBroker } from "@server/finance/youx";
import { startFakeYoux, type FakeYoux } from "../fakes/youxServer";
import { contractCustomer, contractDealer, contractQuote, describeFinanceBrokerContract } from "./financeBroker.contract";

const fakes: FakeYoux[] = [];

describeFinanceBrokerContract("YouX (fake YouX)", async () => {
  const fake = await startFakeYoux();
  fakes.push(fake);
  const db = await freshPglite();
  await migrate(db);
  return {
    broker: new YouxFinanceBroker({ url: fake.url, apiKey: fake.apiKey, db, backoffMs: 1 }),
    db,
    createsCustomers: true,
    close: async () => {
      expect(fake.problems()).toEqual([]);
      await db.close();
      await fake.close();
    },
  };
});

describe("YouX adapter: requests and failures", () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshPglite();
    await migrate(db);
  });
  beforeEach(async () => {
    await db.query("DELETE FROM finance_customers");
  });
  afterAll(async () => {
    for (const fake of fakes) await fake.close().catch(() => {});
    await db?.close();
  });

  async function setup(options: { apiKey?: string; quoteTimeoutMs?: number; customerTimeoutMs?: number } = {}) {
    const fake = await startFakeYoux();
    fakes.push(fake);
    const broker = new YouxFinanceBroker({
      url: `${fake.url}/`,
      apiKey: options.apiKey ?? fake.apiKey,
      db,
      backoffMs: 1,
      quoteTimeoutMs: options.quoteTimeoutMs,
      customerTimeoutMs: options.customerTimeoutMs,
    });
    return { fake, broker };
  }

  it("sends the spec's seven quote fields and the customer with its lead, as JSON with the bearer key", async () => {
    const { fake, broker } = await setup();
    await broker.quote(contractDealer, contractQuote);
    await broker.createCustomer(
      contractDealer,
      { ...contractCustomer, phoneNumber: "+61 412 345 678" },
      { lead: { category: "Finance Enquiry" } },
    );
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(["POST /quote 200", "POST /create-customer 200"]);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
      expect(request.headers["content-type"]).toBe("application/json");
    }
    expect(fake.requests[0]!.json).toEqual(contractQuote);
    expect(fake.requests[1]!.json).toEqual({
      data: { ...contractCustomer, phoneNumber: "0412345678" },
      additionalData: { lead: { category: "Finance Enquiry" } },
    });
    expect(fake.problems()).toEqual([]);
  });

  it("is refused by YouX without the right key, and the error never carries the key", async () => {
    const { fake, broker } = await setup({ apiKey: "wrong-key-wrong-key-123" });
    const error = await broker.quote(contractDealer, contractQuote).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FinanceBrokerError);
    expect((error as Error).message).toBe("YouX /quote: HTTP 401");
    expect(String(error)).not.toContain("wrong-key");
    // A 401 is not worth repeating.
    expect(fake.requests).toHaveLength(1);
  });

  it("tries the quote again after a 500 or a 429, with growing pauses, and gives up after three tries", async () => {
    const { fake, broker } = await setup();
    fake.failNext("/quote", { status: 500 });
    fake.failNext("/quote", { status: 429 });
    const quote = await broker.quote(contractDealer, contractQuote);
    expect(quote.weeklyRepaymentAmount).toBeGreaterThan(0);
    expect(fake.requests.map((r) => r.status)).toEqual([500, 429, 200]);

    for (let i = 0; i < 3; i++) fake.failNext("/quote", { status: 503 });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow("YouX /quote: HTTP 503");
    expect(fake.requests.map((r) => r.status).slice(3)).toEqual([503, 503, 503]);
  });

  it("does not repeat a quote YouX refused as malformed (400)", async () => {
    const { fake, broker } = await setup();
    fake.failNext("/quote", { status: 400 });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow("HTTP 400");
    expect(fake.requests).toHaveLength(1);
  });

  it("gives a slow quote up after its time limit, then tries again", async () => {
    const { fake, broker } = await setup({ quoteTimeoutMs: 100 });
    fake.failNext("/quote", { delayMs: 400 });
    const started = Date.now();
    const quote = await broker.quote(contractDealer, contractQuote);
    expect(quote.weeklyRepaymentAmount).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(400);
    for (let i = 0; i < 3; i++) fake.failNext("/quote", { delayMs: 400 });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow("YouX /quote: no answer within 100 ms");
  });

  it("never tries a customer twice: a 500 or a time-out is a FinanceBrokerError after one request, and nothing is kept", async () => {
    const { fake, broker } = await setup({ customerTimeoutMs: 100 });
    fake.failNext("/create-customer", { status: 500 });
    await expect(broker.createCustomer(contractDealer, contractCustomer, {})).rejects.toThrow("YouX /create-customer: HTTP 500");
    expect(fake.requests).toHaveLength(1);
    fake.failNext("/create-customer", { delayMs: 400 });
    await expect(broker.createCustomer(contractDealer, contractCustomer, {})).rejects.toThrow("no answer within 100 ms");
    expect(fake.requests).toHaveLength(2);
    expect(await listFinanceCustomers(db, contractDealer.slug)).toEqual([]);
  });

  it("gives back no redirect when YouX sends none or one that is not a web address; the customer is kept all the same", async () => {
    const { fake, broker } = await setup();
    fake.failNext("/create-customer", { body: { customerId: "c-1" } });
    const missing = await broker.createCustomer(contractDealer, contractCustomer, {});
    expect(missing.redirectUrl).toBe("");
    fake.failNext("/create-customer", { body: { customerId: "c-2", redirectUrl: "javascript:alert(1)" } });
    expect((await broker.createCustomer(contractDealer, contractCustomer, {})).redirectUrl).toBe("");
    const rows = await listFinanceCustomers(db, contractDealer.slug);
    expect(rows.map((r) => r.status)).toEqual(["no-redirect", "no-redirect"]);
    expect(rows.find((r) => r.reference === missing.reference)!.payload.additionalData).toEqual({ youxCustomerId: "c-1" });
  });

  it("refuses answers it cannot believe", async () => {
    const { fake, broker } = await setup();
    fake.failNext("/quote", { body: { weeklyRepaymentAmount: "lots" } });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow("no usable figures");
    fake.failNext("/quote", { notJson: true });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow("not JSON");
  });

  it("answers a FinanceBrokerError when YouX cannot be reached", async () => {
    const { fake } = await setup();
    await fake.close();
    const broker = new YouxFinanceBroker({ url: fake.url, apiKey: fake.apiKey, db, backoffMs: 1 });
    await expect(broker.quote(contractDealer, contractQuote)).rejects.toThrow(/YouX \/quote: network error \(ECONNREFUSED\)/);
  });

  it("is the platform's broker when YOUX_URL and YOUX_API_KEY are set, the embedded one otherwise; the key is never logged", async () => {
    const lines: string[] = [];
    const logger = { info: (message: string, fields?: object) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`) };
    const key = "secret-youx-key-123456";
    expect(createFinanceBrokerFromEnv({ YOUX_URL: "https://api.youx.example", YOUX_API_KEY: key }, db, logger).kind).toBe("youx");
    expect(createFinanceBrokerFromEnv({ YOUX_URL: undefined, YOUX_API_KEY: undefined }, db, logger).kind).toBe("embedded");
    expect(lines.join("\n")).not.toContain(key);
    expect(lines[0]).toContain("https://api.youx.example");
  });
});
