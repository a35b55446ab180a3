/**
 * Photos made before a car's first shopper asks: a car that arrives (a stock change) has its card photo,
 * first gallery photos and 360° frames made in the background, so its first shopper's requests are cache
 * hits; the cache's cap is kept.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/photos/route";
import { vehicleImageUrl } from "@server/images/mediaPaths";
import { createDiskPhotoCache } from "@server/images/diskPhotoCache";
import { createHttpPhotoSource } from "@server/images/httpPhotoSource";
import { createPhotoService } from "@server/images/photos";
import { PhotoWarmup } from "@server/images/photoWarmup";
import { upsertVehicles } from "@server/db/vehicles";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeImageHost, type FakeImageHost } from "../fakes/imageHostServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { testVehicle } from "../support/testVehicle";

const AVIF_BROWSER = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let host: FakeImageHost;
let dealer: TenantConfig;
let platform: TestPlatform;
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "photo-warmup-"));

const spinFrames = Array.from({ length: 6 }, (_, angle) => vehicleImageUrl("suv", "#b87333", "exterior", angle));

async function photo(src: string, width: number) {
  const request = new Request(`http://warm-motors.localhost/photos?src=${encodeURIComponent(src)}&w=${width}`, {
    headers: { Accept: AVIF_BROWSER },
  });
  return loader({ request, params: {}, context: { platform, tenant: dealer } } as unknown as Parameters<typeof loader>[0]);
}

beforeAll(async () => {
  host = await startFakeImageHost();
  dealer = testTenant("warm-motors", { photos: { sourceHosts: [host.origin] } });
  platform = await testPlatform({
    tenants: [dealer],
    photos: createPhotoService({ source: createHttpPhotoSource(), cache: createDiskPhotoCache(cacheDir) }),
  });
  await platform.photoWarmup.start();
});
afterAll(async () => {
  await platform?.close();
  await host?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe("a car that arrives", () => {
  it("has its card, gallery and 360° photos made before its first shopper asks", async () => {
    const car = testVehicle({
      id: "warm-1",
      slug: "2024-haval-jolion-warm-1",
      primary_image_url: `${host.origin}/car.jpg`,
      images: [
        { url: `${host.origin}/car.jpg`, thumb: { url: `${host.origin}/car.jpg` } },
        { url: `${host.origin}/small.jpg`, thumb: { url: `${host.origin}/small.jpg` } },
      ],
      spin_images: spinFrames,
    });
    await upsertVehicles(platform.db, dealer.slug, [car]);
    await platform.stockChanged(dealer.slug, [car.id]);
    await platform.photoWarmup.idle();
    expect(platform.photoWarmup.status()).toMatchObject({ waiting: 0, notShown: 0 });
    expect(platform.photoWarmup.status().made).toBeGreaterThanOrEqual(6 + 3);

    const fetchedBefore = host.requests.length;
    // A phone's first look: the card, the first gallery photo and every frame of the spin, all from the cache.
    for (const src of [car.primary_image_url, `${host.origin}/small.jpg`, ...spinFrames]) {
      const answer = await photo(src, 960);
      expect(answer.headers.get("X-Photo"), src).toBe("hit");
      expect(answer.headers.get("Content-Type")).toBe("image/avif");
    }
    expect(host.requests.length).toBe(fetchedBefore);
  });

  it("a sold car's photos are not made, and nothing is made ahead once the cache is nearly full", async () => {
    const sold = testVehicle({
      id: "warm-2",
      slug: "2020-kia-sold-warm-2",
      status: "sold",
      primary_image_url: `${host.origin}/small.jpg`,
      images: [],
      spin_images: [],
    });
    const full = new PhotoWarmup({
      photos: { warm: async () => "made", cacheSize: async () => 900 },
      availableIds: async () => ["warm-1"],
      car: async (_tenant, id) => (id === "warm-2" ? sold : testVehicle({ id, spin_images: spinFrames })),
      tenant: () => dealer,
      tenants: () => [dealer],
      feedOrigins: async () => [],
      cacheCapBytes: 1000,
    });
    await full.start();
    full.stockChanged(dealer.slug, ["warm-2"]);
    await full.idle();
    expect(full.status()).toMatchObject({ made: 0, skippedFull: 1 });
  });
});
