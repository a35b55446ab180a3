/**
 * Single fetch on the production server (the build, a fresh data folder): a client-side navigation asks
 * `/<path>.data`, and Remix hands its loaders the query with the framework's `_routes` in it. Those
 * answers redirect a signed-out shopper to sign-in and move the spec's other garage paths without the
 * framework's parameters; a public page's data answer is kept by the page cache like the page, and a
 * stock change drops it with the dealer's pages.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverBuild } from "../support/serverBuild";
import { send, startSite, type Site } from "../hostile/site";
import { dataAnswerOf } from "./singleFetchData";

const build = serverBuild("the single fetch suite");
const SUMMIT = "summit-auto-group";
const COASTAL = "coastal-gwm";
let site: Site;

/** As the browser asks for a page's data on a client-side navigation. */
const data = (dealer: string, address: string, headers: Record<string, string> = {}) =>
  send(site, { path: address, host: site.host(dealer), headers: { accept: "*/*", "sec-fetch-dest": "empty", ...headers } });

/** Where a single fetch redirect sends the browser. */
async function redirectOf(text: string): Promise<{ redirect: string; status: number }> {
  const answer = (await dataAnswerOf(text)) as unknown as { SingleFetchRedirect?: [{ redirect: string; status: number }] };
  const [target] = answer.SingleFetchRedirect ?? [];
  if (!target) throw new Error(`not a redirect: ${text.slice(0, 200)}`);
  return target;
}

describe.skipIf(build.skip)("single fetch's data requests (production server)", () => {
  beforeAll(async () => {
    build.assertPresent();
    site = await startSite({ env: { LOG_LEVEL: "warn" } });
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("a signed-out shopper's data request for a gated page is sent to sign-in with the page's own address, never _routes or .data", async () => {
    const garage = await data(SUMMIT, "/my-garage.data?sort=price&_routes=routes%2Fmy-garage");
    expect(garage.status).toBe(202);
    expect(await redirectOf(garage.text)).toEqual(
      expect.objectContaining({ redirect: "/sign-in?type=my-garage&redirect=%2Fmy-garage%3Fsort%3Dprice&back=%2F", status: 302 }),
    );
    // Coastal GWM gates finance.
    const finance = await data(COASTAL, "/personalised/finance.data?car_id=abc&_routes=routes%2Fpersonalised.finance");
    const { redirect } = await redirectOf(finance.text);
    const signIn = new URL(redirect, "http://x");
    expect(signIn.pathname).toBe("/sign-in");
    expect(signIn.searchParams.get("redirect")).toBe("/personalised/finance?car_id=abc");
  });

  it("another garage path moves to the dealer's own with the shopper's query only", async () => {
    const moved = await data(SUMMIT, "/mymotorama.data?removed=car-1&_routes=routes%2Fmymotorama");
    expect(await redirectOf(moved.text)).toEqual(expect.objectContaining({ redirect: "/my-garage?removed=car-1", status: 301 }));
  });

  it("a public page's data answer is kept by the page cache, and a stock change drops it with the dealer's pages", async () => {
    const address = "/search.data?make=Toyota&_routes=routes%2Fsearch";
    const first = await data(SUMMIT, address);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/x-script");
    const again = await data(SUMMIT, address, { cookie: "ds_session=a-shopper" });
    expect([first.headers["x-page-cache"], again.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    const results = (await dataAnswerOf(again.text))["routes/search"].data as { found: number; canonical: string };
    expect(results.found).toBeGreaterThan(0);
    // The loader saw the shopper's query, not the framework's.
    expect(results.canonical).not.toMatch(/_routes|\.data/);
    // Another dealer's same address is its own answer.
    expect((await data(COASTAL, address)).headers["x-page-cache"]).toBe("miss");

    const token = fs.readFileSync(path.join(site.dataDir, "import-token"), "utf8").trim();
    const imported = await send(site, {
      method: "POST",
      path: "/api/stock/import",
      host: `localhost:${site.port}`,
      headers: { "content-type": "application/json", "x-import-token": token, origin: `http://localhost:${site.port}` },
      body: JSON.stringify({
        tenant: SUMMIT,
        format: "json",
        content: JSON.stringify([{ stocknum: "DATA1", make: "Toyota", model: "Corolla", year: 2022, price: 25990, car_type: "used" }]),
      }),
    });
    expect(imported.status, imported.text).toBe(200);
    const afterImport = await data(SUMMIT, address);
    expect(afterImport.headers["x-page-cache"]).toBe("miss");
    expect(((await dataAnswerOf(afterImport.text))["routes/search"].data as { found: number }).found).toBe(results.found + 1);
    // The other dealer's answer is untouched.
    expect((await data(COASTAL, address)).headers["x-page-cache"]).toBe("hit");
  }, 60_000);
});
