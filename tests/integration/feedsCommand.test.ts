/**
 * `npm run feeds`: per ad channel, how many of a dealer's cars are in its feed and why each other car is
 * out, both by opening the database (no server running) and through a running server on the same data
 * folder (GET /api/feeds with the folder's token, loopback only), which owns the embedded database.
 */
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader } from "../../app/routes/api.feeds/route";
import { parseEnv } from "@server/config/env.server";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { openPgliteDatabase } from "@server/db/pglite";
import { upsertVehicles } from "@server/db/vehicles";
import { describeChannel, FEEDS_USAGE, FeedsUsageError, parseFeedsArgs, runFeedsCommand } from "@server/feeds/command";
import { IMPORT_TOKEN_HEADER, ensureImportToken, writeServerInfo } from "@server/stock/importToken";
import { loadTenantsFromDir } from "@server/tenants/registry";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";
import { serveRoute } from "../support/routeServer";
import { testVehicle } from "../support/testVehicle";

/** Nothing listens on port 1, so a probe there fails at once. */
const CLOSED_PORT = "1";
const DEALER = "feeds-motors";
const tenantsDir = writeTenantsDir([
  minimalTenantInput(DEALER, {
    photos: { sourceHosts: ["https://photos.feeds.example"] },
    feeds: { googleVehicleAds: { enabled: true, storeCodes: { "nowhere-yard": "X1" } } },
  }),
]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-feeds-cli-"));
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const photo = { url: "https://photos.feeds.example/1.jpg", thumb: { url: "https://photos.feeds.example/1.jpg" } };
const car = (stocknum: string, o: Parameters<typeof testVehicle>[0] = {}) =>
  testVehicle({ id: `${DEALER}-${stocknum}`, slug: `car-${stocknum}`, stocknum, images: [photo], primary_image_url: "", ...o });
const STOCK = [
  car("F1"),
  car("F2", { item_type: "motorcycle", make: "Kawasaki", model: "Z900", badge: "", series: "", year: 2024 }),
  car("F3", { status: "sold" }),
  car("F4", { images: [], colour: "" }),
];

/** What the command prints for this stock, server or not. */
const REPORT = [
  `${DEALER}: 4 vehicles in stock records`,
  "Google vehicle ads (/feeds/google-vehicle-ads.tsv): on",
  "  1 car in, 3 cars out",
  "    1  Google vehicle ads take passenger cars and utes only (this is a motorcycle)",
  "    1  no photos",
  "    1  sold",
  "  F2  2024 Kawasaki Z900: Google vehicle ads take passenger cars and utes only (this is a motorcycle)",
  "  F3  2022 Toyota HiLux SR5 GUN126R: sold",
  "  F4  2022 Toyota HiLux SR5 GUN126R: no photos",
  "Meta automotive catalogue (/feeds/meta-vehicles.csv, /feeds/meta-vehicles.xml): off (turn on feeds.metaVehicles.enabled; until then the address answers 404)",
  "  2 cars in, 2 cars out",
  "    1  no colour (Meta requires exterior_color)",
  "    1  no photos",
  "    1  sold",
  "  F3  2022 Toyota HiLux SR5 GUN126R: sold",
  "  F4  2022 Toyota HiLux SR5 GUN126R: no photos; no colour (Meta requires exterior_color)",
];
const STORE_CODE_WARNING = `warning: feeds.googleVehicleAds.storeCodes names "nowhere-yard", which is no location's slug (locations: test-motors)`;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const env = (dir = dataDir) => parseEnv({ DATA_DIR: dir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT, LOG_LEVEL: "silent" });

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
  await migrate(db);
  await upsertVehicles(db, DEALER, STOCK);
  await db.close();
});

describe("parseFeedsArgs", () => {
  it("reads the dealer", () => {
    expect(parseFeedsArgs(["--tenant", DEALER])).toEqual({ tenant: DEALER });
    expect(parseFeedsArgs([`--tenant=${DEALER}`])).toEqual({ tenant: DEALER });
  });

  it("refuses a missing dealer, an unknown option or argument and a slug that is no slug", () => {
    for (const argv of [[], ["--tenant"], ["--tenant", "x", "--all"], ["--tenant", "x", "extra"], ["--tenant", "../x"], ["--verbose"]]) {
      expect(() => parseFeedsArgs(argv), argv.join(" ")).toThrow(FeedsUsageError);
    }
  });
});

describe("describeChannel", () => {
  it("lines the reasons' counts up, most common first", () => {
    const out = (stocknum: string, reasons: string[]) => ({ id: stocknum, stocknum, title: "2022 Toyota HiLux", reasons });
    const lines = describeChannel({
      channel: "metaVehicles",
      name: "Meta automotive catalogue",
      on: true,
      addresses: ["/feeds/meta-vehicles.csv", "/feeds/meta-vehicles.xml"],
      included: 1200,
      excluded: [...Array.from({ length: 12 }, (_, i) => out(`S${i}`, ["sold"])), out("P1", ["no price", "sold"])],
    });
    expect(lines.slice(0, 4)).toEqual([
      "Meta automotive catalogue (/feeds/meta-vehicles.csv, /feeds/meta-vehicles.xml): on",
      "  1,200 cars in, 13 cars out",
      "    13  sold",
      "     1  no price",
    ]);
    expect(lines.at(-1)).toBe("  P1  2022 Toyota HiLux: no price; sold");
  });
});

describe("npm run feeds without a running server", () => {
  it("opens the database itself and prints each channel's count, its reasons counted, and every car left out", async () => {
    const { io, out, err } = capture();
    expect(await runFeedsCommand(["--tenant", DEALER], io, env())).toBe(0);
    expect(out).toEqual(REPORT);
    expect(err).toEqual([STORE_CODE_WARNING]);
  });

  it("exits 1 for an unknown dealer or a folder without a database, 2 for a usage mistake", async () => {
    const unknown = capture();
    expect(await runFeedsCommand(["--tenant", "nobody"], unknown.io, env())).toBe(1);
    expect(unknown.err[0]).toBe(`no dealer site "nobody" (sites: ${DEALER})`);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-feeds-empty-"));
    try {
      const none = capture();
      expect(await runFeedsCommand(["--tenant", DEALER], none.io, env(empty))).toBe(1);
      expect(none.err[0]).toMatch(/^no stock database in /);
      // Asking must not leave an empty database behind.
      expect(fs.existsSync(path.join(empty, "pglite"))).toBe(false);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
    const usage = capture();
    expect(await runFeedsCommand(["--dealer", DEALER], usage.io, env())).toBe(2);
    expect(usage.err[0]).toBe(`unknown option --dealer\n${FEEDS_USAGE}`);
  });
});

describe("npm run feeds with a server running on the same data folder", () => {
  let db: Database;
  let server: http.Server;
  let port = 0;
  let platform: TestPlatform;

  beforeAll(async () => {
    // The server owns the embedded database now: the command must ask it, not open it.
    db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    platform = await testPlatform({
      db,
      dataDir,
      tenants: loadTenantsFromDir(tenantsDir),
      defaultTenant: DEALER,
      settings: { TENANTS_DIR: tenantsDir },
    });
    ensureImportToken(dataDir);
    ({ server, port } = await serveRoute({ loader, action: loader }, platform));
    writeServerInfo(dataDir, port);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await platform.close();
    await db.close();
  });

  it("asks the server, and prints the same report", async () => {
    const { io, out, err } = capture();
    expect(await runFeedsCommand(["--tenant", DEALER], io, env())).toBe(0);
    expect(out).toEqual(REPORT);
    expect(err).toEqual([STORE_CODE_WARNING]);
  });

  it("reports the server's refusal for an unknown dealer and exits 1", async () => {
    const { io, err } = capture();
    expect(await runFeedsCommand(["--tenant", "nobody"], io, env())).toBe(1);
    expect(err).toEqual([`the server on port ${port} refused: no dealer site with slug "nobody"`]);
  });

  it("answers this machine only, with the data folder's token, and a dealer's slug", async () => {
    const ask = (query: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/api/feeds?${query}`, { headers });
    const token = ensureImportToken(dataDir);
    expect((await ask(`tenant=${DEALER}`)).status).toBe(401);
    expect((await ask(`tenant=${DEALER}`, { [IMPORT_TOKEN_HEADER]: "0".repeat(64) })).status).toBe(401);
    for (const query of ["", "tenant=", "tenant=..%2F..", `tenant=${"a".repeat(101)}`]) {
      expect((await ask(query, { [IMPORT_TOKEN_HEADER]: token })).status, query).toBe(400);
    }
    const remote = await loader({
      request: new Request(`http://127.0.0.1/api/feeds?tenant=${DEALER}`, { headers: { [IMPORT_TOKEN_HEADER]: token } }),
      params: {},
      context: { platform, remoteAddress: "203.0.113.9" },
    });
    expect(remote.status).toBe(403);
  });
});
