import { describe, expect, it } from "vitest";
import { forgetDealer, perDealerCache } from "./perDealerCache";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("perDealerCache", () => {
  it("keeps a dealer's value for its lifetime, then loads it again", async () => {
    const time = clock();
    const cache = perDealerCache<string>(60_000, time.now);
    let loads = 0;
    const load = async () => `menu ${++loads}`;
    expect(await cache.get("summit-auto-group", load)).toBe("menu 1");
    time.advance(59_999);
    expect(await cache.get("summit-auto-group", load)).toBe("menu 1");
    time.advance(1);
    expect(await cache.get("summit-auto-group", load)).toBe("menu 2");
    expect(loads).toBe(2);
  });

  it("a dealer's settings change drops what every cache kept for that dealer, and only for it", async () => {
    const menus = perDealerCache<string>(60_000, clock().now);
    const prices = perDealerCache<string>(60_000, clock().now);
    await menus.get("summit-auto-group", async () => "old menu");
    await prices.get("summit-auto-group", async () => "old prices");
    await menus.get("westside-used", async () => "westside menu");
    forgetDealer("summit-auto-group");
    expect(await menus.get("summit-auto-group", async () => "new menu")).toBe("new menu");
    expect(await prices.get("summit-auto-group", async () => "new prices")).toBe("new prices");
    expect(await menus.get("westside-used", async () => "not asked")).toBe("westside menu");
  });

  it("keeps each dealer's value apart", async () => {
    const cache = perDealerCache<string>(60_000, clock().now);
    expect(await cache.get("summit-auto-group", async () => "summit stock")).toBe("summit stock");
    expect(await cache.get("westside-used", async () => "westside stock")).toBe("westside stock");
    expect(await cache.get("summit-auto-group", async () => "not asked")).toBe("summit stock");
    expect(await cache.get("westside-used", async () => "not asked")).toBe("westside stock");
  });

  it("shares one load between page views that miss together", async () => {
    const cache = perDealerCache<number>(60_000, clock().now);
    let loads = 0;
    let finish: (value: number) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = cache.get("coastal-gwm", load);
    const second = cache.get("coastal-gwm", load);
    finish(42);
    expect(await Promise.all([first, second])).toEqual([42, 42]);
    expect(loads).toBe(1);
  });

  it("does not keep a failed load: the next page view tries again", async () => {
    const cache = perDealerCache<string>(60_000, clock().now);
    await expect(cache.get("summit-auto-group", async () => Promise.reject(new Error("search down")))).rejects.toThrow("search down");
    await expect(
      cache.get("summit-auto-group", () => {
        throw new Error("thrown before any promise");
      }),
    ).rejects.toThrow("thrown before any promise");
    expect(await cache.get("summit-auto-group", async () => "back up")).toBe("back up");
  });

  it("a failed reload does not drop a newer value another page view stored", async () => {
    const time = clock();
    const cache = perDealerCache<string>(1_000, time.now);
    let fail: (error: Error) => void = () => {};
    const failing = cache.get("summit-auto-group", () => new Promise<string>((_, reject) => (fail = reject)));
    time.advance(1_000);
    expect(await cache.get("summit-auto-group", async () => "fresh")).toBe("fresh");
    fail(new Error("late failure"));
    await expect(failing).rejects.toThrow("late failure");
    expect(await cache.get("summit-auto-group", async () => "not asked")).toBe("fresh");
  });
});
