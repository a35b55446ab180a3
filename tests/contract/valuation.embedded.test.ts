/**
 * The trade-in valuation contract on the embedded valuation (comparable stock in PGlite, and in the
 * PostgreSQL of DATABASE_URL when set), then its own sources: the same badge first, then the model,
 * market averages recorded against the stock, new cars and other dealers left out, and the catalogue's new
 * price when the stock has too few.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { cataloguePrice, EmbeddedValuation } from "@server/tradeIn/embeddedValuation";
import { onPostgres } from "../support/postgres";
import { testVehicle } from "../support/testVehicle";
import { describeValuationContract, NOW, request, VALUED_CAR, valuationDealer, type ValuationHarness } from "./valuation.contract";

const year = NOW.getFullYear();
const corolla = (id: string, price: number, overrides: Parameters<typeof testVehicle>[0] = {}) =>
  testVehicle({
    id,
    slug: id,
    make: "Toyota",
    model: "Corolla",
    badge: "Ascent Sport",
    year: year - 3,
    km: 45_000,
    price,
    car_type: "used",
    ...overrides,
  });

async function stockedDatabase(open: () => Promise<Database>): Promise<Database> {
  const db = await open();
  await migrate(db);
  await upsertVehicles(db, valuationDealer.slug, [
    corolla("c-1", 24_000),
    corolla("c-2", 26_000, { status: "sold" }),
    corolla("c-3", 25_000, { year: year - 2, km: 30_000 }),
    corolla("c-4", 23_500, { badge: "SX", autograb_data: { average_market_price: 24_800, state_average_market_price: null } }),
    // Not comparable: new, too far in years, another model.
    corolla("c-5", 34_000, { car_type: "new", km: 10 }),
    corolla("c-6", 9_000, { year: year - 12, km: 190_000 }),
    testVehicle({ id: "h-1", slug: "h-1", make: "Toyota", model: "HiLux", year: year - 3, price: 52_000 }),
  ]);
  // Another dealer's stock never counts.
  await upsertVehicles(db, "beta-motors", [corolla("b-1", 90_000), corolla("b-2", 91_000), corolla("b-3", 92_000)]);
  return db;
}

function embedded(open: () => Promise<Database>) {
  return async (): Promise<ValuationHarness> => {
    const db = await stockedDatabase(open);
    return { valuation: new EmbeddedValuation(db), car: VALUED_CAR, newPrice: 40_000, close: () => db.close() };
  };
}

describeValuationContract(
  "embedded (PGlite)",
  embedded(() => freshPglite()),
);
onPostgres("trade-in valuation contract: embedded", "trade_in_valuation", (name, open) =>
  describeValuationContract(`embedded (${name})`, embedded(open)),
);

describe("embedded valuation: where the market value comes from", () => {
  let db: Database;
  let valuation: EmbeddedValuation;
  beforeAll(async () => {
    db = await stockedDatabase(() => freshPglite());
    valuation = new EmbeddedValuation(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("takes the same badge's used and demo stock within three years when it has at least three prices", async () => {
    const offer = (await valuation.value(valuationDealer, request(VALUED_CAR), NOW))!;
    expect(offer.basis).toBe("comparables");
    // 24,000, 26,000 (sold) and 25,000 a year newer with 15,000 km fewer (25,000 x 0.9 x 0.97 = 21,825): median 24,000.
    expect(offer.marketValue).toBe(24_000);
    expect(offer.offerPrice).toBe(19_200);
    expect(offer.lines[0]!.label).toBe(
      `Market value of a ${year - 3} Toyota Corolla Ascent Sport with 45,000 km, from 3 asking prices of comparable cars in our stock, adjusted to its year and kilometres`,
    );
  });

  it("takes the whole model, with the market averages recorded against it, when the badge has too few", async () => {
    const offer = (await valuation.value(valuationDealer, request({ ...VALUED_CAR, badge: "ZR" }), NOW))!;
    // 21,825, 23,500, 24,000, 24,800 (SX's market average), 26,000: median 24,000.
    expect(offer.marketValue).toBe(24_000);
    expect(offer.lines[0]!.label).toBe(
      `Market value of a ${year - 3} Toyota Corolla ZR with 45,000 km, from 4 asking prices of comparable cars in our stock and 1 market average, adjusted to its year and kilometres`,
    );
  });

  it("lets more of the same badge move the figure", async () => {
    await upsertVehicles(db, valuationDealer.slug, [corolla("c-7", 27_000), corolla("c-8", 27_000)]);
    const offer = (await valuation.value(valuationDealer, request(VALUED_CAR), NOW))!;
    // Ascent Sport only: 21,825, 24,000, 26,000, 27,000, 27,000 -> 26,000.
    expect(offer.marketValue).toBe(26_000);
    await db.query("DELETE FROM vehicles WHERE tenant = $1 AND id IN ('c-7', 'c-8')", [valuationDealer.slug]);
  });

  it("falls back on the catalogue's new price for a model the stock has too few of", async () => {
    const hilux = { ...VALUED_CAR, model: "HiLux", badge: "SR5" };
    const offer = (await valuation.value(valuationDealer, request(hilux), NOW))!;
    expect(offer.basis).toBe("catalogue");
    expect(cataloguePrice(hilux)).toBe(66_990);
    expect(offer.lines[0]!.label).toContain("from its new price of $66,990 less 3 years of wear");
  });

  it("gives no figure for a model neither the stock nor the catalogue knows, or a car without a year", async () => {
    expect(await valuation.value(valuationDealer, request({ ...VALUED_CAR, make: "Holden", model: "Kingswood" }), NOW)).toBeNull();
    expect(await valuation.value(valuationDealer, request({ ...VALUED_CAR, year: 0 }), NOW)).toBeNull();
  });
});
