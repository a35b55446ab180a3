/**
 * Runs `start` once the browser has drawn the page as it stands. `requestAnimationFrame` runs just before
 * the browser draws its next frame; the task queued from it runs after that frame is drawn. A tab the
 * shopper cannot see draws no frames (its animation frames wait until it is shown), so there `start`
 * runs in the next task instead.
 */
export interface PaintClock {
  visibilityState: DocumentVisibilityState;
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
}

export function afterFirstPaint(start: () => void, clock: PaintClock): void {
  if (clock.visibilityState !== "visible") {
    clock.setTimeout(start, 0);
    return;
  }
  clock.requestAnimationFrame(() => clock.setTimeout(start, 0));
}
