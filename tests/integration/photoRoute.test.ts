import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/photos/route";
import { createDiskPhotoCache } from "@server/images/diskPhotoCache";
import { createHttpPhotoSource } from "@server/images/httpPhotoSource";
import { createPhotoService, type PhotoService } from "@server/images/photos";
import type { TenantConfig } from "@server/tenants/schema";
import { startFakeImageHost, type FakeImageHost } from "../fakes/imageHostServer";
import { testPlatform, type TestPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { getVehicleById } from "@server/db/vehicles";
import { importStock } from "@server/stock/import";

const AVIF_BROWSER = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP_BROWSER = "image/webp,*/*";
const OLD_BROWSER = "image/*,*/*;q=0.8";

let host: FakeImageHost;
let dealer: TenantConfig;
let platform: TestPlatform;
const folders: string[] = [];

function photoService(cap?: number, dir = fs.mkdtempSync(path.join(os.tmpdir(), "photo-cache-"))) {
  folders.push(dir);
  // Test limits: 2 MB of source at most, 400 ms to fetch it.
  const photos = createPhotoService({
    source: createHttpPhotoSource({ timeoutMs: 400, maxBytes: 2 * 1024 * 1024 }),
    cache: createDiskPhotoCache(dir, cap),
  });
  return { photos, dir };
}

/** The route as the server entry calls it: `tenant` null stands for a host that serves no dealer. */
async function get(photos: PhotoService, query: string, accept = AVIF_BROWSER, tenant: TenantConfig | null = dealer) {
  const request = new Request(`http://photo-motors.localhost/photos?${query}`, { headers: { Accept: accept } });
  const context = { platform: { ...platform, photos }, tenant: tenant ?? undefined };
  try {
    return await loader({ request, params: {}, context } as unknown as Parameters<typeof loader>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const src = (file: string) => `src=${encodeURIComponent(`${host.origin}/${file}`)}`;
const pictureOf = async (response: Response) => sharp(Buffer.from(await response.arrayBuffer())).metadata();

beforeAll(async () => {
  host = await startFakeImageHost({ hugeBytes: 3 * 1024 * 1024, slowMs: 1_500 });
  dealer = testTenant("photo-motors", { photos: { sourceHosts: [host.origin] } });
  platform = await testPlatform({ tenants: [dealer] });
});
afterAll(async () => {
  await platform?.close();
  await host.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /photos: a dealer's photo", () => {
  it("is resized to the width asked for and sent as AVIF, WebP or JPEG by what the browser accepts", async () => {
    const { photos } = photoService();
    for (const [accept, format, type] of [
      [AVIF_BROWSER, "heif", "image/avif"],
      [WEBP_BROWSER, "webp", "image/webp"],
      [OLD_BROWSER, "jpeg", "image/jpeg"],
    ] as const) {
      const response = await get(photos, `${src("car.jpg")}&w=640`, accept);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Vary")).toBe("Accept");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const picture = await pictureOf(response);
      expect(picture.format).toBe(format);
      // The 2000 x 1500 source at 640 wide keeps its shape.
      expect([picture.width, picture.height]).toEqual([640, 480]);
    }
  });

  it("rounds an odd width up to the next width of the set, and never enlarges", async () => {
    const { photos } = photoService();
    expect((await pictureOf(await get(photos, `${src("car.jpg")}&w=700`))).width).toBe(960);
    // 1600 asked of a 2000-wide photo is 1600; the set stops there, so 5000 is 1600 too.
    expect((await pictureOf(await get(photos, `${src("car.jpg")}&w=5000`))).width).toBe(1600);
    // A 400-wide photo asked for at 640 stays 400 wide (the page scales it; enlarging only adds bytes).
    expect((await pictureOf(await get(photos, `${src("small.jpg")}&w=640`))).width).toBe(400);
  });

  it("is made once: the next request (also after a restart) comes from the disk cache without asking the host", async () => {
    const { photos, dir } = photoService();
    const first = await get(photos, `${src("car.jpg")}&w=480`, WEBP_BROWSER);
    expect(first.headers.get("X-Photo")).toBe("miss");
    const asked = host.requests.length;
    const again = await get(photos, `${src("car.jpg")}&w=480`, WEBP_BROWSER);
    expect(again.headers.get("X-Photo")).toBe("hit");
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    const restarted = photoService(undefined, dir).photos;
    expect((await get(restarted, `${src("car.jpg")}&w=480`, WEBP_BROWSER)).headers.get("X-Photo")).toBe("hit");
    expect(host.requests.length).toBe(asked);
    // Another format is another file.
    expect((await get(photos, `${src("car.jpg")}&w=480`, OLD_BROWSER)).headers.get("X-Photo")).toBe("miss");
  });

  it("keeps the disk cache under its cap by dropping the oldest photos first", async () => {
    const { photos: probe } = photoService();
    const sizeOf = async (w: number) => (await (await get(probe, `${src("car.jpg")}&w=${w}`, WEBP_BROWSER)).arrayBuffer()).byteLength;
    const sizes = { 320: await sizeOf(320), 480: await sizeOf(480), 640: await sizeOf(640) };
    // Room for the 480 and the 640, not for the 320 as well.
    const cap = sizes[480] + sizes[640] + 10;
    const cache = createDiskPhotoCache(fs.mkdtempSync(path.join(os.tmpdir(), "photo-cap-")), cap);
    const photos = createPhotoService({ source: createHttpPhotoSource(), cache });
    for (const w of [320, 480, 640])
      expect((await get(photos, `${src("car.jpg")}&w=${w}`, WEBP_BROWSER)).headers.get("X-Photo")).toBe("miss");
    expect(await cache.size()).toBeLessThanOrEqual(cap);
    expect((await get(photos, `${src("car.jpg")}&w=640`, WEBP_BROWSER)).headers.get("X-Photo")).toBe("hit");
    expect((await get(photos, `${src("car.jpg")}&w=480`, WEBP_BROWSER)).headers.get("X-Photo")).toBe("hit");
    // The oldest (320) was dropped: it is made again.
    expect((await get(photos, `${src("car.jpg")}&w=320`, WEBP_BROWSER)).headers.get("X-Photo")).toBe("miss");
    expect(await cache.size()).toBeLessThanOrEqual(cap);
  });

  it("follows a redirect on the dealer's host", async () => {
    const { photos } = photoService();
    const response = await get(photos, `${src("moved.jpg")}&w=320`);
    expect(response.headers.get("X-Photo")).toBe("miss");
    expect((await pictureOf(response)).width).toBe(320);
  });
});

describe("GET /photos: a source that cannot be shown gets the placeholder, never an error", () => {
  const at = (source: string, w = 640) => `src=${encodeURIComponent(source)}&w=${w}`;
  const placeholderCases: [string, (origin: string) => string, string][] = [
    ["a host the dealer does not list", () => at("https://photos.elsewhere.example/car.jpg"), "not-allowed"],
    ["the same host on another port", (origin) => at(`${origin}0/car.jpg`), "not-allowed"],
    ["a redirect to another host", (origin) => at(`${origin}/away.jpg`), "not-allowed"],
    ["a missing photo", (origin) => at(`${origin}/gone.jpg`), "missing"],
    ["a broken JPEG", (origin) => at(`${origin}/broken.jpg`), "not-an-image"],
    ["a web page", (origin) => at(`${origin}/page.html`), "not-an-image"],
    ["a source over the byte limit", (origin) => at(`${origin}/huge.jpg`), "too-large"],
    ["a picture with too many pixels", (origin) => at(`${origin}/wide.png`), "too-large"],
    ["a host too slow to answer", (origin) => at(`${origin}/slow.jpg`), "timeout"],
    ["no source", () => "w=640", "missing"],
    ["a script address", () => at("javascript:alert(1)"), "not-allowed"],
    ["a file address and a silly width", () => at("file:///etc/passwd", 99999), "not-allowed"],
    ["a drawing address that draws nothing", () => at("/media/vehicles/tank/ffffff/exterior-3.svg"), "missing"],
    ["a history report", () => at("/media/reports/abc.pdf"), "missing"],
    ["a width that is not a number", (origin) => `src=${encodeURIComponent(`${origin}/gone.jpg`)}&w=wide`, "missing"],
  ];

  it.each(placeholderCases)("%s", async (_name, query, reason) => {
    const { photos } = photoService();
    const asked = host.requests.length;
    const response = await get(photos, query(host.origin), WEBP_BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Photo")).toBe(`placeholder; ${reason}`);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect((await pictureOf(response)).format).toBe("webp");
    // A source the dealer does not allow is never asked for.
    if (reason === "not-allowed" && !_name.includes("redirect")) expect(host.requests.length).toBe(asked);
  });

  it("sends the placeholder at the width asked for, and does not keep it in the disk cache", async () => {
    const { photos, dir } = photoService();
    const response = await get(photos, `${src("broken.jpg")}&w=320`, OLD_BROWSER);
    const picture = await pictureOf(response);
    expect([picture.format, picture.width, picture.height]).toEqual(["jpeg", 320, 213]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a burst of new photos is made a few at a time; past the queue the placeholder says busy and is not kept", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "photo-busy-"));
    folders.push(dir);
    const photos = createPhotoService({
      source: createHttpPhotoSource(),
      cache: createDiskPhotoCache(dir),
      concurrentEncodes: 1,
      maxWaiting: 1,
    });
    const colours = ["111111", "222222", "333333", "444444", "555555"];
    const answers = await Promise.all(
      colours.map((c) => get(photos, `src=${encodeURIComponent(`/media/vehicles/sedan/${c}/exterior-1.svg`)}&w=480`, WEBP_BROWSER)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const made = answers.filter((a) => a.headers.get("X-Photo") === "miss");
    const busy = answers.filter((a) => a.headers.get("X-Photo") === "placeholder; busy");
    expect(made.length).toBe(2);
    expect(busy.length).toBe(3);
    for (const answer of busy) expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 404 on an address that serves no dealer", async () => {
    const { photos } = photoService();
    expect((await get(photos, `${src("car.jpg")}&w=640`, AVIF_BROWSER, null)).status).toBe(404);
  });
});

describe("GET /photos: the demo stock's drawings", () => {
  it("are rasterised at the width asked for, like a photo, and cached", async () => {
    const { photos } = photoService();
    const drawing = `src=${encodeURIComponent("/media/vehicles/suv/2b2b2e/exterior-3.svg")}&w=960`;
    const response = await get(photos, drawing, WEBP_BROWSER);
    expect(response.headers.get("X-Photo")).toBe("miss");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const picture = await pictureOf(response);
    expect([picture.format, picture.width, picture.height]).toEqual(["webp", 960, 640]);
    expect((await get(photos, drawing, WEBP_BROWSER)).headers.get("X-Photo")).toBe("hit");
  });

  it("are served even to a dealer that lists no photo host", async () => {
    const { photos } = photoService();
    const plain = testTenant("photo-motors");
    const response = await get(photos, `src=${encodeURIComponent("/media/vehicles/ute/f2f3f1/interior-12.svg")}&w=320`, OLD_BROWSER, plain);
    expect(response.headers.get("X-Photo")).toBe("miss");
    expect((await pictureOf(response)).format).toBe("jpeg");
  });
});

describe("GET /photos: photos from a dealer's feed", () => {
  it("a DMS export's ImageList becomes the car's photos through the route for its dealer, and only for that dealer", async () => {
    const db = await freshPglite();
    try {
      await migrate(db);
      const dms = `Type,Stock #,Year,Make,Model,Internet Price,ImageList\nUsed,P1,2021,Toyota,HiLux,"$52,990",${host.origin}/car.jpg|${host.origin}/small.jpg\n`;
      const result = await importStock({ db }, dealer, { format: "csv", content: dms }, { profile: "dms" });
      expect(result.warnings.filter((w) => w.message.startsWith("photos on"))).toEqual([]);
      const car = await getVehicleById(db, dealer.slug, `${dealer.slug}-p1`);
      expect(car?.images.map((i) => i.url)).toEqual([`${host.origin}/car.jpg`, `${host.origin}/small.jpg`]);
      const { photos } = photoService();
      const query = `src=${encodeURIComponent(car!.primary_image_url)}&w=640`;
      const own = await get(photos, query, WEBP_BROWSER);
      expect(own.headers.get("X-Photo")).toBe("miss");
      expect((await pictureOf(own)).width).toBe(640);
      // Another dealer's site does not fetch this dealer's photo host, whatever address it is asked for.
      const asked = host.requests.length;
      const other = await get(photos, query, WEBP_BROWSER, testTenant("other-motors"));
      expect(other.headers.get("X-Photo")).toBe("placeholder; not-allowed");
      expect(host.requests.length).toBe(asked);
      // Imported for a dealer that has not listed the host (an address, never trusted because a feed names it), the
      // report says its photos show the placeholder and how to allow them.
      const unlisted = await importStock({ db }, testTenant("other-motors"), { format: "csv", content: dms }, { profile: "dms" });
      expect(unlisted.warnings).toContainEqual({
        line: 0,
        message: `photos on ${host.origin} show the placeholder: a feed's photo host must be a name on the internet, not an address or a local name; list "${host.origin}" in the dealer's photos.sourceHosts to allow it`,
      });
    } finally {
      await db.close();
    }
  }, 60_000);
});
