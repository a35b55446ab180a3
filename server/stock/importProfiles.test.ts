/**
 * Stock exports nobody here wrote, imported through their profiles with no hand mapping: the Australian
 * classifieds export, a dealer-management-system export, Google's vehicle listings TSV and Meta's XML
 * catalogue (fixtures in tests/fixtures/import, realistic stock with the odd values real exports carry).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { freshPglite } from "../../tests/support/freshPglite";
import { getVehicleById, listVehicles } from "../db/vehicles";
import { testGroupTenant } from "../../tests/support/testTenant";
import { SITE_FIELDS } from "./feedFields";
import { derivedStockNumber, describeImport, importStock, type ImportResult } from "./import";
import { IMPORT_COLUMNS } from "./importRow";
import { feedMapping } from "./profiles";

const NOW = new Date("2026-03-15T10:00:00Z");
const SLUG = "harbour-auto-group";
/** A used-car dealer group with yards in Castle Hill and Parramatta; new and demo cars are not on its site. */
const dealer = (overrides: Record<string, unknown> = {}) =>
  testGroupTenant(
    SLUG,
    [
      {
        id: "hg",
        slug: "harbour-used",
        locations: [
          { id: "l-castle-hill", slug: "harbour-castle-hill", city: "Castle Hill", primary: true },
          { id: "l-parramatta", slug: "harbour-parramatta", city: "Parramatta" },
        ],
      },
    ],
    { search: { baseFilter: { carTypes: ["used"] } }, photos: { sourceHosts: ["https://photos.dealerfeed.example"] }, ...overrides },
  );
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/import", name)));
const warningsOn = (result: ImportResult, line: number) => result.warnings.filter((w) => w.line === line).map((w) => w.message);

let db: Database;
beforeAll(async () => {
  db = await freshPglite();
  await migrate(db);
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.query("DELETE FROM vehicles");
});

it("the site's own layout is every column the row reader reads", () => {
  expect([...SITE_FIELDS].sort()).toEqual([...IMPORT_COLUMNS].sort());
});

describe("the classifieds-au profile (Brand, Year, Model, Title, UsedOrNew, ColourExtInt...)", () => {
  const tenant = dealer({ stock: { feed: { profile: "classifieds-au" } } });
  const run = (options = {}) =>
    importStock({ db }, tenant, { format: "csv", content: fixture("classifieds-au.csv") }, { now: NOW, ...options });

  it("saves every row with a make, model, year and price; only those without are rejected", async () => {
    const result = await run();
    expect(result.profile).toBe("classifieds-au");
    expect(result.errors).toEqual([
      { line: 13, reason: "make is required" },
      { line: 14, reason: 'Price "$3O990" is not a price like 34990 or $34,990' },
    ]);
    expect([result.received, result.inserted, result.updated, result.unchanged]).toEqual([16, 14, 0, 0]);
    expect(await listVehicles(db, SLUG)).toHaveLength(14);
  });

  it("reads the export's own values: colours, engine, consumption, doors and seats, drive, fuel, car type and the badge from the title", async () => {
    await run();
    const cars = await listVehicles(db, SLUG);
    const rexton = cars.find((v) => v.model === "Rexton")!;
    expect(rexton).toMatchObject({
      make: "Ssangyong",
      year: 2022,
      badge: "Ultimate",
      car_type: "demo",
      status: "in_stock",
      colour: "White",
      interior_colour: "Black",
      km: 5595,
      price: 51990,
      doors: 4,
      seats: 7,
      simple_drive: "AWD",
      simple_fuel: "Diesel",
      simple_transmission: "Automatic",
      simple_body: "suv",
      engine_size_litres: 2.2,
      location_id: "l-castle-hill",
    });
    expect(rexton.variant).toMatchObject({ cylinders: 4, fuelconsumptioncombined: 8.7 });
    const mg = cars.find((v) => v.model === "MG3")!;
    expect(mg).toMatchObject({
      badge: "Excite (with Navigation)",
      simple_drive: "FWD",
      simple_fuel: "Petrol",
      location_id: "l-parramatta",
    });
    const bmw = cars.find((v) => v.model === "430I")!;
    expect(bmw).toMatchObject({ simple_drive: "RWD", simple_fuel: "Petrol", doors: 2, seats: 4 });
    const hilux = cars.find((v) => v.model === "HiLux")!;
    expect(hilux).toMatchObject({ km: 48211, price: 52990, simple_body: "ute", simple_drive: "4WD", badge: "SR5" });
    const tesla = cars.find((v) => v.make === "Tesla")!;
    expect(tesla).toMatchObject({ simple_fuel: "Electric", engine_size_litres: 0, badge: "Long Range" });
    expect(tesla.variant).toMatchObject({ cylinders: null, fuelconsumptioncombined: null });
    const xtrail = cars.find((v) => v.model === "X-Trail")!;
    expect(xtrail).toMatchObject({ badge: "ST", simple_transmission: "Manual", colour: "Ivory Pearl", interior_colour: "" });
  });

  it("turns odd optional values into warnings naming line, column and value, and leaves those fields empty", async () => {
    const result = await run();
    expect(warningsOn(result, 11)).toEqual([
      'FuelType "LPG" is not a fuel the site lists (Petrol, Diesel, Hybrid, Electric, Plug-in Hybrid); left empty',
      'DriveType "Other" is not a drive the site knows (FWD, RWD, AWD or 4WD; Front, Rear, 4x4 are understood); left empty',
      'Location "Blacktown, NSW" is not one of this dealer\'s locations; the car is listed at the primary location',
    ]);
    expect(result.warnings.find((w) => w.line === 12)).toEqual({
      line: 12,
      column: "Seats",
      value: "5-7 Seats",
      message: 'Seats "5-7 Seats" is not a number; left empty',
    });
    const falcon = (await listVehicles(db, SLUG)).find((v) => v.model === "Falcon")!;
    expect(falcon).toMatchObject({
      simple_drive: "",
      simple_fuel: "",
      km: 0,
      colour: "",
      doors: 0,
      simple_transmission: "",
      location_id: "l-castle-hill",
    });
    const cerato = (await listVehicles(db, SLUG)).find((v) => v.model === "Cerato")!;
    expect(cerato).toMatchObject({ seats: 0, doors: 5 });
  });

  it("numbers cars without stock numbers from year, make, model and odometer, telling identical new cars apart", async () => {
    const result = await run();
    expect(result.warnings).toContainEqual({
      line: 0,
      message: "14 cars have no stock number: numbered from the VIN, else from year, make, model and odometer",
    });
    expect(result.warnings).toContainEqual({ line: 0, message: 'unknown column "Car/Suv" ignored' });
    const tucsons = (await listVehicles(db, SLUG)).filter((v) => v.model === "Tucson");
    const first = derivedStockNumber({ year: "2024", make: "Hyundai", model: "Tucson", km: 10 });
    expect(tucsons.map((v) => v.stocknum).sort()).toEqual([first, `${first}-2`]);
    expect(tucsons.find((v) => v.stocknum === first)).toMatchObject({ price: 0, colour: "" });
  });

  it("lists the new and demo cars a used-only site will hide", async () => {
    const result = await run();
    const hidden = result.warnings.filter((w) => w.message.includes("search.baseFilter.carTypes"));
    expect(hidden.map((w) => w.line)).toEqual([2, 8, 9, 15]);
    expect(hidden[0].message).toBe(
      `2022 Ssangyong Rexton Ultimate (stock ${derivedStockNumber({ year: "2022", make: "Ssangyong", model: "Rexton", km: 5595 })}) is a demo car and this site shows used cars only (search.baseFilter.carTypes): it will not appear in search or the sitemap`,
    );
  });

  it("re-importing the same file changes nothing, and --mark-missing-sold still finds every car", async () => {
    await run();
    const before = await listVehicles(db, SLUG);
    const again = await run({ markMissingSold: true, now: new Date("2026-03-16T10:00:00Z") });
    expect([again.inserted, again.updated, again.unchanged, again.markedSold]).toEqual([0, 0, 14, []]);
    expect(await listVehicles(db, SLUG)).toEqual(before);
    expect(describeImport(again)[0]).toBe(`${SLUG}: 16 rows read, 0 added, 0 updated, 14 unchanged, 2 rejected`);
  });

  it("a dry run reports what would be added and changes nothing", async () => {
    const result = await run({ dryRun: true });
    expect(result).toMatchObject({ dryRun: true, inserted: 14 });
    expect(result.changes?.added).toContain(
      `2021 Toyota HiLux SR5 (stock ${derivedStockNumber({ year: "2021", make: "Toyota", model: "HiLux", km: 48211 })})`,
    );
    expect(await listVehicles(db, SLUG)).toEqual([]);
  });

  it("renaming the headers alone is not enough for the site's own layout: the file says which profile fits", async () => {
    const result = await importStock({ db }, dealer(), { format: "csv", content: fixture("classifieds-au.csv") }, { now: NOW });
    expect(result.errors).toEqual([
      {
        line: 0,
        reason:
          "the platform profile finds no column for make (make); the headers look like the classifieds-au profile: import with --profile classifieds-au, or set stock.feed.profile",
      },
    ]);
  });
});

describe("the dms profile (Type, Stock #, VIN, ... Internet Price, MSRP, ImageList)", () => {
  const run = () => importStock({ db }, dealer(), { format: "csv", content: fixture("dms.csv") }, { now: NOW, profile: "dms" });

  it("saves every priced row, reading car types, | photo lists, and stock numbers from the VIN when missing", async () => {
    const result = await run();
    expect(result.errors).toEqual([{ line: 11, reason: "price is required" }]);
    expect(result.inserted).toBe(12);
    const hilux = await getVehicleById(db, SLUG, `${SLUG}-u24031`);
    expect(hilux).toMatchObject({ car_type: "used", badge: "SR5", colour: "Glacier White", km: 48211, price: 52990, simple_body: "ute" });
    expect(hilux?.images.map((i) => i.url)).toEqual([1, 2, 3].map((n) => `https://photos.dealerfeed.example/u24031/${n}.jpg`));
    expect(await getVehicleById(db, SLUG, `${SLUG}-n24101`)).toMatchObject({ car_type: "new", price: 41500 });
    expect(await getVehicleById(db, SLUG, `${SLUG}-jmzkf4w7a00123459`)).toMatchObject({ stocknum: "JMZKF4W7A00123459", model: "CX-5" });
    expect(await getVehicleById(db, SLUG, `${SLUG}-u24035`)).toMatchObject({ car_type: "used", certified: true });
    expect(await getVehicleById(db, SLUG, `${SLUG}-u24041`)).toMatchObject({ car_type: "used", price: 0 });
  });

  it("warns about a bad VIN (left empty) and the MSRP column it does not read", async () => {
    const result = await run();
    expect(result.warnings).toContainEqual({ line: 0, message: 'unknown column "MSRP" ignored' });
    expect(warningsOn(result, 9)).toEqual(["VIN must be 17 letters and digits without I, O or Q; left empty"]);
    expect(await getVehicleById(db, SLUG, `${SLUG}-u24037`)).toMatchObject({ vin: "", model: "Everest" });
  });

  it("re-importing the same file changes nothing", async () => {
    await run();
    const again = await run();
    expect([again.inserted, again.updated, again.unchanged]).toEqual([0, 0, 12]);
  });
});

describe("the meta-catalog profile (Meta's XML catalogue)", () => {
  const tenant = dealer({ stock: { feed: { profile: "meta-catalog" } } });
  const run = () => importStock({ db }, tenant, { format: "xml", content: fixture("meta-catalog.xml") }, { now: NOW });

  it("saves every listing with a make, model, year and Australian-dollar price, reporting others by the line their <listing> starts on", async () => {
    const result = await run();
    expect(result.errors).toEqual([
      { line: 251, reason: 'price "25000 USD" is in USD; the site shows prices in Australian dollars (AUD)' },
      { line: 311, reason: "year is required" },
    ]);
    expect([result.received, result.inserted]).toEqual([13, 11]);
  });

  it("reads nested fields: mileage value and unit (miles converted), image urls, state_of_vehicle, sale price, the address's suburb", async () => {
    await run();
    const ranger = await getVehicleById(db, SLUG, `${SLUG}-m2002`);
    expect(ranger).toMatchObject({
      price: 64990,
      offer_price: 62990,
      km: 41200,
      simple_drive: "4WD",
      simple_body: "ute",
      car_type: "used",
    });
    expect(ranger?.images.map((i) => i.url)).toEqual([1, 2, 3].map((n) => `https://photos.dealerfeed.example/m2002/${n}.jpg`));
    expect(ranger?.dealercomments).toBe("Ford Ranger Wildtrak & ready to drive away. Finance available.");
    expect(await getVehicleById(db, SLUG, `${SLUG}-m2007`)).toMatchObject({ km: 28968 });
    expect(await getVehicleById(db, SLUG, `${SLUG}-m2005`)).toMatchObject({ certified: true, car_type: "used", simple_fuel: "Hybrid" });
    expect(await getVehicleById(db, SLUG, `${SLUG}-m2006`)).toMatchObject({ car_type: "demo", simple_body: "peopleMover" });
    expect(await getVehicleById(db, SLUG, `${SLUG}-m2003`)).toMatchObject({ location_id: "l-parramatta", simple_fuel: "Electric" });
    expect(await getVehicleById(db, SLUG, `${SLUG}-m2008`)).toMatchObject({ status: "sold" });
  });

  it("warns about the odd values and the cars this used-only site hides, and re-importing changes nothing", async () => {
    const first = await run();
    expect(first.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        'drivetrain "Other" is not a drive the site knows (FWD, RWD, AWD or 4WD; Front, Rear, 4x4 are understood); left empty',
        'transmission "SEQUENTIAL" is not a transmission the site knows (Automatic or Manual); left empty',
        'address.city "Penrith" is not one of this dealer\'s locations; the car is listed at the primary location',
      ]),
    );
    expect(first.warnings.filter((w) => w.message.includes("search.baseFilter.carTypes")).map((w) => w.line)).toHaveLength(2);
    const again = await run();
    expect([again.inserted, again.updated, again.unchanged]).toEqual([0, 0, 11]);
  });
});

describe("the google-vehicle-listings profile (TSV)", () => {
  it("reads ids, trims, mileage with units, ISO prices, conditions, photo links and store codes", async () => {
    const result = await importStock(
      { db },
      dealer(),
      { format: "tsv", content: fixture("google-vehicle-listings.tsv") },
      { now: NOW, profile: "google-vehicle-listings" },
    );
    expect(result.errors).toEqual([{ line: 6, reason: 'price "25000 USD" is in USD; the site shows prices in Australian dollars (AUD)' }]);
    expect(result.inserted).toBe(7);
    const prado = await getVehicleById(db, SLUG, `${SLUG}-g1001`);
    expect(prado).toMatchObject({ badge: "GXL", km: 84120, price: 61990, location_id: "l-castle-hill", car_type: "used" });
    expect(prado?.images).toHaveLength(3);
    expect(await getVehicleById(db, SLUG, `${SLUG}-g1003`)).toMatchObject({
      car_type: "new",
      status: "coming_soon",
      simple_fuel: "Hybrid",
    });
    expect(await getVehicleById(db, SLUG, `${SLUG}-g1004`)).toMatchObject({ km: 48280 });
    expect(await getVehicleById(db, SLUG, `${SLUG}-g1006`)).toMatchObject({ status: "sold", simple_transmission: "Manual" });
    expect(warningsOn(result, 4)[0]).toBe('transmission "DHT" is not a transmission the site knows (Automatic or Manual); left empty');
    expect(warningsOn(result, 8)).toContain(
      'store_code "somewhere-else" is not one of this dealer\'s locations; the car is listed at the primary location',
    );
  });
});

describe("a dealer's own mapping (stock.feed.columns)", () => {
  it("points fields at the dealer's column names over its profile", async () => {
    const tenant = dealer({
      stock: { feed: { profile: "dms", columns: { km: "Odo (miles)", price: ["Web Price", "Price"] }, distanceUnit: "mi" } },
    });
    const mapping = feedMapping(tenant.stock.feed);
    expect(mapping).toMatchObject({ name: "dms", customised: true, distanceUnit: "mi" });
    const csv = "Type,Stock #,Year,Make,Model,Odo (miles),Web Price\nUsed,A1,2019,Ford,Mustang,10000,$59990\n";
    const result = await importStock({ db }, tenant, { format: "csv", content: csv }, { now: NOW });
    expect(result.errors).toEqual([]);
    expect(await getVehicleById(db, SLUG, `${SLUG}-a1`)).toMatchObject({ km: 16093, price: 59990 });
    // Overrides written for the dealer's profile are not laid over another one.
    expect(feedMapping(tenant.stock.feed, "platform").customised).toBe(false);
  });
});
