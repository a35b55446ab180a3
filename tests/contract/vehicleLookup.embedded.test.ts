/**
 * The rego lookup contract on the embedded lookup (the dealer's own cars in PGlite, and in the PostgreSQL
 * of DATABASE_URL when set), then its own rules: sold cars are found, another dealer's never, and a car
 * whose state is unknown is found in any state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { EmbeddedVehicleLookup } from "@server/tradeIn/embeddedLookup";
import { onPostgres } from "../support/postgres";
import { testVehicle } from "../support/testVehicle";
import { describeVehicleLookupContract, lookupDealer, REGISTERED, type VehicleLookupHarness } from "./vehicleLookup.contract";

async function stockedDatabase(open: () => Promise<Database>): Promise<Database> {
  const db = await open();
  await migrate(db);
  await upsertVehicles(db, lookupDealer.slug, [
    testVehicle({ id: "a-1", slug: "a-1", regplate: "ABC 123", state: "NSW", ...REGISTERED.vehicle, km: 38_000 }),
    testVehicle({
      id: "a-2",
      slug: "a-2",
      regplate: "SOLD42",
      state: "VIC",
      status: "sold",
      year: 2019,
      make: "Mazda",
      model: "CX-5",
      badge: "Maxx",
    }),
    testVehicle({
      id: "a-3",
      slug: "a-3",
      regplate: "NOSTATE",
      state: "",
      location: null,
      year: 2020,
      make: "Kia",
      model: "Cerato",
      badge: "S",
    }),
  ]);
  await upsertVehicles(db, "beta-motors", [testVehicle({ id: "b-1", slug: "b-1", regplate: "BETA01", state: "NSW" })]);
  return db;
}

function embedded(open: () => Promise<Database>) {
  return async (): Promise<VehicleLookupHarness> => {
    const db = await stockedDatabase(open);
    return { lookup: new EmbeddedVehicleLookup(db), known: REGISTERED, otherState: "VIC", close: () => db.close() };
  };
}

describeVehicleLookupContract(
  "embedded (PGlite)",
  embedded(() => freshPglite()),
);
onPostgres("rego lookup contract: embedded", "vehicle_lookup", (name, open) =>
  describeVehicleLookupContract(`embedded (${name})`, embedded(open)),
);

describe("embedded rego lookup: the dealer's own cars", () => {
  let db: Database;
  let lookup: EmbeddedVehicleLookup;
  beforeAll(async () => {
    db = await stockedDatabase(() => freshPglite());
    lookup = new EmbeddedVehicleLookup(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("gives the stock record: the odometer as the dealer had it, VIN and NVIC", async () => {
    expect(await lookup.lookup(lookupDealer, { rego: "abc123", regoState: "NSW" })).toEqual({
      ...REGISTERED.vehicle,
      km: 38_000,
      vin: "MR0HA3CD100123456",
      nvic: "0B6X22",
      body: expect.any(String),
      colour: "Glacier White",
      source: "stock",
    });
  });

  it("finds a car the dealer has sold (a shopper trading back what they bought)", async () => {
    expect(await lookup.lookup(lookupDealer, { rego: "SOLD42", regoState: "VIC" })).toMatchObject({ make: "Mazda", model: "CX-5" });
  });

  it("finds a car whose state the stock does not record in whichever state is asked", async () => {
    expect(await lookup.lookup(lookupDealer, { rego: "NOSTATE", regoState: "QLD" })).toMatchObject({ make: "Kia" });
  });

  it("never finds another dealer's car", async () => {
    expect(await lookup.lookup(lookupDealer, { rego: "BETA01", regoState: "NSW" })).toBeNull();
    expect(await lookup.lookup({ slug: "beta-motors" }, { rego: "BETA01", regoState: "NSW" })).toMatchObject({ make: "Toyota" });
  });
});
