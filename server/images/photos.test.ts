import { describe, expect, it } from "vitest";
import { photoCacheKey } from "./photos";

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
