/**
 * The ad channels' feeds through their route on an embedded database, as the server runs it: off means
 * 404, on means the stored bytes with ETag, Last-Modified and gzip, and a car repriced or sold by an
 * import through the running server (POST /api/stock/import, which tells the platform the stock changed)
 * changes or leaves every feed on the next request.
 */
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as feedLoader } from "~/routes/feeds.$file/route";
import { action as importAction } from "~/routes/api.stock.import/route";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { listVehicles, upsertVehicles } from "@server/db/vehicles";
import { FEED_FILES, type FeedFile } from "@server/feeds/channels";
import { FEED_REBUILD_AFTER_MS, FeedStore } from "@server/feeds/store";
import { CHANNEL_FEED } from "@server/http/cachePolicy";
import { IMPORT_TOKEN_HEADER, ensureImportToken } from "@server/stock/importToken";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const alpha = testTenant("alpha-motors", {
  domains: ["alpha.example.com.au"],
  photos: { sourceHosts: ["https://photos.alpha.example"] },
  feeds: { googleVehicleAds: { enabled: true }, metaVehicles: { enabled: true } },
});
const quiet = testTenant("quiet-motors", { photos: { sourceHosts: ["https://photos.alpha.example"] } });
const photo = (url: string) => ({ url, thumb: { url } });
/** A car already in stock before the imports, which they leave alone. */
const steady = testVehicle({
  id: "alpha-motors-S1",
  slug: "2021-mazda-cx-5-maxx-s1",
  stocknum: "S1",
  make: "Mazda",
  model: "CX-5",
  vin: "JM0KF4W7A00123456",
  images: [photo("https://photos.alpha.example/s1.jpg")],
});

let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  db = await freshPglite();
  await migrate(db);
  await upsertVehicles(db, alpha.slug, [steady]);
  await upsertVehicles(db, quiet.slug, [{ ...steady, id: "quiet-motors-S1" }]);
  platform = await testPlatform({ db, tenants: [alpha, quiet] });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
  vi.unstubAllEnvs();
});

/** The feed route as the server calls it for this host. */
async function get(file: string, headers: Record<string, string> = {}, host = "alpha-motors.localhost", method = "GET"): Promise<Response> {
  const request = new Request(`http://${host}/feeds/${file}`, { method, headers });
  try {
    return await feedLoader({ request, params: { file }, context: contextFor(platform, request) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const text = async (file: FeedFile) => {
  const response = await get(file);
  expect(response.status).toBe(200);
  return response.text();
};

/** Sends a stock file through the running server's import endpoint, as `npm run import` does. */
async function importCsv(csv: string, markMissingSold = false) {
  const request = new Request("http://127.0.0.1/api/stock/import", {
    method: "POST",
    headers: { "Content-Type": "application/json", [IMPORT_TOKEN_HEADER]: ensureImportToken(platform.env.dataDir) },
    body: JSON.stringify({ tenant: alpha.slug, format: "csv", content: csv, markMissingSold }),
  });
  const response = await importAction({ request, params: {}, context: { platform, remoteAddress: "127.0.0.1" } });
  expect(response.status).toBe(200);
}

const HEADER = "stocknum,make,model,badge,year,price,car_type,status,km,colour,vin,body,fuel,drive,transmission,images";
const row = (price: number, status: string) =>
  `IMP1,Toyota,HiLux,SR5,2022,${price},used,${status},48211,Glacier White,MR0HA3CD100654321,ute,diesel,4wd,auto,https://photos.alpha.example/imp1/1.jpg|https://photos.alpha.example/imp1/2.jpg`;

describe("a feed's address", () => {
  it("answers 404 where the dealer has not turned the feed on, and for any other file name", async () => {
    for (const file of FEED_FILES) expect((await get(file, {}, "quiet-motors.localhost")).status).toBe(404);
    for (const file of ["google-vehicle-ads.TSV", "meta-vehicles.json", "..", "%2e%2e%2fetc", "google-vehicle-ads.tsv.bak", ""]) {
      const response = await get(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("answers 404 on an address that serves no dealer", async () => {
    expect((await get("google-vehicle-ads.tsv", {}, "unknown.example")).status).toBe(404);
  });

  it("serves the feed with its type, an ETag, Last-Modified and a cache policy that checks every time", async () => {
    for (const [file, type] of [
      ["google-vehicle-ads.tsv", "text/tab-separated-values; charset=utf-8"],
      ["meta-vehicles.csv", "text/csv; charset=utf-8"],
      ["meta-vehicles.xml", "application/xml; charset=utf-8"],
    ] as const) {
      const response = await get(file);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Cache-Control")).toBe(CHANNEL_FEED);
      expect(response.headers.get("ETag")).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
      expect(new Date(response.headers.get("Last-Modified")!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      expect(response.headers.get("X-Feed-Cars")).toBe("1");
      const body = await response.text();
      expect(Number(response.headers.get("Content-Length"))).toBe(Buffer.byteLength(body));
      // Links and photos on the dealer's first domain, whatever address the feed was asked on.
      expect(body).toContain("https://alpha.example.com.au/cars/2021-mazda-cx-5-maxx-s1");
      const and = file.endsWith(".xml") ? "&amp;" : "&";
      expect(body).toContain(`https://alpha.example.com.au/photos?src=https%3A%2F%2Fphotos.alpha.example%2Fs1.jpg${and}w=1280`);
    }
  });

  it("sends the stored gzip to a client that takes it, and nothing but headers to a HEAD", async () => {
    const plain = await get("meta-vehicles.xml");
    const zipped = await get("meta-vehicles.xml", { "Accept-Encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get("Content-Length"))).toBe(bytes.length);
    expect(gunzipSync(bytes).toString("utf8")).toBe(await plain.text());
    const head = await get("meta-vehicles.xml", {}, "alpha-motors.localhost", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it("answers 304 to a channel whose copy is current (If-None-Match, else If-Modified-Since)", async () => {
    const first = await get("google-vehicle-ads.tsv");
    const etag = first.headers.get("ETag")!;
    const lastModified = first.headers.get("Last-Modified")!;
    const unchanged = await get("google-vehicle-ads.tsv", { "If-None-Match": `"other", ${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
    expect(unchanged.headers.get("ETag")).toBe(etag);
    expect((await get("google-vehicle-ads.tsv", { "If-None-Match": etag.replace(/^W\//, "") })).status).toBe(304);
    expect((await get("google-vehicle-ads.tsv", { "If-None-Match": '"stale"' })).status).toBe(200);
    expect((await get("google-vehicle-ads.tsv", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await get("google-vehicle-ads.tsv", { "If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT" })).status).toBe(200);
    // A date the channel garbled is no date: the whole feed.
    expect((await get("google-vehicle-ads.tsv", { "If-Modified-Since": "yesterday" })).status).toBe(200);
  });
});

describe("a stock change", () => {
  it("puts an imported car in every feed at once, changes its price when repriced and takes it out when sold", async () => {
    const before = await get("google-vehicle-ads.tsv");
    await importCsv(`${HEADER}\n${row(52990, "in_stock")}\n`);
    for (const file of FEED_FILES) expect(await text(file), file).toContain("MR0HA3CD100654321");
    expect(await text("google-vehicle-ads.tsv")).toContain("\t52990.00 AUD\t");
    const added = await get("google-vehicle-ads.tsv");
    expect(added.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    expect(added.headers.get("X-Feed-Cars")).toBe("2");
    // The channel's copy from before the import is no longer current.
    expect((await get("google-vehicle-ads.tsv", { "If-None-Match": before.headers.get("ETag")! })).status).toBe(200);

    await importCsv(`${HEADER}\n${row(49990, "in_stock")}\n`);
    expect(await text("google-vehicle-ads.tsv")).toContain("\t49990.00 AUD\t");
    expect(await text("meta-vehicles.csv")).toContain(`,"49990.00 AUD",`);
    expect(await text("meta-vehicles.xml")).toContain("<price>49990.00 AUD</price>");
    expect(await text("meta-vehicles.xml")).not.toContain("52990.00 AUD");

    await importCsv(`${HEADER}\n${row(49990, "sold")}\n`);
    for (const file of FEED_FILES) {
      const body = await text(file);
      expect(body, file).not.toContain("MR0HA3CD100654321");
      expect(body, file).toContain(steady.vin);
    }
    expect((await get("meta-vehicles.csv")).headers.get("X-Feed-Cars")).toBe("1");
  });
});

describe("the feed store", () => {
  /** The platform's database with its stock reads counted, and a stock change to announce. */
  function countingPlatform() {
    let reads = 0;
    const changed = new Set<(tenant: string, ids: readonly string[]) => void>();
    const counted = {
      db: {
        query: (sql: string, params?: unknown[]) => {
          if (/FROM vehicles WHERE tenant = \$1 ORDER BY id/.test(sql)) reads += 1;
          return db.query(sql, params);
        },
      } as unknown as Database,
      onStockChanged: (listener: (tenant: string, ids: readonly string[]) => void) => {
        changed.add(listener);
        return () => changed.delete(listener);
      },
    };
    return { counted, reads: () => reads, announce: (tenant: string) => changed.forEach((l) => l(tenant, [])) };
  }

  it("builds once per stock change, at the change: requests arriving together share one build, later ones the stored bytes", async () => {
    const { counted, reads, announce } = countingPlatform();
    const store = new FeedStore(counted);
    const origin = "https://alpha.example.com.au";
    const together = await Promise.all(FEED_FILES.flatMap((file) => [store.get(alpha, file, origin), store.get(alpha, file, origin)]));
    expect(reads()).toBe(1);
    expect(together[0]).toBe(together[1]);
    await store.get(alpha, "meta-vehicles.xml", origin);
    expect(reads()).toBe(1);
    // A change starts the rebuild at once, so the channel's next fetch finds it ready, and shares it.
    announce(alpha.slug);
    expect(reads()).toBe(2);
    const again = await store.get(alpha, "google-vehicle-ads.tsv", origin);
    expect(reads()).toBe(2);
    // Nothing changed in the database: the same bytes keep their ETag and date, so channels still get 304.
    expect(again.etag).toBe(together[0].etag);
    expect(again.lastModified).toEqual(together[0].lastModified);
    // Another dealer's change leaves this dealer's feeds alone.
    announce(quiet.slug);
    await store.get(alpha, "google-vehicle-ads.tsv", origin);
    expect(reads()).toBe(2);
  });

  it("keeps a few addresses of a dealer without a domain, so made-up ports cannot fill the memory", async () => {
    const { counted, reads } = countingPlatform();
    const store = new FeedStore(counted);
    const noDomain = testTenant(alpha.slug, { photos: alpha.photos, feeds: alpha.feeds });
    const at = (port: number) => store.get(noDomain, "meta-vehicles.csv", `http://alpha-motors.localhost:${port}`);
    // Links on the address asked, as there is no domain to put them on.
    expect((await at(3000)).body.toString()).toContain("http://alpha-motors.localhost:3000/cars/");
    for (const port of [3001, 3002, 3003]) await at(port);
    await at(3000);
    expect(reads()).toBe(4);
    for (const port of [3004, 3005, 3006, 3007]) await at(port);
    await at(3000);
    expect(reads()).toBe(9);
  });

  it("builds again after a minute without a change heard (stock written by another process)", async () => {
    const { counted, reads } = countingPlatform();
    let now = Date.now();
    const store = new FeedStore(counted, { clock: () => now });
    const origin = "https://alpha.example.com.au";
    const first = await store.get(alpha, "meta-vehicles.csv", origin);
    const [car] = (await listVehicles(db, alpha.slug)).filter((v) => v.id === steady.id);
    await upsertVehicles(db, alpha.slug, [{ ...car, price: 30990, updated_at: new Date().toISOString() }]);
    now += FEED_REBUILD_AFTER_MS - 1;
    expect((await store.get(alpha, "meta-vehicles.csv", origin)).body.toString()).not.toContain("30990.00 AUD");
    now += 1;
    const later = await store.get(alpha, "meta-vehicles.csv", origin);
    expect(reads()).toBe(2);
    expect(later.body.toString()).toContain("30990.00 AUD");
    expect(later.etag).not.toBe(first.etag);
  });
});
