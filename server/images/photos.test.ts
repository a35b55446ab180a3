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
    return { get: async (k) => kept.get(k) ?? null, put: async (k, b) => void kept.set(k, b), size: async () => 0 };
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
