/**
 * A dealer's own analytics tags on the production server (the build, a fresh data folder): Westside
 * (GTM, GA4 and a Meta Pixel in its tenant.json) has their hosts in its pages' Content-Security-Policy,
 * Summit (events stored only) has none; the same on a rendered page and on the page cache's copy, which
 * is kept per dealer. The tag ids reach only the pages of the dealer that set them, and the phone reveal
 * answers Westside's browser with the stored lead for its tags (no contact details), Summit's with 204.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverBuild } from "../support/serverBuild";
import { send, startSite, type Site } from "../hostile/site";
import { loaderDataOf } from "./singleFetchData";

const build = serverBuild("the dealer tags' policy suite");
const WESTSIDE = "westside-used";
const SUMMIT = "summit-auto-group";
const TAG_HOSTS = /googletagmanager|google-analytics|analytics\.google|facebook/;
let site: Site;

const get = (dealer: string, pagePath: string) => send(site, { path: pagePath, host: site.host(dealer), headers: { accept: "text/html" } });
const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

/** A car page of the dealer, by the first link to one on its results page. */
async function carPath(dealer: string, searchPath: string): Promise<string> {
  const { text } = await get(dealer, searchPath);
  const found = /href="(\/cars\/[a-z0-9-]+)"/.exec(text)?.[1];
  if (!found) throw new Error(`no car link on ${dealer} ${searchPath}`);
  return found;
}

describe.skipIf(build.skip)("a dealer's own analytics tags on the production server", () => {
  beforeAll(async () => {
    build.assertPresent();
    site = await startSite({ env: { LOG_LEVEL: "warn" } });
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("Westside's pages allow its tags' hosts and Summit's allow none, rendered and from the page cache alike", async () => {
    const pages = { [WESTSIDE]: ["/", await carPath(WESTSIDE, "/used-car")], [SUMMIT]: ["/", await carPath(SUMMIT, "/search")] };
    for (const [dealer, paths] of Object.entries(pages)) {
      for (const pagePath of paths) {
        const address = `${pagePath}?tags-policy=1`;
        const first = await get(dealer, address);
        const again = await get(dealer, address);
        expect([first.headers["x-page-cache"], again.headers["x-page-cache"]], `${dealer} ${pagePath}`).toEqual(["miss", "hit"]);
        for (const answer of [first, again]) {
          const csp = answer.headers["content-security-policy"];
          if (dealer === WESTSIDE) {
            // The page's own scripts by hash ('strict-dynamic' trusts the tag scripts they add); the hosts stay for
            // browsers older than 'strict-dynamic'.
            expect(directive(csp, "script-src"), pagePath).toMatch(
              /^script-src ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic' 'self' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net$/,
            );
            expect(directive(csp, "connect-src").split(" "), pagePath).toEqual(
              expect.arrayContaining(["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.facebook.com"]),
            );
          } else {
            expect(csp, `${dealer} ${pagePath}`).not.toMatch(TAG_HOSTS);
          }
        }
        // The copy is the stored page with the policy of its own dealer.
        expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      }
    }
  }, 120_000);

  it("the tag ids reach the pages of the dealer that set them, and no tag script is in any page's HTML", async () => {
    const westside = await get(WESTSIDE, "/");
    const siteOf = async (html: string) => (await loaderDataOf(html)).root.site as { analytics: unknown };
    expect((await siteOf(westside.text)).analytics).toEqual({
      gtmContainerId: "GTM-W57SD3M",
      ga4MeasurementId: "G-W57S1DE8AU",
      metaPixelId: "480215903716452",
    });
    const summit = await get(SUMMIT, "/");
    expect((await siteOf(summit.text)).analytics).toBeNull();
    expect(summit.text).not.toMatch(/GTM-W57SD3M|480215903716452/);
    // Tags are added by script after the page's own code: the server's HTML never holds them.
    for (const { text } of [westside, summit]) expect(text).not.toMatch(/<script[^>]+(googletagmanager|connect\.facebook\.net)/);
  });

  it("a phone reveal answers Westside's browser with the stored lead for its tags (kind, car, price, nobody's details), Summit's with 204", async () => {
    const reveal = async (dealer: string, pagePath: string) => {
      const page = (await loaderDataOf((await get(dealer, pagePath)).text))["routes/cars.$slug"] as { car?: { id?: string } };
      const carId = page.car?.id;
      if (!carId) throw new Error(`no car id on ${pagePath}`);
      const answer = await send(site, {
        method: "POST",
        path: "/api/phone-reveal",
        host: site.host(dealer),
        headers: { origin: `http://${site.host(dealer)}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ car_id: carId }).toString(),
      });
      return { carId, answer };
    };
    const westside = await reveal(WESTSIDE, await carPath(WESTSIDE, "/used-car"));
    expect(westside.answer.status).toBe(200);
    const { dealerLead } = JSON.parse(westside.answer.text) as { dealerLead: Record<string, unknown> };
    expect(dealerLead).toMatchObject({ category: "Phone Reveal", subcategory: "Call Now", car: { id: westside.carId, itemType: "car" } });
    expect(Object.keys(dealerLead).sort()).toEqual(["car", "category", "id", "subcategory"]);
    expect((dealerLead.car as { price: number }).price).toBeGreaterThan(0);

    const summit = await reveal(SUMMIT, await carPath(SUMMIT, "/search"));
    expect(summit.answer.status).toBe(204);
    expect(summit.answer.text).toBe("");
  });
});
