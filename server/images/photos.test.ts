import { describe, expect, it } from "vitest";
import { createPhotoService, photoCacheKey } from "./photos";
import type { PhotoCache, PhotoSource } from "./port";

describe("photoCacheKey", () => {
  it("is the same for the same photo, width and format, whoever asks", () => {
    expect(photoCacheKey("https://photos.dealer.com.au/1.jpg", 640, "webp")).toBe(
      photoCacheKey("https://photos.dealer.com.au/1.jpg", 640, "webp"),
    );
  });

  it("differs by source (query included), width, format and quality", () => {
    const keys = new Set([
      photoCacheKey("https://photos.dealer.com.au/1.jpg", 640, "webp"),
      photoCacheKey("https://photos.dealer.com.au/1.jpg?v=2", 640, "webp"),
      photoCacheKey("https://photos.dealer.com.au/2.jpg", 640, "webp"),
      photoCacheKey("https://photos.dealer.com.au/1.jpg", 960, "webp"),
      photoCacheKey("https://photos.dealer.com.au/1.jpg", 640, "avif"),
      photoCacheKey("https://photos.dealer.com.au/1.jpg", 640, "webp", 60),
    ]);
    expect(keys.size).toBe(6);
  });

  it("is a safe file name whatever the source holds (no dots, slashes or the source's own text)", () => {
    const key = photoCacheKey("https://x.example/../../etc/passwd?a=/b", 320, "jpeg");
    expect(key).toMatch(/^[0-9a-f]{40}-320-jpeg$/);
  });
});

describe("a photo on a host the dealer's own feed named", () => {
  const JPEG = Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
    "base64",
  );
  const memoryCache = (): PhotoCache => {
    const kept = new Map<string, Buffer>();
    return {
      get: async (k) => kept.get(k) ?? null,
      has: async (k) => kept.has(k),
      put: async (k, b) => void kept.set(k, b),
      size: async () => 0,
    };
  };
  const source = "https://photos.autogate.com.au/1042/1.jpg";

  it("is fetched for that dealer, only at a public address; another dealer gets the placeholder and nothing is fetched", async () => {
    const verdicts: Array<boolean | "if-public"> = [];
    const fake: PhotoSource = {
      async fetch(url, allowed) {
        verdicts.push(allowed(url));
        return { ok: true, bytes: JPEG };
      },
    };
    const photos = createPhotoService({ source: fake, cache: memoryCache() });
    const own = await photos.serve({
      source,
      width: 320,
      format: "jpeg",
      allowedOrigins: [],
      feedOrigins: ["https://photos.autogate.com.au"],
    });
    expect(own.kind).toBe("photo");
    expect(verdicts).toEqual(["if-public"]);
    const other = await photos.serve({ source, width: 480, format: "jpeg", allowedOrigins: [], feedOrigins: [] });
    expect(other).toMatchObject({ kind: "placeholder", reason: "not-allowed" });
    expect(verdicts).toHaveLength(1);
    // A host the dealer listed itself is trusted without the public-address check.
    await photos.serve({ source, width: 640, format: "jpeg", allowedOrigins: ["https://photos.autogate.com.au"] });
    expect(verdicts).toEqual(["if-public", true]);
  });

  it("a feed origin that is an address is never trusted, even recorded", async () => {
    const fake: PhotoSource = { fetch: async () => ({ ok: true, bytes: JPEG }) };
    const photos = createPhotoService({ source: fake, cache: memoryCache() });
    const answer = await photos.serve({
      source: "http://169.254.169.254/latest/meta-data",
      width: 320,
      format: "jpeg",
      allowedOrigins: [],
      feedOrigins: ["http://169.254.169.254"],
    });
    expect(answer).toMatchObject({ kind: "placeholder", reason: "not-allowed" });
  });
});

describe("photos made ahead of shoppers", () => {
  const JPEG = Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
    "base64",
  );
  const host = "https://photos.dealer.com.au";
  const setup = () => {
    const kept = new Map<string, Buffer>();
    const made: string[] = [];
    const cache: PhotoCache = {
      get: async (k) => kept.get(k) ?? null,
      has: async (k) => kept.has(k),
      put: async (k, b) => {
        made.push(k);
        kept.set(k, b);
      },
      size: async () => 0,
    };
    const photos = createPhotoService({ source: { fetch: async () => ({ ok: true, bytes: JPEG }) }, cache, concurrentEncodes: 1 });
    const ask = (name: string) => ({ source: `${host}/${name}.jpg`, width: 320 as const, format: "jpeg" as const, allowedOrigins: [host] });
    const keyOf = (name: string) => photoCacheKey(`${host}/${name}.jpg`, 320, "jpeg");
    const order = () => made.map((k) => ["a", "b", "c", "d", "shopper"].find((n) => keyOf(n) === k));
    return { photos, ask, order };
  };

  it("wait behind every shopper's photo", async () => {
    const { photos, ask, order } = setup();
    const ahead = ["a", "b", "c", "d"].map((n) => photos.warm(ask(n)));
    const shopper = photos.serve(ask("shopper"));
    await Promise.all([...ahead, shopper]);
    // At most the one being made when the shopper asked goes first; the rest wait for the shopper's.
    expect(order().indexOf("shopper")).toBeLessThanOrEqual(1);
    expect(order().slice(2)).toEqual(["b", "c", "d"]);
  });

  it("a photo waiting to be made ahead goes to the shoppers' turn when a shopper asks for it", async () => {
    const { photos, ask, order } = setup();
    const ahead = ["a", "b", "c", "d"].map((n) => photos.warm(ask(n)));
    const shopper = await photos.serve(ask("d"));
    expect(shopper.kind).toBe("photo");
    await Promise.all(ahead);
    expect(order().indexOf("d")).toBeLessThanOrEqual(1);
    expect(order().slice(2)).toEqual(["b", "c"]);
  });

  it("says what is in the cache already, and is never refused as busy", async () => {
    const { photos, ask } = setup();
    expect(await photos.warm(ask("a"))).toBe("made");
    expect(await photos.warm(ask("a"))).toBe("cached");
    const many = await Promise.all(Array.from({ length: 100 }, (_, i) => photos.warm(ask(`n${i}`))));
    expect(many.every((m) => m === "made")).toBe(true);
    expect(await photos.warm({ ...ask("x"), allowedOrigins: [] })).toBe("not-shown");
  });
});
