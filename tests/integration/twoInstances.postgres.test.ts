/**
 * Two instances of the server on one PostgreSQL database, as a dealer group runs them behind a load
 * balancer (docs/deploy.md): they start together on an empty database (migrations and the demo stock
 * run once), and a car added, repriced or sold through one is on the other's pages and search long before
 * the other's cached pages would have expired (a minute), although the other had those pages in its page
 * cache. The goal is 2 s; the test prints how long it took (a few hundred milliseconds on a quiet
 * machine) and fails only past 10 s, so a busy machine cannot fail it while a missing message still does. The second instance runs two web processes
 * (WEB_CONCURRENCY=2), so its processes must agree with each other too. A car imported, repriced and sold
 * through both at once is one alert per shopper each time (saved searches and alerts, issue 27). Runs when DATABASE_URL is set
 * (CI sets it), in a database of its own that is dropped afterwards.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send, startSite, type Site } from "../hostile/site";
import { serverBuild } from "../support/serverBuild";

const url = process.env.DATABASE_URL;
const DEALER = "westside-used";
const STOCKNUM = "TWOINST1";
const ALERT_STOCKNUM = "TWOINST2";
// Westside's results live under its own prefix (tenant.json paths.searchPrefix).
const RESULTS_PATH = "/used-car";
const RESULTS = `${RESULTS_PATH}?make=Citroen`;

/**
 * How long a change made through one instance may take to reach the other's pages and search in this test:
 * far below the page cache's minute (what a lost message would cost), far above the 2 s goal's figure on a
 * quiet machine, which the test prints.
 */
const AGREE_WITHIN_MS = 10_000;

const build = serverBuild("the two-instance suite");

describe.skipIf(!url || build.skip)("two instances on one PostgreSQL database", () => {
  const database = `two_instances_${process.pid}_${Date.now()}`;
  let adminUrl: string;
  let ownUrl: string;
  let sites: Site[] = [];
  let first: Site;
  let second: Site;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const page = (site: Site, path: string) => send(site, { path, host: site.host(DEALER) });

  /** Imports one row through `site`, as `npm run import` on its machine would. */
  async function importRow(site: Site, row: Record<string, string>) {
    const fs = await import("node:fs");
    const token = fs.readFileSync(`${site.dataDir}/import-token`, "utf8").trim();
    const content = `${Object.keys(row).join(",")}\n${Object.values(row).join(",")}\n`;
    const answer = await send(site, {
      method: "POST",
      path: "/api/stock/import",
      host: `localhost:${site.port}`,
      headers: { "content-type": "application/json", "x-import-token": token },
      body: JSON.stringify({ tenant: DEALER, format: "csv", content }),
    });
    expect(answer.status, answer.text).toBe(200);
  }

  /**
   * How long after now `site` starts answering `path` as `seen` says. What is timed is the change reaching
   * the other instance, not how long it takes to render on a busy machine: a pair of asks is sent every
   * 100 ms (without waiting for the ones before; the page cache shares one render among them), and the
   * time is when the first pair whose both answers saw it was sent (two at once, so both of the instance's
   * web processes answer). Fails when no pair sent within the time saw it.
   */
  async function within(site: Site, path: string, seen: (html: string) => boolean): Promise<number> {
    const started = Date.now();
    const pairs: Promise<{ sentAt: number; saw: boolean; text: string }>[] = [];
    let found = false;
    while (!found && Date.now() - started < AGREE_WITHIN_MS) {
      const sentAt = Date.now() - started;
      const pair = Promise.all([page(site, path), page(site, path)]).then((answers) => {
        const saw = answers.every((a) => seen(a.text));
        if (saw) found = true;
        // What each answer was (stored or rendered, and how old) comes with its page in the failure message.
        return {
          sentAt,
          saw,
          text: answers.map((a) => `[${a.headers["x-page-cache"]}, age ${a.headers["age"] ?? 0}] ${a.text}`).join("\n"),
        };
      });
      pairs.push(pair);
      await Promise.race([pair, new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    const results = await Promise.all(pairs);
    const first = results.find((r) => r.saw);
    if (!first) throw new Error(`not seen on ${path} by an ask sent within ${AGREE_WITHIN_MS} ms:\n${results.at(-1)?.text.slice(0, 500)}`);
    return first.sentAt;
  }

  beforeAll(async () => {
    build.assertPresent();
    const base = new URL(url!);
    adminUrl = base.toString();
    await admin(`CREATE DATABASE ${database}`);
    const own = new URL(url!);
    own.pathname = `/${database}`;
    ownUrl = own.toString();
    // Both start at once on the empty database.
    sites = await Promise.all([
      startSite({ env: { DATABASE_URL: own.toString(), WEB_CONCURRENCY: "1" } }),
      startSite({ env: { DATABASE_URL: own.toString(), WEB_CONCURRENCY: "2" } }),
    ]);
    [first, second] = sites;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }, 60_000);

  it("both started together on the empty database, with the demo stock loaded once", async () => {
    for (const site of [first, second]) {
      const home = await page(site, RESULTS_PATH);
      expect(home.status, site.output().slice(-2000)).toBe(200);
    }
    const client = new pg.Client({ connectionString: ownUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number; ids: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM vehicles WHERE tenant = $1",
        [DEALER],
      );
      expect(rows[0].n).toBeGreaterThan(0);
      expect(rows[0].n).toBe(rows[0].ids);
      const migrations = await client.query<{ n: number; names: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM schema_migrations",
      );
      expect(migrations.rows[0].n).toBe(migrations.rows[0].names);
    } finally {
      await client.end();
    }
  });

  it("a car added, repriced and sold through one instance is on the other's cached pages and search at once (goal 2 s)", async () => {
    // The other instance keeps the results page (no Citroën yet) in its page cache.
    const before = await page(second, RESULTS);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain(STOCKNUM.toLowerCase());
    expect((await page(second, RESULTS)).headers["x-page-cache"]).toMatch(/hit|miss/);

    await importRow(first, { stocknum: STOCKNUM, make: "Citroen", model: "C4", year: "2019", price: "18990", car_type: "used" });
    const added = await within(second, RESULTS, (html) => html.includes("C4") && html.includes("18,990"));

    const slug = /href="\/cars\/([^"?#]+)"/.exec((await page(second, RESULTS)).text)?.[1];
    expect(slug, "the new car's link on the results page").toBeTruthy();
    const carPage = `/cars/${slug}`;
    expect((await page(second, carPage)).text).toContain("18,990");

    await importRow(first, { stocknum: STOCKNUM, make: "Citroen", model: "C4", year: "2019", price: "17490", car_type: "used" });
    const repriced = await within(second, carPage, (html) => html.includes("17,490") && !html.includes("18,990"));

    await importRow(first, {
      stocknum: STOCKNUM,
      make: "Citroen",
      model: "C4",
      year: "2019",
      price: "17490",
      car_type: "used",
      status: "sold",
    });
    const sold = await within(second, carPage, (html) => /\bSold\b/.test(html) && !/>\s*Reserve/.test(html));
    console.log(`other instance agreed: added ${added} ms, repriced ${repriced} ms, sold ${sold} ms`);
  });

  it("a car imported, repriced and sold through both instances at once is one alert per shopper each time", async () => {
    const phone = "+61400000999";
    const row = (extra: Record<string, string>) => ({
      stocknum: ALERT_STOCKNUM,
      make: "Peugeot",
      model: "308",
      year: "2020",
      price: "21990",
      car_type: "used",
      ...extra,
    });
    // Both import each change at once (their odometer readings differ, so each sees a change and looks for alerts).
    const bothImport = (extra: Record<string, string>, km: number) =>
      Promise.all([importRow(first, row({ ...extra, km: String(km) })), importRow(second, row({ ...extra, km: String(km + 1) }))]);
    const client = new pg.Client({ connectionString: ownUrl });
    await client.connect();
    try {
      const alerts = async (kind: string) =>
        (
          await client.query<{ car_id: string }>("SELECT car_id FROM shopper_alerts WHERE tenant = $1 AND phone = $2 AND kind = $3", [
            DEALER,
            phone,
            kind,
          ])
        ).rows;
      /** Polls every 50 ms (alerts are found in the background, within a minute at most) until the alert is stored. */
      const stored = async (kind: string) => {
        const started = Date.now();
        while (!(await alerts(kind)).length && Date.now() - started < 60_000) await new Promise((resolve) => setTimeout(resolve, 50));
        return alerts(kind);
      };
      await client.query(
        `INSERT INTO saved_searches (id, tenant, phone, name, search_path, search, channel, created_at)
         VALUES ('two-instances-search', $1, $2, 'Peugeots', '/used-car/peugeot', $3, 'sms', now() - interval '1 minute')`,
        [DEALER, phone, JSON.stringify({ query: "", filters: { make: ["Peugeot"] }, ranges: {} })],
      );
      await bothImport({}, 40_000);
      const [arrival] = await stored("new-arrival");
      expect(arrival, "the new arrival's alert").toBeTruthy();
      await client.query("INSERT INTO watchlist (tenant, phone, car_id) VALUES ($1, $2, $3)", [DEALER, phone, arrival.car_id]);
      await bothImport({ price: "20990" }, 40_010);
      expect(await stored("price-drop")).toHaveLength(1);
      await bothImport({ price: "20990", status: "sold" }, 40_020);
      expect(await stored("sold")).toHaveLength(1);
      // Whatever either instance was still looking at has been stored by now: still one of each.
      expect(await alerts("new-arrival")).toHaveLength(1);
      expect(await alerts("price-drop")).toHaveLength(1);
    } finally {
      await client.end();
    }
  });
});
