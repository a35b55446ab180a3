/**
 * Every public page type from the page cache, on the production server (the build, a fresh data folder,
 * the captcha on): home, results, a vehicle page, content pages, offers, locations, brands, models,
 * reviews and the dealer locator without a postcode are answered from the cache after one render, with or
 * without a session cookie; the vehicle page's HTML is the same whoever asks and carries the captcha
 * question a shopper without JavaScript answers; a car imported, repriced and sold shows at once.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { serverBuild } from "../support/serverBuild";
import { send, startSite, type Site } from "../hostile/site";

const build = serverBuild("the public page cache suite");
const DEALER = "summit-auto-group";
let site: Site;

const get = (pagePath: string, headers: Record<string, string> = {}) =>
  send(site, { path: pagePath, host: site.host(DEALER), headers: { accept: "text/html", ...headers } });

/** The first link on a page matching a pattern (the demo stock and content decide the addresses). */
async function linkOn(pagePath: string, pattern: RegExp): Promise<string> {
  const { text } = await get(pagePath);
  const found = [...text.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&")).find((href) => pattern.test(href));
  if (!found) throw new Error(`no link matching ${pattern} on ${pagePath}`);
  return found;
}

describe.skipIf(build.skip)("public pages from the page cache (production server)", () => {
  beforeAll(async () => {
    build.assertPresent();
    site = await startSite({ env: { CAPTCHA: "on", LOG_LEVEL: "warn" } });
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("serves the build's public files under their names, and a page's address as a page", async () => {
    const logo = fs.readdirSync(path.resolve("build/client/logos/makes")).find((name) => name.endsWith(".svg"))!;
    for (const file of ["/favicon.svg", `/logos/makes/${logo}`]) {
      const answer = await send(site, { path: file, host: site.host(DEALER) });
      expect([file, answer.status, answer.headers["content-type"]]).toEqual([file, 200, "image/svg+xml"]);
      expect(answer.headers["cache-control"], file).toBe("public, max-age=3600");
    }
    expect((await send(site, { path: "/logos/makes/no-such-make.svg", host: site.host(DEALER) })).status).toBe(404);
    // An address that is not even a path is refused before it could name a file.
    expect((await send(site, { path: "/%E0%A4%A.svg", host: site.host(DEALER) })).status).toBe(400);
    const page = await get("/about-us");
    expect([page.status, page.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
  });

  it("answers every public page type from the cache, with and without a session cookie", async () => {
    const pages = [
      "/",
      "/search",
      await linkOn("/search", /^\/cars\/[a-z0-9-]+$/),
      await linkOn("/", /^\/(about-us|faqs|privacy-policy)$/),
      "/special-offers",
      "/locations",
      await linkOn("/locations", /^\/locations\/[a-z0-9-]+$/),
      "/brands",
      "/models",
      "/reviews",
      "/dealer-locator",
    ];
    for (const page of pages) {
      const first = await get(`${page}${page.includes("?") ? "&" : "?"}cache-suite=1`);
      expect(first.status, page).toBe(200);
      expect(first.headers["cache-control"], page).toMatch(/^public, max-age=\d+/);
      const again = await get(`${page}${page.includes("?") ? "&" : "?"}cache-suite=1`);
      const signedIn = await get(`${page}${page.includes("?") ? "&" : "?"}cache-suite=1`, { cookie: "ds_session=a-shopper" });
      expect([first.headers["x-page-cache"], again.headers["x-page-cache"], signedIn.headers["x-page-cache"]], page).toEqual([
        "miss",
        "hit",
        "hit",
      ]);
      // The same bytes for everyone: no nonce in a stored page.
      expect(signedIn.text, page).toBe(first.text);
      expect(signedIn.headers["content-security-policy"], page).toBe(first.headers["content-security-policy"]);
    }
  }, 120_000);

  it("starts each page as Remix writes it: modulepreload links and Remix's own start-up module (decision 28)", async () => {
    for (const page of ["/", "/search", await linkOn("/search", /^\/cars\/[a-z0-9-]+$/)]) {
      const { text } = await get(page);
      expect(text, page).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
      const start = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? "";
      expect(start, page).toMatch(/^import \* as route0 from "\/assets\/root-[\w-]+\.js";$/m);
      expect(start, page).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);\s*$/);
      // Every module the start-up module imports is preloaded first: with 'strict-dynamic' and no nonce,
      // the preload is what lets the browser trust it.
      const preloaded = new Set([...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
      for (const [, imported] of start.matchAll(/(?:from |import\()"([^"]+)"/g))
        expect(preloaded.has(imported), `${page} ${imported}`).toBe(true);
    }
  });

  it("a browser gets a stored page in Brotli (gzip for an older one), whole, the same bytes and policy for each", async () => {
    const plain = await get("/search?encoding=suite");
    const policy = plain.headers["content-security-policy"];
    expect(policy).toMatch(/script-src ('sha256-[^']+' )+'strict-dynamic'/);
    for (const [acceptEncoding, encoding, read] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const answer = await get("/search?encoding=suite", { "accept-encoding": acceptEncoding });
        expect(answer.headers["x-page-cache"]).toBe("hit");
        expect(answer.headers["content-encoding"]).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(read(answer.body).toString("utf8")).toBe(plain.text);
        expect(answer.headers["content-security-policy"]).toBe(policy);
      }
    }
  });

  it("keeps a client-side navigation's data (single fetch's /<path>.data) like the page: per address, shared, dropped with the stock", async () => {
    const car = await linkOn("/search", /^\/cars\/[a-z0-9-]+$/);
    // As the browser asks when a shopper opens the car from the results page (the layout's data kept).
    const data = (cookie?: string) =>
      send(site, {
        path: `${car}.data?_routes=routes%2Fcars.%24slug`,
        host: site.host(DEALER),
        headers: { accept: "*/*", "sec-fetch-dest": "empty", ...(cookie ? { cookie } : {}) },
      });
    const first = await data();
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/x-script");
    expect(first.headers["cache-control"]).toBe(PAGE_CACHE);
    expect(first.headers["content-security-policy"]).toBeUndefined();
    const again = await data("ds_session=a-shopper");
    expect([first.headers["x-page-cache"], again.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    expect(again.text).toBe(first.text);
    // The page itself is kept apart, under its own address.
    const html = await get(car);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    // The loader never saw the framework's parameters: the canonical address has none.
    expect(first.text).not.toMatch(/_routes|\.data\b/);
  });

  it("shares a page a signed-in shopper asks for first: rendered for everyone from the second request on", async () => {
    const car = await linkOn("/search", /^\/cars\/[a-z0-9-]+$/);
    const cookie = { cookie: "ds_session=first-shopper" };
    const answers = [await get(`${car}?first=cookie`, cookie), await get(`${car}?first=cookie`, cookie), await get(`${car}?first=cookie`)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.slice(1).map((a) => a.headers["x-page-cache"])).toEqual(["miss", "hit"]);
  }, 60_000);

  it("the vehicle page carries the minute's captcha question for a shopper without JavaScript, and nothing of the shopper", async () => {
    const car = await linkOn("/search", /^\/cars\/[a-z0-9-]+$/);
    const { text } = await get(car);
    // The question is inside <noscript>: shown only where no script runs.
    expect(text).toMatch(/<noscript>.*?Quick check: What is \d plus \d\?.*?<\/noscript>/s);
    expect(text).toMatch(/name="captcha_token" value="v1\.\d+\.[0-9a-f]{32}\.[0-9a-f]{64}"/);
    expect(text).not.toMatch(/a-shopper|first-shopper/);
  }, 60_000);

  it("a car imported, repriced and then sold shows on its page at once", async () => {
    const token = fs.readFileSync(path.join(site.dataDir, "import-token"), "utf8").trim();
    const row = { stocknum: "CACHE1", make: "Mazda", model: "CX-5", year: 2021, price: 31990, car_type: "used", status: "in_stock" };
    const importStock = async (vehicle: Record<string, unknown>) => {
      const answer = await send(site, {
        method: "POST",
        path: "/api/stock/import",
        host: `localhost:${site.port}`,
        headers: { "content-type": "application/json", "x-import-token": token, origin: `http://localhost:${site.port}` },
        body: JSON.stringify({ tenant: DEALER, format: "json", content: JSON.stringify([vehicle]) }),
      });
      expect(answer.status, answer.text).toBe(200);
    };
    await importStock(row);
    const car = await linkOn("/search?query=CACHE1", /^\/cars\/[a-z0-9-]*cache1$/);
    expect((await get(car)).text).toContain("$31,990");
    expect((await get(car)).headers["x-page-cache"]).toBe("hit");

    await importStock({ ...row, price: 29990 });
    const repriced = await get(car);
    expect(repriced.headers["x-page-cache"]).toBe("miss");
    expect(repriced.text).toContain("$29,990");

    await importStock({ ...row, price: 29990, status: "sold" });
    const sold = await get(car);
    expect(sold.headers["x-page-cache"]).toBe("miss");
    expect(sold.text).toMatch(/sold/i);
    expect(sold.text).not.toContain("Reserve Car Now");
  }, 90_000);
});
