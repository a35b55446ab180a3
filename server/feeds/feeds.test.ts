/**
 * Both ad channels' feeds checked against the attribute lists the channels publish (tests/fixtures/feeds,
 * each with its sources and the day they were read): every required attribute is a column and is filled
 * for every car in the feed, values are in the channel's allowed sets and formats, the TSV keeps one row
 * per car whatever the dealer typed, the Meta CSV reads back as RFC 4180 and the Meta XML is well formed
 * (xmllint) with the catalogue's <listings>/<listing> structure.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Vehicle } from "~/domain/vehicle";
import googleSpec from "../../tests/fixtures/feeds/google-vehicle-ads.json";
import metaSpec from "../../tests/fixtures/feeds/meta-vehicles.json";
import { testTenant } from "../../tests/support/testTenant";
import { testVehicle } from "../../tests/support/testVehicle";
import { generateDemoStock } from "../demo/demoStock";
import { parseCsv } from "../stock/csv";
import { loadTenantsFromDir } from "../tenants/registry";
import type { TenantConfig } from "../tenants/schema";
import { feedsReport, renderFeeds } from "./build";
import { FEED_FILES, type FeedFile } from "./channels";
import { storeCode } from "./googleVehicleAds";

const now = new Date("2026-11-20T00:00:00Z");
const ORIGIN = "https://alpha.example.com.au";
const dealer = testTenant("alpha-motors", {
  name: "Alpha & Sons <Motors>",
  domains: ["alpha.example.com.au"],
  photos: { sourceHosts: ["https://photos.alpha.example"] },
  feeds: { googleVehicleAds: { enabled: true, storeCodes: { "test-motors": "ALPHA-1" } }, metaVehicles: { enabled: true } },
});
const photo = (url: string) => ({ url, thumb: { url } });
let stock = 0;
const car = (o: Partial<Vehicle> = {}) => {
  stock += 1;
  const stocknum = `A${1000 + stock}`;
  return testVehicle({
    id: `alpha-motors-${stocknum}`,
    slug: `2022-toyota-hilux-sr5-${stocknum.toLowerCase()}`,
    stocknum,
    vin: `MR0HA3CD100${String(100000 + stock)}`,
    images: [photo(`https://photos.alpha.example/${stocknum}/1.jpg`), photo(`https://photos.alpha.example/${stocknum}/2.jpg`)],
    primary_image_url: "",
    ...o,
  });
};

/** Every kind of stock and every value the mappings know, and what a dealer may type into comments. */
const varied: Vehicle[] = [
  car(),
  car({ car_type: "new", km: 5, simple_body: "suv", simple_fuel: "Hybrid", simple_drive: "AWD", simple_transmission: "Automatic" }),
  car({ car_type: "demo", simple_body: "hatch", simple_fuel: "Petrol", simple_drive: "FWD", simple_transmission: "Manual" }),
  car({ certified: true, simple_body: "sedan", simple_fuel: "Electric", simple_drive: "RWD" }),
  car({ certified: true, car_type: "new", simple_body: "wagon", simple_fuel: "Plug-in Hybrid" }),
  car({ simple_body: "peopleMover", simple_fuel: "", simple_drive: "", simple_transmission: "" }),
  car({ simple_body: "van" }),
  car({ simple_body: "coupe" }),
  car({ simple_body: "convertible" }),
  car({ simple_body: "Targa" }),
  car({ item_type: "motorcycle", simple_body: "motorcycle", make: "Kawasaki", model: "Z900" }),
  car({ item_type: "caravan", simple_body: "caravan", km: 0, simple_fuel: "", simple_drive: "", simple_transmission: "" }),
  car({ item_type: "truck", simple_body: "cabChassis", make: "Isuzu", model: "NPR" }),
  car({
    badge: "SR5\tSpecial",
    colour: 'Glacier "Pearl" White, metallic',
    dealercomments: 'One owner.\tTow bar.\r\nNew tyres & <service> done, "as new".\nCall us, today!',
  }),
  car({ interior_colour: "", trim: undefined, badge: "" } as Partial<Vehicle>),
  // Never in a feed: sold, no price, no photo, a bad VIN.
  car({ status: "sold" }),
  car({ price: 0 }),
  car({ images: [] }),
  car({ vin: "SHORTVIN" }),
];

const demoDealers = loadTenantsFromDir("tenants");
const demoStock = new Map<string, { tenant: TenantConfig; vehicles: Vehicle[] }>();
/** A demo dealer and its demo stock (made once: the big dealer's stock takes a while to draw). */
const demo = (slug: string) => {
  if (!demoStock.has(slug)) {
    const tenant = demoDealers.find((t) => t.slug === slug)!;
    demoStock.set(slug, { tenant, vehicles: generateDemoStock(tenant, { now }) });
  }
  return demoStock.get(slug)!;
};

const renders = new Map<Vehicle[], Promise<Map<FeedFile, { text: string; cars: number }>>>();
async function rendered(tenant = dealer, vehicles = varied) {
  if (!renders.has(vehicles)) {
    renders.set(vehicles, renderFeeds(tenant, vehicles, tenant.domains[0] ? `https://${tenant.domains[0]}` : ORIGIN, now, FEED_FILES));
  }
  const files = await renders.get(vehicles)!;
  return (file: FeedFile) => files.get(file)!;
}

/** The TSV's header and rows, each row as the header's attributes (the group attribute under its own name). */
function readTsv(text: string) {
  expect(text.endsWith("\n")).toBe(true);
  const [header, ...rows] = text.slice(0, -1).split("\n");
  const columns = header.split("\t");
  const names = columns.map((c) => c.replace(/\(.*\)$/, ""));
  const split = rows.map((line) => line.split("\t"));
  expect(split.filter((fields) => fields.length !== columns.length)).toEqual([]);
  return { names, rows: split.map((fields) => Object.fromEntries(names.map((name, i) => [name, fields[i]]))) };
}

function readCsv(text: string) {
  const [header, ...records] = parseCsv(text);
  expect(records.filter((r) => r.fields.length !== header.fields.length)).toEqual([]);
  return { names: header.fields, rows: records.map((r) => Object.fromEntries(header.fields.map((name, i) => [name, r.fields[i]]))) };
}

/** Runs xmllint on the document: its complaints, and the XPath expression's value when one is given. */
function xmllint(xml: string, xpath?: string): { problems: string; value: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meta-feed-"));
  try {
    const file = path.join(dir, "feed.xml");
    fs.writeFileSync(file, xml);
    const run = spawnSync("xmllint", [...(xpath ? ["--xpath", xpath] : ["--noout"]), "--nonet", file], { encoding: "utf8" });
    if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
    return { problems: run.stderr.trim(), value: run.stdout.trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Where a Meta field stands in a <listing>. */
function xmlPath(field: string): string[] {
  if (field === "mileage.value") return ["mileage/value"];
  if (field === "mileage.unit") return ["mileage/unit"];
  if (field === "image[0].url") return ["image[1]/url"];
  if (field === "address") return metaSpec.addressComponents.map((name) => `address[@format='simple']/component[@name='${name}']`);
  return [field];
}

describe("the Google vehicle ads feed", () => {
  it("has every required attribute as a column, filled for every car in it, and only published attributes", async () => {
    for (const { tenant, vehicles } of [{ tenant: dealer, vehicles: varied }, demo("summit-auto-group"), demo("westside-used")]) {
      const feed = (await rendered(tenant, vehicles))("google-vehicle-ads.tsv");
      const { names, rows } = readTsv(feed.text);
      expect(rows).toHaveLength(feed.cars);
      expect(feed.cars).toBeGreaterThan(0);
      for (const name of googleSpec.required) expect(names, name).toContain(name);
      for (const name of names) expect([...googleSpec.required, ...googleSpec.optional], name).toContain(name);
      expect(rows.flatMap((row) => googleSpec.required.filter((name) => !row[name]).map((name) => `${row.id}: no ${name}`))).toEqual([]);
    }
  });

  it("writes values from Google's allowed sets and formats", async () => {
    for (const { tenant, vehicles } of [{ tenant: dealer, vehicles: varied }, demo("summit-auto-group")]) {
      const { rows } = readTsv((await rendered(tenant, vehicles))("google-vehicle-ads.tsv").text);
      const allowed = googleSpec.allowedValues as Record<string, string[]>;
      const problems: string[] = [];
      const check = (ok: boolean, problem: string) => void (ok || problems.push(problem));
      const ours = new RegExp(`^https://${tenant.domains[0]}/`);
      for (const row of rows) {
        for (const name of ["condition", "certified_pre-owned", "body_style", "engine"]) {
          check(!row[name] || allowed[name].includes(row[name]), `${row.id}: ${name} ${row[name]}`);
        }
        for (const [name, pattern] of Object.entries(googleSpec.formats))
          check(new RegExp(pattern).test(row[name]), `${row.id}: ${name} ${row[name]}`);
        check(/^\d+\.\d{2} AUD$/.test(row.price), `${row.id}: price ${row.price}`);
        check(/^\d+ km$/.test(row.mileage), `${row.id}: mileage ${row.mileage}`);
        // vehicle_fulfillment(option:store_code): in store, at the car's yard.
        const [option, code] = row.vehicle_fulfillment.split(":");
        check(
          allowed["vehicle_fulfillment.option"].includes(option) && code === row.store_code,
          `${row.id}: vehicle_fulfillment ${row.vehicle_fulfillment}`,
        );
        for (const [name, max] of Object.entries(googleSpec.maxLength)) check(row[name].length <= max, `${row.id}: ${name} too long`);
        const more = row.additional_image_link ? row.additional_image_link.split(",") : [];
        check(more.length <= googleSpec.maxRepeated.additional_image_link, `${row.id}: ${more.length} additional images`);
        for (const url of [row.link, row.image_link, ...more]) check(ours.test(url), `${row.id}: ${url} is not on the dealer's domain`);
        check(/\/photos\?src=.+&w=1280$/.test(row.image_link), `${row.id}: image_link ${row.image_link}`);
      }
      expect(problems).toEqual([]);
    }
  });

  it("takes passenger cars and utes only, and uses the dealer's store code for the yard", async () => {
    const { rows } = readTsv((await rendered())("google-vehicle-ads.tsv").text);
    const ids = rows.map((r) => r.id);
    const left = (stocknum: string) => varied.find((v) => v.stocknum === stocknum)!;
    for (const row of rows) expect(left(row.id).item_type).toBe("car");
    expect(ids).not.toContain(varied.find((v) => v.simple_body === "cabChassis")!.stocknum);
    expect(rows[0].store_code).toBe("ALPHA-1");
    expect(storeCode(dealer, { id: "l9", slug: "not-named" })).toBe("l9");
  });

  it("keeps one row per car when a value has tabs or line breaks", async () => {
    const { rows } = readTsv((await rendered())("google-vehicle-ads.tsv").text);
    const typed = rows.find((r) => r.description.includes("One owner."))!;
    expect(typed.description).toBe(
      'Used 2022 Toyota HiLux SR5 Special GUN126R, 42,000 km, 6 Speed Automatic, Diesel, Glacier "Pearl" White, metallic. Stock A1014. One owner. Tow bar. New tyres & <service> done, "as new". Call us, today!',
    );
    expect(typed.trim).toBe("SR5 Special");
  });
});

describe("the Meta automotive catalogue", () => {
  it("CSV: every required field is a column, filled for every car in it, with published names only", async () => {
    for (const { tenant, vehicles } of [{ tenant: dealer, vehicles: varied }, demo("summit-auto-group"), demo("westside-used")]) {
      const feed = (await rendered(tenant, vehicles))("meta-vehicles.csv");
      const { names, rows } = readCsv(feed.text);
      expect(rows).toHaveLength(feed.cars);
      expect(feed.cars).toBeGreaterThan(0);
      for (const name of metaSpec.required) expect(names, name).toContain(name);
      const published = new Set([...metaSpec.required, ...metaSpec.optional]);
      for (const name of names) expect(published.has(name) || /^image\[\d+\]\.url$/.test(name), name).toBe(true);
      expect(rows.flatMap((row) => metaSpec.required.filter((name) => !row[name]).map((name) => `${row.vehicle_id}: no ${name}`))).toEqual(
        [],
      );
    }
  });

  it("CSV: values from Meta's allowed sets and formats, the address a JSON object of its components", async () => {
    for (const { tenant, vehicles } of [{ tenant: dealer, vehicles: varied }, demo("summit-auto-group")]) {
      const { rows } = readCsv((await rendered(tenant, vehicles))("meta-vehicles.csv").text);
      const allowed = metaSpec.allowedValues as Record<string, string[]>;
      const problems: string[] = [];
      const check = (ok: boolean, problem: string) => void (ok || problems.push(problem));
      for (const row of rows) {
        for (const [name, values] of Object.entries(allowed))
          check(!row[name] || values.includes(row[name]), `${row.vehicle_id}: ${name} ${row[name]}`);
        for (const [name, pattern] of Object.entries(metaSpec.formats)) {
          check(
            !(row[name] || metaSpec.required.includes(name)) || new RegExp(pattern).test(row[name]),
            `${row.vehicle_id}: ${name} ${row[name]}`,
          );
        }
        check(/^\d+\.\d{2} AUD$/.test(row.price), `${row.vehicle_id}: price ${row.price}`);
        check(row["mileage.unit"] === "KM", `${row.vehicle_id}: mileage.unit ${row["mileage.unit"]}`);
        const address = JSON.parse(row.address) as Record<string, string>;
        check(
          JSON.stringify(Object.keys(address).sort()) === JSON.stringify([...metaSpec.addressComponents].sort()) &&
            address.country === "AU",
          `${row.vehicle_id}: address ${row.address}`,
        );
        for (const [name, max] of Object.entries(metaSpec.maxLength)) check(row[name].length <= max, `${row.vehicle_id}: ${name} too long`);
        check(row.url.startsWith(`https://${tenant.domains[0]}/cars/`), `${row.vehicle_id}: url ${row.url}`);
        check(
          new RegExp(`^https://${tenant.domains[0]}/photos\\?src=.+&w=1280$`).test(row["image[0].url"]),
          `${row.vehicle_id}: image[0].url ${row["image[0].url"]}`,
        );
      }
      expect(problems).toEqual([]);
    }
  });

  it("CSV: quotes what needs it, so commas, quotes and line breaks read back as typed", async () => {
    const { rows } = readCsv((await rendered())("meta-vehicles.csv").text);
    const typed = rows.find((r) => r.description.includes("One owner."))!;
    expect(typed.exterior_color).toBe('Glacier "Pearl" White, metallic');
    expect(typed.description).toMatch(/Stock A1014\.\n\nOne owner\.\tTow bar\.\nNew tyres & <service> done, "as new"\.\nCall us, today!$/);
    // Every kind of stock has its vehicle type; a caravan has no odometer.
    expect(new Set(rows.map((r) => r.vehicle_type))).toEqual(new Set(["CAR_TRUCK", "MOTORCYCLE", "RV_CAMPER", "COMMERCIAL"]));
    expect(rows.find((r) => r.vehicle_type === "RV_CAMPER")!["mileage.value"]).toBe("0");
    expect(new Set(rows.map((r) => r.state_of_vehicle))).toEqual(new Set(["NEW", "USED", "CPO"]));
  });

  it("XML: well formed, <listings> of <listing>, every required field in every listing and values from the allowed sets", async () => {
    for (const { tenant, vehicles } of [{ tenant: dealer, vehicles: varied }, demo("westside-used")]) {
      const feed = (await rendered(tenant, vehicles))("meta-vehicles.xml");
      expect(feed.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<listings>')).toBe(true);
      expect(xmllint(feed.text).problems).toBe("");
      const required = metaSpec.required.flatMap(xmlPath);
      const enums = Object.entries(metaSpec.allowedValues as Record<string, string[]>).map(([field, values]) => {
        const at = xmlPath(field)[0];
        return `count(/listings/listing[${at} and not(${values.map((v) => `${at}='${v}'`).join(" or ")})])`;
      });
      const expressions = [
        "count(/listings/listing)",
        "count(/*[not(self::listings)])",
        "count(/listings/listing[not(vehicle_id)])",
        ...required.map((at) => `count(/listings/listing[not(normalize-space(${at}))])`),
        ...enums,
      ];
      const { value, problems } = xmllint(feed.text, `concat(${expressions.join(", ' ', ")})`);
      expect(problems).toBe("");
      const [listings, ...missing] = value.split(" ").map(Number);
      expect(listings).toBe(feed.cars);
      expect(listings).toBeGreaterThan(0);
      expect(Object.fromEntries(expressions.slice(1).map((e, i) => [e, missing[i]]))).toEqual(
        Object.fromEntries(expressions.slice(1).map((e) => [e, 0])),
      );
    }
  });

  it("XML: escapes what the dealer typed and the dealer's name", async () => {
    const xml = (await rendered())("meta-vehicles.xml").text;
    expect(xml).toContain("<title>Alpha &amp; Sons &lt;Motors&gt; vehicles</title>");
    expect(xml).toContain('<link rel="self" href="https://alpha.example.com.au/feeds/meta-vehicles.xml"/>');
    const { value } = xmllint(xml, "string(/listings/listing[vin='MR0HA3CD100100014']/description)");
    expect(value).toContain('New tyres & <service> done, "as new".');
    // Characters XML cannot carry are dropped, not sent to break the document.
    const control = await rendered(dealer, [car({ dealercomments: "Bad\u0001byte \uD800 here" })]);
    expect(control("meta-vehicles.xml").text).toContain("Badbyte  here");
    expect(xmllint(control("meta-vehicles.xml").text).problems).toBe("");
  });
});

describe("the same stock gives the same bytes", () => {
  it("orders cars by stock number, whatever order the database gave them in", async () => {
    const forwards = await rendered(dealer, varied);
    const backwards = await rendered(dealer, [...varied].reverse());
    for (const file of FEED_FILES) expect(backwards(file).text).toBe(forwards(file).text);
  });
});

describe("the report npm run feeds prints", () => {
  it("counts the cars in each channel and gives every other car's reasons, as the feeds do", async () => {
    const report = feedsReport(dealer, varied, now);
    const files = await rendered();
    const google = report.channels.find((c) => c.channel === "googleVehicleAds")!;
    const meta = report.channels.find((c) => c.channel === "metaVehicles")!;
    expect(google.included).toBe(files("google-vehicle-ads.tsv").cars);
    expect(meta.included).toBe(files("meta-vehicles.csv").cars);
    expect(google.included + google.excluded.length).toBe(varied.length);
    expect(meta.excluded.map((c) => c.reasons)).toEqual([
      ["sold"],
      ["no price"],
      ["no photos"],
      ['VIN "SHORTVIN" is not 17 letters and digits without I, O or Q'],
    ]);
    expect(google.addresses).toEqual(["/feeds/google-vehicle-ads.tsv"]);
    expect(meta.addresses).toEqual(["/feeds/meta-vehicles.csv", "/feeds/meta-vehicles.xml"]);
    expect(report.warnings).toEqual([]);
  });

  it("names a store code given for a location the dealer does not have", () => {
    const typo = testTenant("typo-motors", { feeds: { googleVehicleAds: { storeCodes: { "tset-motors": "X" } } } });
    expect(feedsReport(typo, [], now).warnings).toEqual([
      'feeds.googleVehicleAds.storeCodes names "tset-motors", which is no location\'s slug (locations: test-motors)',
    ]);
  });
});
