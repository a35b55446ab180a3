import { afterEach, describe, expect, it, vi } from "vitest";
import { PollLoop } from "./pollLoop";

const loops: PollLoop[] = [];
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop(10);
});

function loopOf(pass: () => Promise<number>, pollMs = 60_000) {
  const loop = new PollLoop({ pollMs, pass, failure: "test: pass failed" });
  loops.push(loop);
  return loop;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("a worker's poll loop", () => {
  it("passes at start, then sleeps until the poll or a wake-up", async () => {
    const pass = vi.fn(async () => 60_000);
    const loop = loopOf(pass);
    loop.start();
    await tick();
    expect(pass).toHaveBeenCalledTimes(1);
    loop.wake();
    await tick();
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it("goes again at once when a pass says more may be due, and sooner when it asks", async () => {
    let calls = 0;
    const loop = loopOf(async () => (++calls < 3 ? 0 : calls === 3 ? 10 : 60_000));
    loop.start();
    await vi.waitFor(() => expect(calls).toBe(4));
  });

  it("a pass that throws is tried again at the next poll, and the loop lives on", async () => {
    let calls = 0;
    const loop = loopOf(async () => {
      calls++;
      throw new Error("database closing");
    }, 10);
    loop.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
    expect(loop.isRunning).toBe(true);
  });

  it("stop waits for the pass in flight; past the grace period the signal tells it to give up", async () => {
    let seen: AbortSignal | null = null;
    const loop = loopOf(async () => {
      seen = loop.signal;
      await new Promise((resolve) => loop.signal.addEventListener("abort", resolve, { once: true }));
      return 60_000;
    });
    loop.start();
    await tick();
    await loop.stop(20);
    expect(seen!.aborted).toBe(true);
    expect(loop.isRunning).toBe(false);
  });
});
