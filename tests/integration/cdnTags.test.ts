/**
 * A CDN in front of the production server (the build, a fresh data folder, the CDN's settings pointing
 * at the fake purge API, tests/fakes/cdnServer.ts): public answers carry the dealer's surrogate keys in
 * both CDNs' spellings, a vehicle page its car's and a results page each car it shows, pages and single
 * fetch's `.data` answers alike, rendered or from the page cache; private answers carry none; and a car
 * imported through the running server purges the dealer's tag and the car's at the CDN.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { startFakeCdn, type FakeCdn } from "../fakes/cdnServer";
import { serverBuild } from "../support/serverBuild";
import { send, startSite, type Answer, type Site } from "../hostile/site";

const build = serverBuild("the CDN surrogate keys suite");
const DEALER = "summit-auto-group";
const DEALER_TAG = `dealer-${DEALER}`;
let site: Site;
let fake: FakeCdn;

const get = (pagePath: string, headers: Record<string, string> = {}) =>
  send(site, { path: pagePath, host: site.host(DEALER), headers: { accept: "text/html", ...headers } });
/** As the browser asks for a page's data after an in-app navigation (single fetch). */
const data = (pagePath: string) =>
  send(site, { path: `${pagePath}.data`, host: site.host(DEALER), headers: { accept: "*/*", "sec-fetch-dest": "empty" } });

/** An answer's tags, after checking both spellings list the same ones. */
function tagsOf(answer: Answer): string[] {
  const cloudflare = answer.headers["cache-tag"]?.split(",") ?? [];
  expect(answer.headers["surrogate-key"]?.split(" ") ?? []).toEqual(cloudflare);
  return cloudflare;
}

async function carLinks(pagePath: string): Promise<string[]> {
  const { text } = await get(pagePath);
  return [...new Set([...text.matchAll(/href="(\/cars\/[a-z0-9-]+)"/g)].map((m) => m[1]!))];
}

describe.skipIf(build.skip)("surrogate keys and purges with a CDN in front (production server)", () => {
  beforeAll(async () => {
    build.assertPresent();
    fake = await startFakeCdn();
    site = await startSite({
      env: { CDN_PROVIDER: "cloudflare", CDN_API_TOKEN: fake.token, CDN_ZONE_ID: fake.zoneId, CDN_API_URL: fake.url, LOG_LEVEL: "warn" },
    });
  }, 150_000);
  afterAll(async () => {
    await site?.stop();
    await fake?.close();
  });

  it("files a vehicle page under the dealer and its car, rendered and stored, page and data alike", async () => {
    const [car] = await carLinks("/search");
    const first = await get(`${car}?cdn-suite=1`);
    const again = await get(`${car}?cdn-suite=1`);
    expect([first.status, first.headers["x-page-cache"], again.headers["x-page-cache"]]).toEqual([200, "miss", "hit"]);
    expect(first.headers["cache-control"]).toBe(PAGE_CACHE);
    const tags = tagsOf(first);
    expect(tags).toEqual([DEALER_TAG, expect.stringMatching(/^car-[a-z0-9-]+$/)]);
    expect(tagsOf(again)).toEqual(tags);
    const [firstData, againData] = [await data(car!), await data(car!)];
    expect(firstData.headers["content-type"]).toBe("text/x-script");
    expect(againData.headers["x-page-cache"]).toBe("hit");
    expect(tagsOf(firstData)).toEqual(tags);
    expect(tagsOf(againData)).toEqual(tags);
  });

  it("files a car's similar cars (what its block loads) under the dealer, the car and each car shown, from the page cache", async () => {
    const [car] = await carLinks("/search");
    const first = await send(site, { path: `${car}/similar`, host: site.host(DEALER), headers: { accept: "application/json" } });
    const again = await send(site, { path: `${car}/similar`, host: site.host(DEALER), headers: { accept: "application/json" } });
    expect([first.status, first.headers["x-page-cache"], again.headers["x-page-cache"]]).toEqual([200, "miss", "hit"]);
    expect(first.headers["cache-control"]).toBe(PAGE_CACHE);
    const similar = JSON.parse(first.text) as { state: string; cars: { id: string }[] };
    expect(similar.state).toBe("loaded");
    expect(similar.cars.length).toBeGreaterThan(0);
    const [carTag] = tagsOf(await get(car!)).slice(1);
    expect(tagsOf(first)).toEqual([DEALER_TAG, carTag, ...similar.cars.map((c) => `car-${c.id.toLowerCase()}`)]);
    expect(tagsOf(again)).toEqual(tagsOf(first));
  });

  it("files a results page under the dealer and each car it shows", async () => {
    const page = await get("/search?cdn-suite=2");
    expect(page.headers["cache-control"]).toBe(PAGE_CACHE);
    const tags = tagsOf(page);
    expect(tags[0]).toBe(DEALER_TAG);
    const cars = tags.slice(1);
    expect(cars.length).toBeGreaterThan(1);
    expect(cars.every((tag) => /^car-[a-z0-9-]+$/.test(tag))).toBe(true);
    // Each car shown is one of the tags: the first car's page names the tag its card is filed under.
    const [first] = await carLinks("/search?cdn-suite=2");
    expect(cars).toContain(tagsOf(await get(first!))[1]);
    expect(cars).toHaveLength((await carLinks("/search?cdn-suite=2")).length);
    expect(tagsOf(await get("/search?cdn-suite=2"))).toEqual(tags);
    expect(tagsOf(await data("/search"))).toEqual(tagsOf(await get("/search")));
  });

  it("files other public pages under the dealer alone, and private answers under nothing", async () => {
    for (const pagePath of ["/", "/special-offers", "/locations"]) expect(tagsOf(await get(pagePath)), pagePath).toEqual([DEALER_TAG]);
    for (const pagePath of ["/sign-in", "/api/me", "/healthz"]) {
      const answer = await get(pagePath);
      expect(answer.headers["cache-control"] ?? "", pagePath).not.toMatch(/public/);
      expect([answer.headers["cache-tag"], answer.headers["surrogate-key"]], pagePath).toEqual([undefined, undefined]);
    }
  });

  it("purges the dealer's tag and the car's at the CDN when a car is imported, repriced and sold", async () => {
    const token = fs.readFileSync(path.join(site.dataDir, "import-token"), "utf8").trim();
    const row = { stocknum: "CDNTAG1", make: "Mazda", model: "CX-5", year: 2021, price: 31990, car_type: "used", status: "in_stock" };
    const importStock = async (vehicle: Record<string, unknown>) => {
      const before = fake.requests.length;
      const answer = await send(site, {
        method: "POST",
        path: "/api/stock/import",
        host: `localhost:${site.port}`,
        headers: { "content-type": "application/json", "x-import-token": token, origin: `http://localhost:${site.port}` },
        body: JSON.stringify({ tenant: DEALER, format: "json", content: JSON.stringify([vehicle]) }),
      });
      expect(answer.status, answer.text).toBe(200);
      await fake.waitForRequests(before + 1, 10_000);
      return fake.requests.slice(before);
    };
    const added = await importStock(row);
    expect(added.map((r) => r.tags[0])).toEqual([DEALER_TAG]);
    const [car] = await carLinks("/search?query=CDNTAG1");
    const carTag = tagsOf(await get(car!))[1]!;
    expect(added[0]!.tags).toEqual([DEALER_TAG, carTag]);
    for (const change of [{ price: 29990 }, { price: 29990, status: "sold" }]) {
      const purges = await importStock({ ...row, ...change });
      expect(purges.map((r) => r.tags)).toEqual([[DEALER_TAG, carTag]]);
    }
    expect(fake.problems()).toEqual([]);
    expect(site.output()).not.toContain(fake.token);
  }, 90_000);
});
