/**
 * A stock change purges the dealer's pages at the CDN: on a whole test platform wired with the CDN's
 * settings (Cloudflare, then Fastly) against the fake purge API, a stock change, a reservation and a
 * large import each send the dealer's tag (and a few changed cars' tags); a CDN that fails is logged,
 * without its token, and never fails the stock change, nor keeps the other listeners (the page cache)
 * from running.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as reserveAction } from "~/routes/cars.$slug_.checkout/route";
import { CAR_TAGS_PER_STOCK_PURGE, stockChangeTags } from "@server/cdn";
import type { Database } from "@server/db/database";
import { upsertVehicles } from "@server/db/vehicles";
import { log } from "@server/log";
import { startFakeCdn, type FakeCdn } from "../fakes/cdnServer";
import { contextFor } from "../support/loadContext";
import { testDatabase, testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const alpha = testTenant("alpha-motors", { features: { reserve: true } });

let db: Database;
let fake: FakeCdn;
const platforms: TestPlatform[] = [];

beforeAll(async () => {
  db = await testDatabase();
  fake = await startFakeCdn();
});
afterAll(async () => {
  for (const platform of platforms) await platform.close();
  await fake?.close();
  await db?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function platformWith(provider: "cloudflare" | "fastly") {
  const settings: Record<string, string> = {
    CDN_PROVIDER: provider,
    CDN_API_TOKEN: fake.token,
    CDN_API_URL: fake.url,
    CAPTCHA: "off",
    RATE_LIMITS: "off",
  };
  if (provider === "cloudflare") settings.CDN_ZONE_ID = fake.zoneId;
  else settings.CDN_SERVICE_ID = fake.serviceId;
  const platform = await testPlatform({ db, tenants: [alpha], settings });
  platforms.push(platform);
  return platform;
}

/** The tags of the purge calls a stock change started (they leave after it returns). */
async function purgesAfter(change: () => Promise<unknown>, calls = 1): Promise<string[][]> {
  const before = fake.requests.length;
  await change();
  await fake.waitForRequests(before + calls);
  return fake.requests.slice(before).map((r) => r.tags);
}

describe("what a stock change purges", () => {
  it("the dealer's tag, and the changed cars' when they are few", () => {
    expect(stockChangeTags("alpha-motors", [])).toEqual(["dealer-alpha-motors"]);
    expect(stockChangeTags("alpha-motors", ["a1", "a2"])).toEqual(["dealer-alpha-motors", "car-a1", "car-a2"]);
    const many = Array.from({ length: CAR_TAGS_PER_STOCK_PURGE + 1 }, (_, i) => `c${i}`);
    expect(stockChangeTags("alpha-motors", many)).toEqual(["dealer-alpha-motors"]);
    // With the dealer's, the few fit one Cloudflare call.
    expect(stockChangeTags("alpha-motors", many.slice(1))).toHaveLength(30);
  });
});

describe("a stock change with a CDN in front (whole platform, fake purge API)", () => {
  it("Cloudflare: purges the dealer's tag and the changed cars' once the change is made", async () => {
    const platform = await platformWith("cloudflare");
    expect(platform.cdn.name).toBe("cloudflare");
    const purges = await purgesAfter(() => platform.stockChanged(alpha.slug, ["a1", "a2"]));
    expect(purges).toEqual([["dealer-alpha-motors", "car-a1", "car-a2"]]);
    expect(fake.requests.at(-1)).toMatchObject({ provider: "cloudflare", status: 200, problems: [] });
  });

  it("Fastly: the same tags by surrogate key; a large import purges the dealer's tag alone", async () => {
    const platform = await platformWith("fastly");
    expect(platform.cdn.name).toBe("fastly");
    expect(await purgesAfter(() => platform.stockChanged(alpha.slug, ["a3"]))).toEqual([["dealer-alpha-motors", "car-a3"]]);
    const imported = Array.from({ length: 200 }, (_, i) => `imported-${i}`);
    expect(await purgesAfter(() => platform.stockChanged(alpha.slug, imported))).toEqual([["dealer-alpha-motors"]]);
    expect(fake.requests.at(-1)).toMatchObject({ provider: "fastly", status: 200, problems: [] });
  });

  it("a reservation purges the dealer's pages and the reserved car's", async () => {
    const platform = await platformWith("cloudflare");
    const car = testVehicle({ id: "cdn-res-1", slug: "2022-toyota-hilux-cdn-res-1", stocknum: "CDN1", car_type: "used", reserved: false });
    await upsertVehicles(db, alpha.slug, [car]);
    await purgesAfter(() => platform.stockChanged(alpha.slug, [car.id]));
    const url = `http://${alpha.slug}.localhost/cars/${car.slug}/${alpha.paths.checkout}`;
    const body = new URLSearchParams({
      intent: "reserve",
      first_name: "Jo",
      last_name: "Citizen",
      email: "jo@example.com",
      phone: "0412 345 678",
      postcode: "2000",
      message: "",
      opt_in: "on",
    });
    const purges = await purgesAfter(async () => {
      const request = new Request(url, { method: "POST", body });
      const response = await reserveAction({ request, params: { slug: car.slug }, context: contextFor(platform, request) });
      expect(response.status).toBe(303);
    });
    expect(purges).toEqual([["dealer-alpha-motors", "car-cdn-res-1"]]);
  });

  it("a CDN that keeps failing is logged without its token; the stock change and the other listeners go on", async () => {
    const platform = await platformWith("cloudflare");
    const warnings: unknown[][] = [];
    vi.spyOn(log, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args));
    const heard: string[] = [];
    const stop = platform.onStockChanged((tenant, ids) => heard.push(`${tenant} ${ids.join(",")}`));
    fake.failNext({ status: 500 }, 3);
    const before = fake.requests.length;
    await expect(platform.stockChanged(alpha.slug, ["a9"])).resolves.toBeUndefined();
    expect(heard).toEqual(["alpha-motors a9"]);
    await fake.waitForRequests(before + 3);
    await vi.waitFor(() => expect(warnings.some(([message]) => String(message).startsWith("CDN purge failed"))).toBe(true));
    const failure = warnings.find(([message]) => String(message).startsWith("CDN purge failed"))!;
    expect(failure[1]).toMatchObject({ tenant: "alpha-motors", cdn: "cloudflare", error: "Cloudflare purge_cache: HTTP 500" });
    expect(JSON.stringify(warnings)).not.toContain(fake.token);
    stop();
  });
});
