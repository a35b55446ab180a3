import fs from "node:fs";
import type http from "node:http";

import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/api.stock.import/route";
import { parseEnv } from "@server/config/env.server";
import { openPgliteDatabase } from "@server/db/pglite";
import { countVehicles, getVehicleById } from "@server/db/vehicles";
import { bootPlatform } from "@server/platform.server";
import { IMPORT_USAGE, UsageError, parseImportArgs, runImportCommand } from "@server/stock/importCommand";
import { IMPORT_TOKEN_HEADER, ensureImportToken, readServerInfo, writeServerInfo } from "@server/stock/importToken";
import { serveRoute } from "../support/routeServer";
import { minimalTenantInput, writeTenantsDir } from "../support/testTenant";

/** The test's own two dealers, in a tenants folder of its own: one takes the CSV sample, the other the JSON sample. */
const CSV_DEALER = "harbour-auto-group";
const JSON_DEALER = "ridge-used-cars";
const tenantsDir = writeTenantsDir([minimalTenantInput(CSV_DEALER), minimalTenantInput(JSON_DEALER)]);
afterAll(() => fs.rmSync(tenantsDir, { recursive: true, force: true }));
const CSV = path.resolve("tests/fixtures/import/stock.csv");
const JSON_FILE = path.resolve("tests/fixtures/import/stock.json");
const CLASSIFIEDS = path.resolve("tests/fixtures/import/classifieds-au.csv");
const META_XML = path.resolve("tests/fixtures/import/meta-catalog.xml");
const DMS = path.resolve("tests/fixtures/import/dms.csv");
/** Nothing listens on port 1, so a probe there fails at once. */
const CLOSED_PORT = "1";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `dealer-import-${name}-`));

describe("parseImportArgs", () => {
  it("reads the tenant, the file, the format from the extension and the mark-missing-sold switch", () => {
    expect(parseImportArgs(["--tenant", "westside-used", "--mark-missing-sold", "feed.CSV"])).toEqual({
      action: "import",
      tenant: "westside-used",
      file: "feed.CSV",
      format: "csv",
      markMissingSold: true,
      dryRun: false,
    });
    expect(parseImportArgs(["--tenant=coastal-gwm", "--format", "json", "feed.txt"])).toMatchObject({ format: "json" });
    expect(parseImportArgs(["--tenant", "x", "--profile", "meta-catalog", "--dry-run", "catalogue.xml"])).toMatchObject({
      format: "xml",
      profile: "meta-catalog",
      dryRun: true,
    });
    expect(parseImportArgs(["--tenant", "x", "google.tsv"])).toMatchObject({ format: "tsv" });
    expect(parseImportArgs(["--tenant", "x", "--status"])).toEqual({ action: "status", tenant: "x" });
    expect(parseImportArgs(["--tenant=x", "--pull"])).toEqual({ action: "pull", tenant: "x" });
  });

  it("refuses a missing tenant, a missing or second file, an unknown option or format", () => {
    for (const argv of [
      ["feed.csv"],
      ["--tenant", "x"],
      ["--tenant", "x", "a.csv", "b.csv"],
      ["--tenant", "x", "--force", "a.csv"],
      ["--tenant", "x", "feed.txt"],
      ["--tenant", "x", "--profile", "autotrader", "feed.csv"],
      ["--tenant", "x", "--status", "feed.csv"],
      ["--tenant", "x", "--status", "--pull"],
      ["--tenant"],
    ]) {
      expect(() => parseImportArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
  });
});

describe("runImportCommand without a running server", () => {
  const dataDir = tempDir("direct");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT, LOG_LEVEL: "silent" });

  it("opens the database itself (ignoring a server file left by a crashed server), lands good rows and exits 0", async () => {
    fs.writeFileSync(path.join(dataDir, "server.json"), JSON.stringify({ port: Number(CLOSED_PORT), pid: 2 ** 22 + 12345 }));
    const { io, out, err } = capture();
    const code = await runImportCommand(["--tenant", CSV_DEALER, CSV], io, env());
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^No server is running/);
    expect(out[1]).toBe(`${CSV_DEALER}: 7 rows read, 4 added, 0 updated, 0 unchanged, 3 rejected`);
    expect(err).toContain('line 6: price "abc" is not a price like 34990 or $34,990');
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    try {
      expect(await countVehicles(db, CSV_DEALER)).toBe(4);
    } finally {
      await db.close();
    }
  }, 120_000);

  it("imports an export through its profile, again with nothing changed, and a dry run changes nothing", async () => {
    const dry = capture();
    expect(await runImportCommand(["--tenant", JSON_DEALER, "--profile", "classifieds-au", "--dry-run", CLASSIFIEDS], dry.io, env())).toBe(
      0,
    );
    expect(dry.out[1]).toBe(`${JSON_DEALER} (dry run: nothing was changed): 16 rows read, 14 to add, 0 to update, 0 unchanged, 2 rejected`);
    expect(dry.out).toContainEqual(expect.stringMatching(/^would add: 2021 Toyota HiLux SR5 \(stock AUTO-[A-Z0-9]{8}\)$/));
    const first = capture();
    expect(await runImportCommand(["--tenant", JSON_DEALER, "--profile", "classifieds-au", CLASSIFIEDS], first.io, env())).toBe(0);
    expect(first.out[1]).toBe(`${JSON_DEALER}: 16 rows read, 14 added, 0 updated, 0 unchanged, 2 rejected`);
    expect(first.err).toContain('line 12: warning: Seats "5-7 Seats" is not a number; left empty');
    const again = capture();
    expect(
      await runImportCommand(["--tenant", JSON_DEALER, "--profile", "classifieds-au", "--mark-missing-sold", CLASSIFIEDS], again.io, env()),
    ).toBe(0);
    expect(again.out[1]).toBe(`${JSON_DEALER}: 16 rows read, 0 added, 0 updated, 14 unchanged, 2 rejected`);
  }, 120_000);

  it("reads a file saved as Windows-1252 (a spreadsheet's CSV) without losing its letters, and says so", async () => {
    const file = path.join(dataDir, "latin1.csv");
    const text = "stocknum,make,model,year,price,colour\nW1,Citroën,C4,2019,18990,Crème\n";
    fs.writeFileSync(file, Buffer.from(text, "latin1"));
    const { io, err } = capture();
    expect(await runImportCommand(["--tenant", CSV_DEALER, file], io, env())).toBe(0);
    expect(err).toContain(
      "warning: the file is not UTF-8: it was read as Windows-1252 (Western European); save it as UTF-8 if letters look wrong",
    );
    const db = await openPgliteDatabase(path.join(dataDir, "pglite"));
    try {
      expect(await getVehicleById(db, CSV_DEALER, `${CSV_DEALER}-w1`)).toMatchObject({ make: "Citroën", colour: "Crème" });
    } finally {
      await db.close();
    }
  }, 120_000);

  it("--status without a server reads the database: a dealer without a feed address has nothing pulled", async () => {
    const { io, out } = capture();
    expect(await runImportCommand(["--tenant", CSV_DEALER, "--status"], io, env())).toBe(0);
    expect(out).toEqual([`${CSV_DEALER}: no stock.feed.url, so nothing is pulled on a schedule (profile platform)`, "no pulls recorded"]);
  });

  it("exits 1 when no row is valid, when the site is unknown or the file unreadable, and 2 for a usage mistake", async () => {
    const bad = path.join(dataDir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify([{ stocknum: "X", make: "Kia", year: 1800 }]));
    expect(await runImportCommand(["--tenant", JSON_DEALER, bad], capture().io, env())).toBe(1);
    const unknown = capture();
    expect(await runImportCommand(["--tenant", "nobody", JSON_FILE], unknown.io, env())).toBe(1);
    expect(unknown.err[0]).toContain('no dealer site "nobody"');
    expect(await runImportCommand(["--tenant", JSON_DEALER, path.join(dataDir, "missing.csv")], capture().io, env())).toBe(1);
    const usage = capture();
    expect(await runImportCommand(["feed.csv"], usage.io, env())).toBe(2);
    expect(usage.err[0]).toContain(IMPORT_USAGE);
  });
});

describe("runImportCommand with a server running on the same data folder", () => {
  const dataDir = tempDir("server");
  let server: http.Server;
  let port = 0;

  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    // Its own embedded database in a temporary folder: never the PostgreSQL database CI names in
    // DATABASE_URL, which the browser tests' server starts from afterwards.
    delete process.env.DATABASE_URL;
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      TENANTS_DIR: tenantsDir,
      DEFAULT_TENANT: JSON_DEALER,
      DEMO_STOCK: "off",
      STOCK_FEED_PULLS: "off",
      LOG_LEVEL: "silent",
    });
    await bootPlatform();
    ensureImportToken(dataDir);
    // The route as the production server runs it, behind a plain HTTP server.
    ({ server, port } = await serveRoute({ action, loader }, await bootPlatform()));
    writeServerInfo(dataDir, port);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    const platform = await bootPlatform();
    await platform.stockSync.stop();
    await platform.db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (savedDatabaseUrl !== undefined) process.env.DATABASE_URL = savedDatabaseUrl;
  });

  const env = () => parseEnv({ DATA_DIR: dataDir, TENANTS_DIR: tenantsDir, PORT: CLOSED_PORT });

  it("hands the feed to the server instead of opening the database", async () => {
    expect(readServerInfo(dataDir)).toMatchObject({ port, pid: process.pid });
    const { io, out, err } = capture();
    const code = await runImportCommand(["--tenant", JSON_DEALER, JSON_FILE], io, env());
    expect(code).toBe(0);
    expect(out[0]).toBe(`Imported through the running server on port ${port}.`);
    expect(out[1]).toBe(`${JSON_DEALER}: 7 rows read, 4 added, 0 updated, 0 unchanged, 3 rejected`);
    expect(err).toContain("line 3: make is required");
    const platform = await bootPlatform();
    expect(await getVehicleById(platform.db, JSON_DEALER, `${JSON_DEALER}-jsn2001`)).toMatchObject({ make: "Mazda", certified: true });
    // The server updated its search index before answering.
    const dealer = platform.tenants.get(JSON_DEALER)!;
    expect(await platform.search.getBySlug(dealer, "2023-mazda-cx-30-g20-evolve-dm-jsn2001")).toMatchObject({ stocknum: "JSN2001" });
  });

  it("hands an XML catalogue to the server with its profile, and a dry run there changes nothing", async () => {
    const dry = capture();
    expect(await runImportCommand(["--tenant", CSV_DEALER, "--profile", "meta-catalog", "--dry-run", META_XML], dry.io, env())).toBe(0);
    expect(dry.out[0]).toBe(`Checked through the running server on port ${port}.`);
    expect(dry.out[1]).toBe(`${CSV_DEALER} (dry run: nothing was changed): 13 rows read, 11 to add, 0 to update, 0 unchanged, 2 rejected`);
    const platform = await bootPlatform();
    expect(await getVehicleById(platform.db, CSV_DEALER, `${CSV_DEALER}-m2002`)).toBeNull();
    const real = capture();
    expect(await runImportCommand(["--tenant", CSV_DEALER, "--profile", "meta-catalog", META_XML], real.io, env())).toBe(0);
    expect(real.out[1]).toBe(`${CSV_DEALER}: 13 rows read, 11 added, 0 updated, 0 unchanged, 2 rejected`);
    expect(real.err).toContain('line 251: price "25000 USD" is in USD; the site shows prices in Australian dollars (AUD)');
    const dealer = platform.tenants.get(CSV_DEALER)!;
    expect(await platform.search.getBySlug(dealer, "2022-ford-ranger-wildtrak-m2002")).toMatchObject({ offer_price: 62990 });
  });

  it("the webhook takes the same profiles and formats as the command, and refuses what it cannot read with a 4xx", async () => {
    const token = ensureImportToken(dataDir);
    const post = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/stock/import`, {
        method: "POST",
        headers: { "Content-Type": "application/json", [IMPORT_TOKEN_HEADER]: token },
        body: JSON.stringify(body),
      });
    const dms = await post({ tenant: JSON_DEALER, format: "csv", profile: "dms", content: fs.readFileSync(DMS, "utf8") });
    expect(dms.status).toBe(200);
    expect(await dms.json()).toMatchObject({ profile: "dms", inserted: 12, errors: [{ line: 11, reason: "price is required" }] });
    const bytes = fs.readFileSync(META_XML).toString("base64");
    const meta = await post({ tenant: JSON_DEALER, format: "xml", profile: "meta-catalog", contentBase64: bytes, dryRun: true });
    expect(await meta.json()).toMatchObject({ dryRun: true, inserted: 11 });
    expect((await post({ tenant: JSON_DEALER, format: "xml", profile: "autotrader", content: "<a/>" })).status).toBe(400);
    expect((await post({ tenant: JSON_DEALER, format: "csv", content: "a", contentBase64: "YQ==" })).status).toBe(400);
    expect((await post({ tenant: JSON_DEALER, pull: true })).status).toBe(409);
    const status = await fetch(`http://127.0.0.1:${port}/api/stock/import?tenant=${JSON_DEALER}`, {
      headers: { [IMPORT_TOKEN_HEADER]: token },
    });
    expect(await status.json()).toMatchObject({ tenant: JSON_DEALER, url: null, pulls: [] });
    expect((await fetch(`http://127.0.0.1:${port}/api/stock/import?tenant=${JSON_DEALER}`)).status).toBe(401);
  });

  it("reports the server's refusal for an unknown site and exits 1", async () => {
    const { io, err } = capture();
    expect(await runImportCommand(["--tenant", "nobody", CSV], io, env())).toBe(1);
    expect(err[0]).toContain('no dealer site with slug "nobody"');
  });

  it("accepts imports only from this machine and only with the data folder's token", async () => {
    const body = JSON.stringify({ tenant: JSON_DEALER, format: "csv", content: "stocknum\n" });
    const post = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/stock/import`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body,
      });
    expect((await post({ [IMPORT_TOKEN_HEADER]: "0".repeat(64) })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    const token = ensureImportToken(dataDir);
    expect((await post({ [IMPORT_TOKEN_HEADER]: token })).status).toBe(200);
    const remote = await action({
      request: new Request("http://127.0.0.1/api/stock/import", { method: "POST", headers: { [IMPORT_TOKEN_HEADER]: token }, body }),
      params: {},
      context: { platform: await bootPlatform(), remoteAddress: "203.0.113.9" },
    });
    expect(remote.status).toBe(403);
    const badBody = await fetch(`http://127.0.0.1:${port}/api/stock/import`, {
      method: "POST",
      headers: { [IMPORT_TOKEN_HEADER]: token },
      body: "{",
    });
    expect(badBody.status).toBe(400);
  });
});
