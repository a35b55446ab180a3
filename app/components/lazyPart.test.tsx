import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyPart, PendingPart } from "./lazyPart";

describe("lazy parts take turns", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const part = (name: string, asked: string[]) =>
    lazyPart(
      () => {
        asked.push(name);
        return Promise.resolve(() => null);
      },
      name,
      PendingPart,
    );

  it("asks for one part's code per task, in the order the page asked", async () => {
    const asked: string[] = [];
    const parts = ["Gallery", "Sidebar", "MainColumn"].map((name) => part(name, asked));
    const ready = Promise.all(parts.map((p) => p.preload()));
    expect(asked).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(asked).toEqual(["Gallery"]);
    vi.advanceTimersToNextTimer();
    expect(asked).toEqual(["Gallery", "Sidebar"]);
    vi.advanceTimersToNextTimer();
    expect(asked).toEqual(["Gallery", "Sidebar", "MainColumn"]);
    expect(vi.getTimerCount()).toBe(0);
    await ready;
  });

  it("asks once for a part the page asks for twice", async () => {
    const asked: string[] = [];
    const gallery = part("Gallery", asked);
    const twice = Promise.all([gallery.preload(), gallery.preload()]);
    vi.runAllTimers();
    await twice;
    expect(asked).toEqual(["Gallery"]);
    await gallery.preload();
    expect(vi.getTimerCount()).toBe(0);
  });
});
