/**
 * The photo cache contract (server/images/port.ts PhotoCache): what the photo route relies on from any
 * place that keeps resized photos. A stored photo comes back byte for byte (also to a new instance over
 * the same store, as after a restart), an unknown key is null, a rewrite replaces, and the bytes held
 * stay under the cap by dropping the entries served least recently.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { PhotoCache } from "@server/images/port";
import { photoCacheKey } from "@server/images/photos";

export interface PhotoCacheHarness {
  /** A cache over a store (a new store each time `store` is omitted) with this cap in bytes. */
  open(cap: number, store?: string): { cache: PhotoCache; store: string };
  close(): Promise<void>;
}

const key = (n: number) => photoCacheKey(`https://photos.dealer.example/${n}.jpg`, 640, "webp");
const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

export function describePhotoCacheContract(name: string, harness: PhotoCacheHarness) {
  describe(`PhotoCache contract: ${name}`, () => {
    afterAll(() => harness.close());

    it("gives back what was stored, byte for byte, also after a restart; an unknown key is null", async () => {
      const { cache, store } = harness.open(1_000_000);
      await cache.put(key(1), bytes(1000, 1));
      expect(await cache.get(key(1))).toEqual(bytes(1000, 1));
      expect(await cache.get(key(2))).toBeNull();
      const again = harness.open(1_000_000, store).cache;
      expect(await again.get(key(1))).toEqual(bytes(1000, 1));
      expect(await again.size()).toBe(1000);
    });

    it("replaces an entry written again", async () => {
      const { cache } = harness.open(1_000_000);
      await cache.put(key(1), bytes(1000, 1));
      await cache.put(key(1), bytes(500, 2));
      expect(await cache.get(key(1))).toEqual(bytes(500, 2));
      expect(await cache.size()).toBe(500);
    });

    it("stays under its cap, dropping the entries served least recently first", async () => {
      const { cache } = harness.open(3000);
      await cache.put(key(1), bytes(1000, 1));
      await cache.put(key(2), bytes(1000, 2));
      await cache.put(key(3), bytes(1000, 3));
      // 1 is served again, so 2 is now the one served least recently.
      expect(await cache.get(key(1))).not.toBeNull();
      await cache.put(key(4), bytes(1000, 4));
      expect(await cache.size()).toBeLessThanOrEqual(3000);
      expect(await cache.get(key(2))).toBeNull();
      for (const kept of [1, 3, 4]) expect(await cache.get(key(kept)), `entry ${kept}`).not.toBeNull();
    });

    it("does not keep an entry larger than the whole cap", async () => {
      const { cache } = harness.open(100);
      await cache.put(key(1), bytes(101, 1));
      expect(await cache.get(key(1))).toBeNull();
      expect(await cache.size()).toBe(0);
    });
  });
}
