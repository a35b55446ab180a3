/**
 * The vehicle page's og:image as a social site meets it: an absolute address of the photo route at 1280
 * wide, which answers a crawler's Accept: *\/* with a JPEG resized from the dealer's photo (not the feed's
 * 2000 px original), and a photo on a host the dealer does not list with the placeholder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as vehicleLoader, meta as vehicleMeta } from "~/routes/cars.$slug/route";
import { loader as photoLoader } from "~/routes/photos/route";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { upsertVehicles } from "@server/db/vehicles";
import { createDiskPhotoCache } from "@server/images/diskPhotoCache";
import { createHttpPhotoSource } from "@server/images/httpPhotoSource";
import { createPhotoService } from "@server/images/photos";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeImageHost, type FakeImageHost } from "../fakes/imageHostServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { contextFor } from "../support/loadContext";
import { loaderResult } from "../support/loaderResult";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

/** What Facebook's and LinkedIn's crawlers send for a picture. */
const CRAWLER_ACCEPT = "*/*";

let host: FakeImageHost;
let dealer: TenantConfig;
let db: Database;
let platform: TestPlatform;

beforeAll(async () => {
  vi.stubEnv("LOG_LEVEL", "silent");
  host = await startFakeImageHost();
  dealer = testTenant("og-motors", { photos: { sourceHosts: [host.origin] } });
  db = await freshPglite();
  await migrate(db);
  await upsertVehicles(db, dealer.slug, [
    testVehicle({ id: "og-listed", slug: "2022-toyota-hilux-og-listed", primary_image_url: `${host.origin}/car.jpg` }),
    testVehicle({ id: "og-unlisted", slug: "2022-toyota-hilux-og-unlisted", primary_image_url: "https://elsewhere.example/car.jpg" }),
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-og-image-"));
  platform = await testPlatform({
    db,
    dataDir,
    tenants: [dealer],
    photos: createPhotoService({
      source: createHttpPhotoSource({ timeoutMs: 2_000, maxBytes: 5 * 1024 * 1024 }),
      cache: createDiskPhotoCache(path.join(dataDir, "photo-cache")),
    }),
  });
});

afterAll(async () => {
  await platform?.close();
  await db?.close();
  await host?.close();
  vi.unstubAllEnvs();
  fs.rmSync(platform.env.dataDir, { recursive: true, force: true });
});

const ORIGIN = "http://og-motors.localhost";

/** The og:image content of a car's page, as the page's meta tags carry it. */
async function ogImageOf(slug: string): Promise<string> {
  const request = new Request(`${ORIGIN}/cars/${slug}`, { headers: { Accept: "text/html" } });
  const { data } = await loaderResult(vehicleLoader({ request, params: { slug }, context: contextFor(platform, request) }));
  const tags = vehicleMeta({ data } as unknown as Parameters<typeof vehicleMeta>[0]) as Record<string, string>[];
  return tags.find((t) => t.property === "og:image")?.content ?? "";
}

/** The picture at that address, fetched as a social site's crawler does. */
async function crawl(address: string) {
  const request = new Request(address, { headers: { Accept: CRAWLER_ACCEPT } });
  const response = await photoLoader({ request, params: {}, context: contextFor(platform, request) } as unknown as Parameters<
    typeof photoLoader
  >[0]);
  return { response, picture: await sharp(Buffer.from(await response.arrayBuffer())).metadata() };
}

describe("the vehicle page's og:image", () => {
  it("is the photo route's absolute address at 1280 wide, and a crawler gets a 1280 px JPEG of the dealer's photo", async () => {
    const address = await ogImageOf("2022-toyota-hilux-og-listed");
    expect(address).toBe(`${ORIGIN}/photos?src=${encodeURIComponent(`${host.origin}/car.jpg`)}&w=1280`);
    const { response, picture } = await crawl(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("X-Photo")).not.toMatch(/placeholder/);
    expect([picture.format, picture.width, picture.height]).toEqual(["jpeg", 1280, 960]);
  });

  it("of a photo on a host the dealer does not list is the placeholder, not the outside photo", async () => {
    const before = host.requests.length;
    const address = await ogImageOf("2022-toyota-hilux-og-unlisted");
    expect(address).toBe(`${ORIGIN}/photos?src=${encodeURIComponent("https://elsewhere.example/car.jpg")}&w=1280`);
    const { response, picture } = await crawl(address);
    expect(response.headers.get("X-Photo")).toMatch(/^placeholder; /);
    expect([picture.format, picture.width]).toEqual(["jpeg", 1280]);
    expect(host.requests.length).toBe(before);
  });
});
