/**
 * The scheduled stock pull against a fake feed host (tests/fakes/stockFeedServer.ts): a dealer's Meta
 * catalogue at its stock.feed.url is fetched on its schedule with a conditional GET and applied as one
 * import; a 304 keeps the stock, a new file updates it (cars gone from it are sold), and a failing,
 * slow, cut-off, oversized or empty answer changes nothing and never marks a car sold. Every attempt is
 * kept and shown by `npm run import -- --tenant <slug> --status`, which with `--pull` also pulls by hand.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "@server/config/env.server";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { listFeedPulls } from "@server/db/stockFeeds";
import { listVehicles } from "@server/db/vehicles";
import { describeFeedStatus, feedStatus, StockFeedPuller } from "@server/stock/feedPull";
import { createHttpFeedSource } from "@server/stock/feedSource";
import { runImportCommand } from "@server/stock/importCommand";
import { startFakeFeedHost, type FakeFeedHost } from "../fakes/stockFeedServer";
import { minimalTenantInput, testTenant, writeTenantsDir } from "../support/testTenant";

const SLUG = "harbour-auto-group";
const CATALOGUE = fs.readFileSync(path.resolve("tests/fixtures/import/meta-catalog.xml"), "utf8");
/** The next day's catalogue: the Corolla repriced, the Outlander sold and gone from the feed. */
const NEXT_DAY = CATALOGUE.replace("<price>26990 AUD</price>", "<price>25990 AUD</price>").replace(
  /<listing>\s*<vehicle_id>M2013<\/vehicle_id>[^]*?<\/listing>\n/,
  "",
);
const MINUTE = 60_000;

let host: FakeFeedHost;
let db: Database;
let now = new Date("2026-03-15T10:00:00Z");
const clock = () => now;

const dealer = () =>
  testTenant(SLUG, {
    stock: { feed: { profile: "meta-catalog", url: host.url("/feeds/harbour.xml"), everyMinutes: 60 } },
    photos: { sourceHosts: ["https://photos.dealerfeed.example"] },
  });
const puller = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
  new StockFeedPuller({ db, tenants: () => [dealer()], source: createHttpFeedSource({ timeoutMs: 2_000, ...options }), clock });
const stock = async () =>
  (await listVehicles(db, SLUG)).map((v) => ({ id: v.id, status: v.status, price: v.price, updated_at: v.updated_at }));

beforeAll(async () => {
  host = await startFakeFeedHost();
  db = await freshPglite();
  await migrate(db);
});
afterAll(async () => {
  await db.close();
  await host.close();
});

describe("a dealer's feed pulled on schedule", () => {
  beforeEach(() => {
    host.publish("/feeds/harbour.xml", CATALOGUE, "application/xml");
  });

  it("imports the catalogue at the first pull and keeps the result", async () => {
    const [pull] = await puller().runDue();
    expect(pull).toMatchObject({
      outcome: "imported",
      httpStatus: 200,
      message: `${SLUG}: 13 rows read, 11 added, 0 updated, 0 unchanged, 2 rejected`,
    });
    expect(pull.etag).toMatch(/^"[0-9a-f]{16}-\d+"$/);
    expect(await listVehicles(db, SLUG)).toHaveLength(11);
    expect(host.requests.at(-1)?.headers["if-none-match"]).toBeUndefined();
    expect(host.problems()).toEqual([]);
  });

  it("is not pulled again before its interval, then asks conditionally: a 304 keeps the stock as it is", async () => {
    expect(await puller().runDue()).toEqual([]);
    const before = await stock();
    now = new Date(now.getTime() + 61 * MINUTE);
    host.publish("/feeds/harbour.xml", CATALOGUE, "application/xml");
    // The same bytes published again keep their content but not their ETag: publish the previous version back.
    const requestsBefore = host.requests.length;
    const [pull] = await puller().runDue();
    expect(host.requests.length).toBe(requestsBefore + 1);
    const sent = host.requests.at(-1)!.headers;
    expect(sent["if-none-match"]).toMatch(/^"[0-9a-f]{16}-\d+"$/);
    expect(sent["if-modified-since"]).toBeTruthy();
    // A new version was published, so the host answers 200; the import finds every car as it is stored.
    expect(pull).toMatchObject({ outcome: "imported", message: `${SLUG}: 13 rows read, 0 added, 0 updated, 11 unchanged, 2 rejected` });
    expect(await stock()).toEqual(before);
    now = new Date(now.getTime() + 61 * MINUTE);
    const [notModified] = await puller().runDue();
    expect(host.requests.at(-1)?.status).toBe(304);
    expect(notModified).toMatchObject({
      outcome: "not-modified",
      httpStatus: 304,
      message: "the feed has not changed since the last pull",
    });
    expect(await stock()).toEqual(before);
    expect(host.problems()).toEqual([]);
  });

  it("a new file updates the stock: a repriced car is updated and a car gone from the feed is sold", async () => {
    host.publish("/feeds/harbour.xml", NEXT_DAY, "application/xml");
    now = new Date(now.getTime() + 61 * MINUTE);
    const [pull] = await puller().runDue();
    expect(pull.outcome).toBe("imported");
    expect(pull.message).toBe(`${SLUG}: 12 rows read, 0 added, 1 updated, 9 unchanged, 2 rejected, 1 missing from the feed marked sold`);
    const cars = new Map((await listVehicles(db, SLUG)).map((v) => [v.stocknum, v]));
    expect(cars.get("M2001")?.price).toBe(25990);
    expect(cars.get("M2013")).toMatchObject({ status: "sold", sold_at: now.toISOString() });
  });

  it("a 500, a time-out, a cut-off answer, an oversized file and an empty one change nothing and sell nothing", async () => {
    const before = await stock();
    const attempt = async (options: { timeoutMs?: number; maxBytes?: number } = {}) => {
      now = new Date(now.getTime() + 61 * MINUTE);
      const [pull] = await puller(options).runDue();
      return pull;
    };
    host.failNext({ status: 500 });
    expect(await attempt()).toMatchObject({
      outcome: "failed",
      httpStatus: 500,
      message: "the feed's server answered HTTP 500; nothing was changed",
    });
    host.failNext({ delayMs: 1_500 });
    expect(await attempt({ timeoutMs: 500 })).toMatchObject({
      outcome: "failed",
      message: "no complete answer within 1 s; nothing was changed",
    });
    host.publish("/feeds/harbour.xml", NEXT_DAY.replace("M2001", "M9001"), "application/xml");
    // Cut off twice: the pull asks once more on a fresh connection before it gives up.
    host.failNext({ cutOff: true }, 2);
    expect((await attempt()).outcome).toBe("failed");
    expect(await attempt({ maxBytes: 10_000 })).toMatchObject({
      outcome: "failed",
      message: "the feed is larger than 0 MB; nothing was changed",
    });
    host.failNext({ body: "" });
    expect(await attempt()).toMatchObject({ outcome: "empty", message: "the feed was empty; nothing was changed" });
    host.failNext({ body: '<?xml version="1.0"?><listings><title>Nothing today</title></listings>', contentType: "application/xml" });
    expect(await attempt()).toMatchObject({
      outcome: "failed",
      message:
        "the feed could not be read: no vehicles found: the XML has no <listing> elements (looked for <listing>, <vehicle>, <item>); nothing was changed",
    });
    host.failNext({ body: "<listings><listing><vehicle_id>X1</vehicle_id><make>Kia</make></listing></listings>" });
    expect(await attempt()).toMatchObject({
      outcome: "failed",
      message:
        "no vehicle in the feed could be imported: line 1: model is required; year is required; price is required; nothing was changed",
    });
    expect(await stock()).toEqual(before);
    expect(host.problems()).toEqual([]);
  });

  it("keeps every attempt for the status, newest first, and asks again after failures from the last good version", async () => {
    const status = await feedStatus(db, dealer());
    expect(status.pulls.map((p) => p.outcome)).toEqual([
      "failed",
      "failed",
      "empty",
      "failed",
      "failed",
      "failed",
      "failed",
      "imported",
      "not-modified",
      "imported",
    ]);
    const lines = describeFeedStatus(status);
    expect(lines[0]).toBe(
      `${SLUG}: pulls ${host.url("/feeds/harbour.xml")} every 60 minutes with the meta-catalog profile; next pull at ${new Date(now.getTime() + 60 * MINUTE).toISOString()}`,
    );
    expect(lines).toContainEqual(expect.stringMatching(/ failed \(HTTP 500\): the feed's server answered HTTP 500; nothing was changed$/));
    // The failed pulls stored no validators: the next pull names the version of the last import.
    const lastImport = (await listFeedPulls(db, SLUG, 100)).find((p) => p.outcome === "imported");
    now = new Date(now.getTime() + 61 * MINUTE);
    const [pull] = await puller().runDue();
    expect(host.requests.at(-1)?.headers["if-none-match"]).toBe(lastImport?.etag);
    expect(pull.outcome).toBe("imported");
  });
});

describe("npm run import -- --pull and --status", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-pull-"));
  let tenantsDir = "";
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(tenantsDir, { recursive: true, force: true });
  });

  it("pulls the dealer's feed by hand without a server, then lists the pull", async () => {
    host.publish("/feeds/ridge.csv", fs.readFileSync(path.resolve("tests/fixtures/import/classifieds-au.csv")));
    tenantsDir = writeTenantsDir([
      minimalTenantInput("ridge-used-cars", { stock: { feed: { profile: "classifieds-au", url: host.url("/feeds/ridge.csv") } } }),
    ]);
    const env = parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: "1", LOG_LEVEL: "silent" });
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runImportCommand(["--tenant", "ridge-used-cars", "--pull"], io, env), [...out, ...err].join("\n")).toBe(0);
    expect(out[0]).toBe(
      "ridge-used-cars: imported (HTTP 200): ridge-used-cars: 16 rows read, 14 added, 0 updated, 0 unchanged, 2 rejected",
    );
    expect(err).toContain('line 12: warning: Seats "5-7 Seats" is not a number; left empty');
    out.length = 0;
    expect(await runImportCommand(["--tenant", "ridge-used-cars", "--status"], io, env)).toBe(0);
    expect(out[0]).toMatch(
      /^ridge-used-cars: pulls http:\/\/127\.0\.0\.1:\d+\/feeds\/ridge\.csv every 60 minutes with the classifieds-au profile; next pull at /,
    );
    expect(out[1]).toMatch(/ imported \(HTTP 200\): ridge-used-cars: 16 rows read, 14 added/);
  }, 120_000);
});
