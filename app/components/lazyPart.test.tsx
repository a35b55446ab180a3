import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPart, PendingPart } from "./lazyPart";

describe("lazy parts wait their turn", () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
  afterEach(() => void idle.splice(0));

  const part = (name: string, asked: string[]) =>
    lazyPart(
      () => {
        asked.push(name);
        return Promise.resolve(() => null);
      },
      name,
      PendingPart,
    );

  it("asks for one part's code per idle moment, in the order the page asked", async () => {
    const asked: string[] = [];
    const parts = ["Gallery", "Sidebar", "MainColumn"].map((name) => part(name, asked));
    const ready = Promise.all(parts.map((p) => p.preload()));
    expect(asked).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(asked).toEqual(["Gallery"]);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    idle.shift()!();
    expect(asked).toEqual(["Gallery", "Sidebar", "MainColumn"]);
    expect(idle).toHaveLength(0);
    await ready;
  });

  it("asks once for a part the page asks for twice", async () => {
    const asked: string[] = [];
    const gallery = part("Gallery", asked);
    const twice = Promise.all([gallery.preload(), gallery.preload()]);
    while (idle.length) idle.shift()!();
    await twice;
    expect(asked).toEqual(["Gallery"]);
    await gallery.preload();
    expect(idle).toHaveLength(0);
  });
});
