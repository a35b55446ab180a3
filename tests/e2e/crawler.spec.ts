/**
 * The crawler (issue 13): for each demo dealer, start from the home page, a results page, a vehicle page,
 * the footer, the spec's linked pages and every address in its /sitemap.xml, follow every internal link, and fail on any answer other than
 * 200, 301 or 302, or a redirect that ends on a 404. HTTP only (the pages are server-rendered, so their
 * links are in the HTML), once, in the JavaScript-on project.
 *
 * Bounds, so one run stays a few minutes on a small machine: links are read only from pages whose links
 * differ in kind: not from search pages with a query string (filters of filters) and only from the first
 * few vehicle pages (every vehicle page has the same links). Every distinct address is checked except
 * those that differ only by the car they name (a car's page, its brochure, its finance or trade-in link:
 * one route and template for every car): of each such kind the first CAR_ADDRESSES_CHECKED and every
 * CAR_ADDRESS_STRIDE-th after are checked, so each kind is checked across the whole stock, not on every
 * car (about 3,000 car pages otherwise). That every car the sitemap lists answers, and no other, is
 * tests/integration/sitemap.test.ts.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { PORT, siteUrl, TENANTS } from "./site";

/** The spec's linked pages (000 section 2, 001 section 2) every dealer answers. */
const LINKED_PAGES = [
  "/search/new-used-and-demo-cars",
  "/book-test-drive/",
  "/finance",
  "/trade-in",
  "/contact",
  "/privacy-policy",
  "/special-offers",
  "/about-us",
  "/dealer-locator",
  "/terms-and-conditions",
  "/pages/unsubscribe",
];
/** Linked only where the dealer's configuration says so: the brands page and the group pages. */
const WHERE_CONFIGURED: Record<string, string[]> = {
  "summit-auto-group": [
    "/brands",
    "/autopact-handback-guarantee",
    "/autopact-protection-plan",
    "/ultratek",
    "/faqs",
    "/twg-cars",
    "/twg-rental",
    "/twg-tyres",
    "/finance-and-insurance",
    "/neotek",
    "/4x4-outdoor",
    // A workshop's pages (a used-only yard without one has none) and a model's page.
    "/service",
    "/vehicle-parts-and-accessories",
    "/parts/search",
    "/i30",
  ],
  "coastal-gwm": ["/service", "/vehicle-parts-and-accessories", "/parts/search", "/jolion"],
};

const VEHICLE_PAGES_READ = 3;
const CAR_ADDRESSES_CHECKED = 40;
const CAR_ADDRESS_STRIDE = 10;
/** Pages under /cars/ that are not a car's. */
const CAR_PATH_PAGES = new Set(["trade-in"]);

/**
 * The kind of an address that names a car ('/cars/:car.pdf', '/personalised/finance?car_id=:car'), or
 * null for an address that names none.
 */
function carAddressKind(path: string): string | null {
  const url = new URL(path, "http://x");
  let named = false;
  const pathname = url.pathname.replace(/^\/cars\/([^/]+?)(\.pdf)?(\/|$)/, (whole, segment: string, pdf = "", rest: string) => {
    if (CAR_PATH_PAGES.has(segment)) return whole;
    named = true;
    return `/cars/:car${pdf}${rest}`;
  });
  for (const key of ["car_id", "car"]) {
    if (url.searchParams.has(key)) {
      url.searchParams.set(key, ":car");
      named = true;
    }
  }
  return named ? `${pathname}?${url.searchParams}` : null;
}
/** Far above what the demo dealers link to: a crawl reaching it fails (its links run away) rather than stop short. */
const MAX_ADDRESSES = 8000;
const PARALLEL = 3;

interface Broken {
  url: string;
  status: number | string;
  from: string;
}

/** Internal links of a page: <a href>s on this host, without their #fragment. */
function linksOf(html: string, base: URL): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const raw = (match[2] ?? match[3] ?? "").replace(/&amp;/g, "&").trim();
    if (!raw || /^(mailto|tel|sms|javascript|data):/i.test(raw) || raw.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      continue;
    }
    if (url.host !== base.host || !/^https?:$/.test(url.protocol)) continue;
    url.hash = "";
    found.add(url.pathname + url.search);
  }
  return [...found];
}

/**
 * One GET without following redirects. Sent to 127.0.0.1 with the dealer's host name in the Host header,
 * as Chromium does for *.localhost (Node's resolver does not know those names).
 */
function fetchOnce(url: string): Promise<{ status: number; location: string | null; html: string }> {
  return fetchText(url).then(({ status, location, text, type }) => ({ status, location, html: type.includes("text/html") ? text : "" }));
}

function fetchText(url: string): Promise<{ status: number; location: string | null; text: string; type: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port: PORT, path: target.pathname + target.search, headers: { Host: target.host, Accept: "text/html,*/*" } },
      (res) => {
        const type = res.headers["content-type"] ?? "";
        const keep = type.includes("text/html") || type.includes("xml");
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            text: Buffer.concat(chunks).toString("utf8"),
            type,
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
}

/** The paths /sitemap.xml lists (and its pages', when it is an index). */
async function fetchSitemap(url: string): Promise<string[]> {
  const answer = await fetchText(url);
  expect(answer.status, "/sitemap.xml").toBe(200);
  const locs = [...answer.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  if (!answer.text.includes("<sitemapindex")) return locs.map((loc) => new URL(loc).pathname + new URL(loc).search);
  const pages = await Promise.all(locs.map((loc) => fetchSitemap(loc)));
  return pages.flat();
}

async function crawl(slug: string, seeds: string[]) {
  const origin = new URL(siteUrl(slug));
  const carKinds = new Map<string, number>();
  /** Whether to check an address: every one, except the car-naming ones past their kind's sample. */
  const worthChecking = (path: string) => {
    const kind = carAddressKind(path);
    if (!kind) return true;
    const nth = carKinds.get(kind) ?? 0;
    carKinds.set(kind, nth + 1);
    return nth < CAR_ADDRESSES_CHECKED || nth % CAR_ADDRESS_STRIDE === 0;
  };
  const queue: { path: string; from: string }[] = seeds.filter(worthChecking).map((path) => ({ path, from: "(start)" }));
  const seen = new Set(seeds);
  let sampledOut = seeds.length - queue.length;
  const broken: Broken[] = [];
  let vehiclePagesRead = 0;

  const shouldRead = (path: string) => {
    const url = new URL(path, origin);
    if (/^\/(search|used-car)(\/|$)/.test(url.pathname) && url.search) return false;
    if (/^\/cars\/[^/]+$/.test(url.pathname) && carAddressKind(path)) return vehiclePagesRead++ < VEHICLE_PAGES_READ;
    return true;
  };

  const visit = async ({ path, from }: { path: string; from: string }) => {
    const url = new URL(path, origin).toString();
    let answer;
    try {
      answer = await fetchOnce(url);
    } catch (error) {
      broken.push({ url: path, status: `no answer (${String(error).slice(0, 80)})`, from });
      return;
    }
    if (answer.status === 301 || answer.status === 302) {
      // A redirect is fine unless where it leads is not: follow it (a few hops) to a final answer.
      let location = answer.location;
      let hops = 0;
      let final = answer;
      while ((final.status === 301 || final.status === 302) && location && hops++ < 5) {
        const next = new URL(location, url);
        if (next.host !== origin.host) return;
        final = await fetchOnce(next.toString());
        location = final.location;
      }
      if (final.status !== 200 && final.status !== 301 && final.status !== 302) {
        broken.push({ url: path, status: `${answer.status} to ${answer.location} (${final.status})`, from });
      }
      return;
    }
    if (answer.status !== 200) {
      broken.push({ url: path, status: answer.status, from });
      return;
    }
    if (!answer.html || !shouldRead(path)) return;
    for (const link of linksOf(answer.html, new URL(url))) {
      if (seen.has(link)) continue;
      if (seen.size >= MAX_ADDRESSES) {
        broken.push({ url: link, status: `not checked: more than ${MAX_ADDRESSES} addresses`, from: path });
        continue;
      }
      seen.add(link);
      if (worthChecking(link)) queue.push({ path: link, from: path });
      else sampledOut++;
    }
  };

  while (queue.length) {
    const batch = queue.splice(0, PARALLEL);
    await Promise.all(batch.map(visit));
  }
  return { broken, found: seen.size, checked: seen.size - sampledOut };
}

test.describe("crawler", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");

  for (const slug of TENANTS) {
    test(`${slug}: every internal link answers`, async () => {
      test.setTimeout(600_000);
      // A results page and a vehicle page, found as a shopper would: the first car on the results page.
      // (A dealer on the /used-car variant moves /search there.)
      let resultsUrl = siteUrl(slug, "/search");
      let results = await fetchOnce(resultsUrl);
      for (let hops = 0; (results.status === 301 || results.status === 302) && results.location && hops < 3; hops++) {
        resultsUrl = new URL(results.location, resultsUrl).toString();
        results = await fetchOnce(resultsUrl);
      }
      expect(results.status).toBe(200);
      const resultsPath = new URL(resultsUrl).pathname;
      const firstCar = linksOf(results.html, new URL(resultsUrl)).find((l) => /^\/cars\/[^/?]+$/.test(l));
      expect(firstCar, "a car on the results page").toBeTruthy();
      const home = await fetchOnce(siteUrl(slug));
      expect(home.html, "the home page has the footer").toContain("<footer");

      // Every address the sitemap gives search engines must answer too.
      const sitemap = await fetchSitemap(siteUrl(slug, "/sitemap.xml"));
      expect(sitemap.length, "addresses in the sitemap").toBeGreaterThan(10);

      const seeds = ["/", resultsPath, firstCar!, ...sitemap, ...LINKED_PAGES, ...(WHERE_CONFIGURED[slug] ?? [])];
      const { broken, found, checked } = await crawl(slug, [...new Set(seeds)]);
      test.info().annotations.push({ type: "checked", description: `${checked} of ${found} addresses on ${slug}` });
      console.log(`crawler: ${found} addresses found on ${slug}, ${checked} checked, ${broken.length} broken`);
      const report = broken.map((b) => `${b.status} ${b.url} (linked from ${b.from})`).join("\n");
      expect(broken, `broken links on ${slug}:\n${report}`).toEqual([]);
    });
  }
});
