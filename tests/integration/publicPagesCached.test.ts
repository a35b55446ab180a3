/**
 * Every public page type from the page cache, on the production server (the build, a fresh data folder,
 * the captcha on): home, results, a vehicle page, content pages, offers, locations, brands, models,
 * reviews and the dealer locator without a postcode are answered from the cache after one render, with or
 * without a session cookie; the vehicle page's HTML is the same whoever asks and carries the captcha
 * question a shopper without JavaScript answers; a car imported, repriced and sold shows at once.
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** The page without what changes on every answer (the CSP nonce). */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe.skipIf(build.skip)("public pages from the page cache (production server)", () => {
  beforeAll(async () => {
    build.assertPresent();
    site = await startSite({ env: { CAPTCHA: "on", LOG_LEVEL: "warn" } });
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
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
      expect(withoutNonce(signedIn.text), page).toBe(withoutNonce(first.text));
    }
  }, 120_000);

  it("asks for a page's code only once its pictures are painted: no modulepreload links in the HTML, the start-up module waits for the load event and a frame (decision 24)", async () => {
    for (const page of ["/", "/search", await linkOn("/search", /^\/cars\/[a-z0-9-]+$/)]) {
      const { text } = await get(page);
      expect(text, page).not.toContain('rel="modulepreload"');
      const start = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? "";
      expect(start, page).toMatch(/^if \(document\.visibilityState === "visible"\) await new Promise\(\(painted\) => \{/);
      expect(start, page).toContain('addEventListener("load"');
      expect(start, page).toContain("requestAnimationFrame(");
      // React's own file, in a task before the site's code.
      expect(start, page).toMatch(/await import\("\/assets\/framework-[\w-]+\.js"\);/);
      expect(start, page).toContain('rel: "modulepreload"');
      expect(start, page).not.toMatch(/^import /m);
      // The page's data is read with JSON.parse, not run as an object literal.
      expect(text, page).toMatch(/window\.__remixContext = JSON\.parse\('\{"basename"/);
    }
  });

  it("a browser that takes gzip gets a stored page gzipped, whole, with its own nonce in the page and the policy", async () => {
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const plain = await get("/search?gzip=suite");
    const nonces: string[] = [];
    for (const expected of ["hit", "hit"]) {
      const answer = await get("/search?gzip=suite", browser);
      expect(answer.headers["x-page-cache"]).toBe(expected);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      const html = gunzipSync(answer.body).toString("utf8");
      expect(withoutNonce(html)).toBe(withoutNonce(plain.text));
      const policyNonce = /'nonce-([^']+)'/.exec(answer.headers["content-security-policy"])?.[1];
      const pageNonces = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...pageNonces]).toEqual([policyNonce]);
      nonces.push(policyNonce!);
    }
    expect(new Set([...nonces, /'nonce-([^']+)'/.exec(plain.headers["content-security-policy"])?.[1]]).size).toBe(3);
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
