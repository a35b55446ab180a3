import { describe, expect, it } from "vitest";
import { afterFirstPaint, type PaintClock } from "./afterFirstPaint";

/** A browser whose frames and tasks run only when the test says so, recording the order. */
function fakeBrowser(visibilityState: DocumentVisibilityState) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const clock: PaintClock = {
    visibilityState,
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback) => tasks.push(callback),
  };
  const drawFrame = () => frames.splice(0).forEach((f) => f());
  const runTasks = () => tasks.splice(0).forEach((t) => t());
  return { clock, drawFrame, runTasks };
}

describe("the page's script starts after the server's HTML is drawn", () => {
  it("waits for the next frame, then starts in the task after it, never inside the frame", () => {
    const { clock, drawFrame, runTasks } = fakeBrowser("visible");
    let started = 0;
    afterFirstPaint(() => started++, clock);
    runTasks();
    expect(started).toBe(0);
    drawFrame();
    expect(started).toBe(0);
    runTasks();
    expect(started).toBe(1);
  });

  it("in a tab the shopper cannot see, which draws no frames, starts in the next task", () => {
    const { clock, runTasks } = fakeBrowser("hidden");
    let started = 0;
    afterFirstPaint(() => started++, clock);
    runTasks();
    expect(started).toBe(1);
  });
});
