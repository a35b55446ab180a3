/**
 * Valid HTML on every page type (issue 26): each demo dealer's home, results (and their other addresses),
 * a vehicle page, compare, finance, locations and one location, offers and one offer, reviews, contact,
 * sign-in, the garage, trade-in, book-test-drive, content, service and parts pages, brand pages, the
 * 404 page..., checked by html-validate with the Nu checker's conformance rules (tests/support/htmlValidate.ts).
 * A failure names the page, the rule and the element.
 *
 * The pages' HTML is the server's (what a shopper without JavaScript and every crawler gets), read once,
 * in the JavaScript-on project; there the page as the browser has it after hydration is checked too for
 * the pages whose markup changes when their scripts start (menus, tabs, sliders, forms).
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { validateHtml, type HtmlProblem } from "../support/htmlValidate";
import { PORT, siteUrl, TENANTS } from "./site";

/** Every dealer answers these (each moves a page it keeps elsewhere, e.g. /search to /used-car). */
const PAGE_TYPES = [
  "/",
  "/search",
  "/search/new-used-and-demo-cars",
  "/search?sort=price-asc&price_max=60000",
  "/search?year_min=2090",
  "/used-car",
  "/compare",
  "/finance",
  "/finance-enquiry",
  "/locations",
  "/dealerships",
  "/dealer-locator",
  "/dealer-locator?postcode=2000",
  "/special-offers",
  "/reviews",
  "/contact",
  "/sign-in",
  "/my-garage",
  "/trade-in",
  "/sell-my-car",
  "/book-test-drive/",
  "/about-us",
  "/privacy-policy",
  "/terms-and-conditions",
  "/service",
  "/vehicle-parts-and-accessories",
  "/pages/unsubscribe",
  "/success",
  "/models",
  "/price-range",
  "/brands",
  "/spin-to-win",
  "/online-payment",
  "/personalised/finance",
  "/checkout-journey",
  "/no-such-page-here",
];

/** The sitemap's addresses, one of each kind (its first segment and depth): a location, an offer, a brand... */
const ONE_OF_EACH_KIND = (paths: string[]) => {
  const kinds = new Map<string, string>();
  for (const path of paths) {
    const segments = path.split("/");
    const kind = `${segments[1]}:${segments.length}`;
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  return [...kinds.values()];
};

/** Pages whose markup changes once their scripts run (menus become tabs, sliders start, forms hydrate). */
const HYDRATED = ["/", "/search", "/finance", "/contact", "/locations"];

interface Answer {
  status: number;
  location: string | null;
  text: string;
}

/** One GET to 127.0.0.1 with the dealer's host name (Node's resolver does not know *.localhost). */
function get(url: string): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port: PORT, path: target.pathname + target.search, headers: { Host: target.host, Accept: "text/html,*/*" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}

/** The page a shopper lands on: redirects on the dealer's own host followed. */
async function land(url: string): Promise<Answer & { url: string }> {
  let at = url;
  let answer = await get(at);
  for (let hops = 0; (answer.status === 301 || answer.status === 302) && answer.location && hops < 5; hops++) {
    at = new URL(answer.location, at).toString();
    answer = await get(at);
  }
  return { ...answer, url: at };
}

const describeProblems = (page: string, problems: HtmlProblem[]) =>
  problems.map((p) => `${page}: ${p.rule}: ${p.message} (${p.selector ?? `line ${p.line}`})`);

test.describe("valid HTML", () => {
  for (const slug of TENANTS) {
    test(`${slug}: every page type is valid HTML`, async ({ javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the server's HTML: once is enough");
      test.setTimeout(240_000);
      const sitemap = await get(siteUrl(slug, "/sitemap.xml"));
      const listed = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname);
      expect(listed.length, "addresses in the sitemap").toBeGreaterThan(10);
      const results = await land(siteUrl(slug, "/search"));
      const firstCar = results.text.match(/href="(\/cars\/[^"/?#]+)"/)?.[1];
      expect(firstCar, "a car on the results page").toBeTruthy();
      const printPage = `/print?car_id=${encodeURIComponent(firstCar!.slice("/cars/".length))}`;
      const pages = [...new Set([...PAGE_TYPES, ...ONE_OF_EACH_KIND(listed), firstCar!, `${firstCar!}/similar`, printPage])];

      const failures: string[] = [];
      const checked = new Set<string>();
      for (const path of pages) {
        const answer = await land(siteUrl(slug, path));
        const landed = new URL(answer.url);
        const where = landed.pathname + landed.search;
        if (checked.has(where) || !answer.text.startsWith("<!DOCTYPE html>")) continue;
        checked.add(where);
        expect([200, 404], `${path} answers a page`).toContain(answer.status);
        failures.push(...describeProblems(where === path ? path : `${path} (at ${where})`, await validateHtml(answer.text)));
      }
      test.info().annotations.push({ type: "checked", description: `${checked.size} pages on ${slug}` });
      expect(checked.size, "pages checked").toBeGreaterThan(25);
      expect(failures, `HTML errors on ${slug}:\n${failures.join("\n")}`).toEqual([]);
    });

    test(`${slug}: pages stay valid once their scripts run`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "scripts only");
      test.setTimeout(120_000);
      const results = await land(siteUrl(slug, "/search"));
      const firstCar = results.text.match(/href="(\/cars\/[^"/?#]+)"/)?.[1];
      expect(firstCar, "a car on the results page").toBeTruthy();
      const failures: string[] = [];
      for (const path of [...HYDRATED, firstCar!]) {
        await page.goto(siteUrl(slug, path));
        if (path === firstCar) await expect(page.locator("#vehicle-top")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        await page.waitForLoadState("networkidle");
        const html = `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`;
        failures.push(...describeProblems(`${path} (hydrated)`, await validateHtml(html)));
      }
      expect(failures, `HTML errors on ${slug}:\n${failures.join("\n")}`).toEqual([]);
    });
  }
});
