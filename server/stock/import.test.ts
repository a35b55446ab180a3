import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { freshPglite } from "../../tests/support/freshPglite";
import { listFeedPhotoOrigins } from "../db/feedPhotoOrigins";
import { countVehicles, getVehicleById, listVehicles, upsertVehicles } from "../db/vehicles";
import { locationInput, testGroupTenant, testTenant } from "../../tests/support/testTenant";
import { generateDemoStock } from "../demo/demoStock";
import { importStock, readFeed, validateRows } from "./import";
import { rowToVehicle } from "./importRow";
import { feedMapping } from "./profiles";
import { loadDemoStockIfEmpty } from "../demo/loadDemoStock";

const NOW = new Date("2026-03-15T10:00:00Z");
/*
 * The test's own dealers. A group whose feeds land at its primary Hyundai yard unless a row names its
 * used-car yard, taking online deposits; a used-car yard; a GWM and Haval brand dealer. The template sets
 * how much demo stock each gets (group 1,200, brand 300).
 */
const group = testGroupTenant(
  "harbour-auto-group",
  [
    {
      id: "hg-hyu",
      slug: "harbour-hyundai",
      locations: [
        { id: "hg-l1", city: "Parramatta", primary: true, manufacturers: ["Hyundai"] },
        { id: "hg-l2", city: "Parramatta", location_type: "service", manufacturers: ["Hyundai"] },
      ],
    },
    { id: "hg-used", slug: "harbour-used", locations: [{ id: "hg-l10", slug: "harbour-used-castle-hill", city: "Castle Hill" }] },
  ],
  { template: "group", features: { reserve: true } },
);
const usedYard = testTenant("ridge-used-cars", { template: "standard", search: { baseFilter: { carTypes: ["used"] } } });
const brandDealer = testTenant("bay-gwm-haval", {
  template: "brand",
  search: { baseFilter: { carTypes: ["new", "demo"] } },
  locations: [locationInput("bay-gwm-haval", "bg-sales", { city: "Southport", manufacturers: ["GWM", "Haval"] })],
});
const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/import", name), "utf8");

const minimal = { stocknum: "M1", make: "Toyota", model: "Corolla", year: 2021, price: 25990, car_type: "used", status: "in_stock" };
const platformLayout = feedMapping(undefined);
/** Rows of this site's own layout, checked and built into vehicles as an import would (nothing stored yet). */
const validate = (rows: unknown[]) => {
  const checked = validateRows(readFeed({ rows }).rows, group, platformLayout, NOW);
  return { ...checked, vehicles: checked.rows.map(({ line, row }) => ({ line, vehicle: rowToVehicle(row, group, undefined, NOW) })) };
};

describe("validateRows", () => {
  it("accepts a minimal row and fills in everything else", () => {
    const { vehicles, errors } = validate([minimal]);
    expect(errors).toEqual([]);
    const v = vehicles[0].vehicle;
    expect(v.id).toBe("harbour-auto-group-m1");
    expect(v.slug).toBe("2021-toyota-corolla-m1");
    expect(v.name).toBe("2021 Toyota Corolla");
    expect(v.item_type).toBe("car");
    expect(v.location_id).toBe("hg-l1");
    expect(v.dealership_slug).toBe("harbour-hyundai");
    expect(v.created_at).toBe(NOW.toISOString());
    expect(v.photos_count).toBe(0);
    expect(v.payment_processors).toEqual(["stripe"]);
    expect(v.price_type).toBe("Drive Away");
  });

  it("rejects a row only for a missing or unreadable make, model, year or price, naming the field and the value", () => {
    const { errors, vehicles } = validate([
      { ...minimal, stocknum: "A", make: "" },
      { ...minimal, stocknum: "B", price: "abc" },
      { ...minimal, stocknum: "C", year: 1800 },
      { model: "Corolla" },
      "not an object",
    ]);
    expect(vehicles).toHaveLength(0);
    expect(errors).toEqual([
      { line: 1, reason: "make is required" },
      { line: 2, reason: 'price "abc" is not a price like 34990 or $34,990' },
      { line: 3, reason: "year must be between 1900 and 2027 (got 1800)" },
      { line: 4, reason: "make is required; year is required; price is required" },
      { line: 5, reason: "must be an object with vehicle fields" },
    ]);
  });

  it("keeps a row with a bad optional value, leaving that field empty and warning with the line, column and value", () => {
    const { errors, vehicles, warnings } = validate([
      { ...minimal, stocknum: "D", car_type: "nearly new" },
      { ...minimal, stocknum: "E", status: "parked" },
      { ...minimal, stocknum: "F", vin: "IOQ123" },
      { ...minimal, stocknum: "G", images: "javascript:alert(1)" },
      { ...minimal, stocknum: "H", location: "mars" },
      { ...minimal, stocknum: "I", rego_expiry: "31/02/2026" },
      { ...minimal, stocknum: "J", reserved: "maybe" },
      { ...minimal, stocknum: "K", doors: " 4 Doors", drive: "Front", fuel: "Premium", colour: "-", km: "-" },
    ]);
    expect(errors).toEqual([]);
    expect(vehicles.map((v) => v.vehicle.stocknum)).toEqual(["D", "E", "F", "G", "H", "I", "J", "K"]);
    expect(warnings.map(({ line, column, value, message }) => ({ line, column, value, message }))).toEqual([
      {
        line: 1,
        column: "car_type",
        value: "nearly new",
        message: 'car_type "nearly new" is not a car type the site knows (new, demo or used); taken as used',
      },
      {
        line: 2,
        column: "status",
        value: "parked",
        message: 'status "parked" is not a status the site knows (in_stock, coming_soon or sold); taken as in stock',
      },
      { line: 3, column: "vin", value: "IOQ123", message: "vin must be 17 letters and digits without I, O or Q; left empty" },
      {
        line: 4,
        column: "images",
        value: '["javascript:alert(1)"]',
        message: 'images must be http(s) URLs or paths starting with / (got "javascript:alert(1)"); left empty',
      },
      {
        line: 5,
        column: "location",
        value: "mars",
        message: 'location "mars" is not one of this dealer\'s locations; the car is listed at the primary location',
      },
      { line: 6, column: "rego_expiry", value: "31/02/2026", message: 'rego_expiry is not a real date (got "31/02/2026"); left empty' },
      { line: 7, column: "reserved", value: "maybe", message: 'reserved must be true or false (got "maybe"); left empty' },
    ]);
    const byStock = new Map(vehicles.map((v) => [v.vehicle.stocknum, v.vehicle]));
    expect(byStock.get("D")?.car_type).toBe("used");
    expect(byStock.get("E")?.status).toBe("in_stock");
    expect(byStock.get("F")?.vin).toBe("");
    expect(byStock.get("G")?.images).toEqual([]);
    expect(byStock.get("H")?.location_id).toBe("hg-l1");
    expect(byStock.get("J")?.reserved).toBe(false);
    expect(byStock.get("K")).toMatchObject({ doors: 4, simple_drive: "FWD", simple_fuel: "Petrol", colour: "", km: 0 });
  });

  it("reads dealers' spellings: $ and commas in prices, Australian dates, aliases and | lists", () => {
    const { vehicles, errors } = validate([
      {
        "Stock Number": "X9",
        make: "Ford",
        model: "Ranger",
        year: "2022",
        price: "$52,990",
        condition: "Used",
        status: "In Stock",
        kms: "48,211",
        fuel: "diesel",
        drive: "4x4",
        transmission: "auto",
        rego_expiry: "31/10/2026",
        photos: "https://cdn.example.com/1.jpg | /uploads/2.jpg",
        features: "Tow Bar|Reversing Camera",
        location: "harbour-used-castle-hill",
        certified: "yes",
      },
    ]);
    expect(errors).toEqual([]);
    const v = vehicles[0].vehicle;
    expect([v.price, v.car_type, v.status, v.km, v.simple_fuel, v.simple_drive, v.simple_transmission]).toEqual([
      52990,
      "used",
      "in_stock",
      48211,
      "Diesel",
      "4WD",
      "Automatic",
    ]);
    expect(v.rego_expiry).toBe("2026-10-31");
    expect(v.images.map((i) => i.url)).toEqual(["https://cdn.example.com/1.jpg", "/uploads/2.jpg"]);
    expect(v.primary_image_url).toBe("https://cdn.example.com/1.jpg");
    expect(v.standardEquipment).toEqual(["Tow Bar", "Reversing Camera"]);
    expect(v.dealership_slug).toBe("harbour-used");
    expect(v.city).toBe("Castle Hill");
    expect(v.certified).toBe(true);
  });

  it("rejects a stock number that appears twice, keeping the first", () => {
    const { vehicles, errors } = validate([minimal, { ...minimal, price: 1 }]);
    expect(vehicles).toHaveLength(1);
    expect(errors).toEqual([{ line: 2, reason: 'stocknum "M1" appears again (first on line 1)' }]);
  });
});

describe("readFeed", () => {
  it("numbers CSV rows by the line they start on and warns about unknown columns", () => {
    const { rows, warnings } = readFeed({
      format: "csv",
      content: 'stocknum,make,model,year,price,colour_code\nA,"Toy\nota",Yaris,2020,1,X\nB,Mazda,2,2020,1,Y\nC,Kia\n',
    });
    expect(rows.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(rows[0].data).toEqual({ stocknum: "A", make: "Toy\nota", model: "Yaris", year: "2020", price: "1", colour_code: "X" });
    expect(warnings).toEqual([{ line: 0, message: 'unknown column "colour_code" ignored' }]);
    const { errors } = validateRows(rows, group, platformLayout, NOW);
    expect(errors.find((e) => e.line === 5)?.reason).toBe("has 2 fields but the header has 6");
  });

  it("accepts a JSON array or an object with a vehicles array", () => {
    expect(readFeed({ format: "json", content: '{"vehicles":[{"stocknum":"A"}]}' }).rows).toEqual([{ line: 1, data: { stocknum: "A" } }]);
    expect(() => readFeed({ format: "json", content: "{nope" })).toThrow(/not valid JSON/);
    expect(() => readFeed({ format: "json", content: '{"cars":[]}' })).toThrow(/array of vehicles/);
  });
});

describe("importStock", () => {
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
    await db.query("DELETE FROM feed_photo_origins");
  });

  it("lands the good CSV rows and reports the bad ones by file line", async () => {
    const changed: [string, string[]][] = [];
    const result = await importStock(
      { db, onChanged: (t, ids) => changed.push([t, ids]) },
      group,
      { format: "csv", content: fixture("stock.csv") },
      { now: NOW },
    );
    expect(result.errors).toEqual([
      { line: 5, reason: "make is required" },
      { line: 6, reason: 'price "abc" is not a price like 34990 or $34,990' },
      { line: 7, reason: 'year must be between 1900 and 2027 (got "1800")' },
    ]);
    // "brand-new" is how some dealers write new.
    expect(await getVehicleById(db, "harbour-auto-group", "harbour-auto-group-imp1006")).toMatchObject({ car_type: "new" });
    expect([result.received, result.inserted, result.updated]).toEqual([7, 4, 0]);
    const stored = await listVehicles(db, "harbour-auto-group");
    expect(stored.map((v) => v.stocknum).sort()).toEqual(["IMP1001", "IMP1002", "IMP1006", "IMP1007"]);
    const hilux = await getVehicleById(db, "harbour-auto-group", "harbour-auto-group-imp1001");
    expect(hilux?.dealercomments).toBe('One owner, full service history.\nTow bar fitted, "as new" condition.');
    expect(hilux?.price).toBe(52990);
    expect(hilux?.images).toHaveLength(2);
    const triton = await getVehicleById(db, "harbour-auto-group", "harbour-auto-group-imp1007");
    expect(triton?.status).toBe("sold");
    expect(triton?.sold_at).toBe(NOW.toISOString());
    expect(triton?.tag).toBe("Test Drive Only");
    expect(changed).toEqual([
      [
        "harbour-auto-group",
        ["harbour-auto-group-imp1001", "harbour-auto-group-imp1002", "harbour-auto-group-imp1006", "harbour-auto-group-imp1007"],
      ],
    ]);
  });

  it("the photo hosts the dealer's own feed names are allowed for that dealer; with feedHosts off, unlisted hosts are warned about", async () => {
    const trusted = await importStock({ db }, group, { format: "csv", content: fixture("stock.csv") }, { now: NOW });
    expect(trusted.warnings.filter((w) => w.message.startsWith("photos on"))).toEqual([]);
    expect(await listFeedPhotoOrigins(db, group.slug)).toEqual(["https://cdn.example.com"]);
    expect(await listFeedPhotoOrigins(db, "another-dealer")).toEqual([]);
    await db.query("DELETE FROM vehicles");
    await db.query("DELETE FROM feed_photo_origins");

    const own = { ...group, photos: { sourceHosts: [], feedHosts: false } };
    const unlisted = await importStock({ db }, own, { format: "csv", content: fixture("stock.csv") }, { now: NOW });
    expect(unlisted.warnings).toContainEqual({
      line: 0,
      message:
        'photos on https://cdn.example.com show the placeholder until "https://cdn.example.com" is listed in the dealer\'s photos.sourceHosts',
    });
    expect(await listFeedPhotoOrigins(db, group.slug)).toEqual([]);
    await db.query("DELETE FROM vehicles");
    const listed = { ...group, photos: { sourceHosts: ["https://cdn.example.com"], feedHosts: false } };
    const result = await importStock({ db }, listed, { format: "csv", content: fixture("stock.csv") }, { now: NOW });
    expect(result.inserted).toBe(4);
    expect(result.warnings.filter((w) => w.message.startsWith("photos on"))).toEqual([]);
  });

  it("a feed's photo on an address or a local name is never trusted, and the dealer is told how to allow it", async () => {
    const csv = fixture("stock.csv").replace(/https:\/\/cdn\.example\.com/g, "http://10.0.0.5");
    const result = await importStock({ db }, group, { format: "csv", content: csv }, { now: NOW });
    expect(result.warnings).toContainEqual({
      line: 0,
      message:
        "photos on http://10.0.0.5 show the placeholder: a feed's photo host must be a name on the internet, not an address or a local name; list \"http://10.0.0.5\" in the dealer's photos.sourceHosts to allow it",
    });
    expect(await listFeedPhotoOrigins(db, group.slug)).toEqual([]);
  });

  it("lands the good JSON rows and reports the bad ones by position", async () => {
    const result = await importStock({ db }, usedYard, { format: "json", content: fixture("stock.json") }, { now: NOW });
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(result.errors[0].reason).toBe("make is required");
    expect(result.inserted).toBe(4);
    const preorder = await getVehicleById(db, "ridge-used-cars", "ridge-used-cars-jsn2002");
    expect(preorder).toMatchObject({ preorder: true, price: 0, status: "coming_soon", simple_fuel: "Hybrid" });
    expect(preorder?.variant.enginesize).toBe(1497);
    const caravan = await getVehicleById(db, "ridge-used-cars", "ridge-used-cars-jsn2007");
    expect(caravan?.item_type).toBe("caravan");
    expect(caravan?.caravan).toMatchObject({ sleeps: 3, tare_weight: 2650, aggregate_trailer_mass: 3300, axle_type: "Tandem" });
  });

  it("updates on re-import, keeping when the car arrived and when it first sold", async () => {
    const first = new Date("2026-03-01T00:00:00Z");
    await importStock({ db }, group, { rows: [minimal, { ...minimal, stocknum: "S1", status: "sold" }] }, { now: first });
    const again = await importStock(
      { db },
      group,
      {
        rows: [
          { ...minimal, price: 23990 },
          { ...minimal, stocknum: "S1", status: "sold" },
        ],
      },
      { now: NOW },
    );
    // The repriced car is updated; the sold one is exactly as stored, so it is not written again.
    expect([again.inserted, again.updated, again.unchanged]).toEqual([0, 1, 1]);
    const car = await getVehicleById(db, "harbour-auto-group", "harbour-auto-group-m1");
    expect(car?.price).toBe(23990);
    expect(car?.created_at).toBe(first.toISOString());
    expect(car?.updated_at).toBe(NOW.toISOString());
    const sold = await getVehicleById(db, "harbour-auto-group", "harbour-auto-group-s1");
    expect(sold?.sold_at).toBe(first.toISOString());
  });

  it("marks available cars missing from a full feed as sold, but not cars on rows with mistakes", async () => {
    const demo = generateDemoStock(usedYard, { count: 20, now: NOW });
    await upsertVehicles(db, "ridge-used-cars", demo);
    const available = demo.filter((v) => v.status !== "sold");
    const [kept, typo, ...missing] = available;
    const feed = [
      {
        stocknum: kept.stocknum,
        make: kept.make,
        model: kept.model,
        year: kept.year,
        price: kept.price,
        car_type: "used",
        status: "in_stock",
      },
      { stocknum: typo.stocknum, make: typo.make, model: typo.model, year: typo.year, price: "12k", car_type: "used", status: "in_stock" },
      { stocknum: "NEW1", make: "Kia", model: "Cerato", year: 2020, price: 19990, car_type: "used", status: "in_stock" },
    ];
    const result = await importStock({ db }, usedYard, { rows: feed }, { markMissingSold: true, now: NOW });
    expect(result.errors).toHaveLength(1);
    expect(result.markedSold.sort()).toEqual(missing.map((v) => v.id).sort());
    const after = new Map((await listVehicles(db, "ridge-used-cars")).map((v) => [v.id, v]));
    expect(after.get(typo.id)?.status).toBe(typo.status);
    expect(after.get(kept.id)?.status).toBe("in_stock");
    for (const v of missing) expect(after.get(v.id)).toMatchObject({ status: "sold", sold_at: NOW.toISOString() });
    expect(after.get("ridge-used-cars-new1")?.status).toBe("in_stock");
  });

  it("changes nothing when no row is valid, even with mark-missing-sold", async () => {
    await upsertVehicles(db, "ridge-used-cars", generateDemoStock(usedYard, { count: 5, now: NOW }));
    const result = await importStock({ db }, usedYard, { rows: [{ stocknum: "Z", make: "Kia" }] }, { markMissingSold: true, now: NOW });
    expect(result.markedSold).toEqual([]);
    expect(result.inserted + result.updated).toBe(0);
    const bad = await importStock({ db }, usedYard, { format: "json", content: "[{" }, { markMissingSold: true, now: NOW });
    expect(bad.errors[0]).toMatchObject({ line: 0, reason: expect.stringContaining("not valid JSON") });
    expect((await listVehicles(db, "ridge-used-cars")).filter((v) => v.status === "sold" && v.sold_at === NOW.toISOString())).toHaveLength(
      0,
    );
  });

  it("loads demo stock only into sites with no vehicles", async () => {
    await upsertVehicles(db, "ridge-used-cars", generateDemoStock(usedYard, { count: 3, now: NOW }));
    const loaded = await loadDemoStockIfEmpty(db, [brandDealer, usedYard], NOW);
    expect(loaded).toEqual([{ tenant: "bay-gwm-haval", loaded: 300 }]);
    expect(await countVehicles(db, "bay-gwm-haval")).toBe(300);
    expect(await countVehicles(db, "ridge-used-cars")).toBe(3);
    expect(await loadDemoStockIfEmpty(db, [brandDealer, usedYard], NOW)).toEqual([]);
  });

  it("a first start stopped half way through a site's demo stock leaves that site empty, to be loaded again", async () => {
    let batches = 0;
    const failing = {
      query: db.query.bind(db),
      transaction: <T>(fn: (tx: typeof db) => Promise<T>) =>
        db.transaction((tx) =>
          fn({
            ...db,
            query: async (sql: string, params?: unknown[]) => {
              if (sql.includes("INSERT INTO vehicles") && ++batches === 3) throw new Error("power cut");
              return tx.query(sql, params);
            },
          } as typeof db),
        ),
    };
    await expect(loadDemoStockIfEmpty(failing, [group], NOW)).rejects.toThrow("power cut");
    expect(await countVehicles(db, "harbour-auto-group")).toBe(0);
    expect(await loadDemoStockIfEmpty(db, [group], NOW)).toEqual([{ tenant: "harbour-auto-group", loaded: 1200 }]);
  });
});
