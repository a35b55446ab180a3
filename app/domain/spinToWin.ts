/**
 * Spin to Win: a dealer's prize wheel (tenant `spinToWin`). Pure: the prizes come in as values and the
 * random number as an argument, so the draw is tested without luck. The server draws with crypto
 * (server side only); the page only turns the wheel to the prize it was told.
 */

export interface Prize {
  label: string;
  /** How likely, relative to the other prizes (0 never wins). */
  weight: number;
}

/**
 * The prize a number in [0, 1) lands on: each prize owns a share of the line as long as its weight.
 * Returns the prize's index, or -1 when no prize can be won (no prizes, or all weights 0).
 */
export function drawPrize(prizes: readonly Prize[], random: number): number {
  const total = prizes.reduce((sum, p) => sum + (Number.isFinite(p.weight) && p.weight > 0 ? p.weight : 0), 0);
  if (total <= 0) return -1;
  const r = Math.min(Math.max(random, 0), 0.999_999_999_999) * total;
  let edge = 0;
  let last = -1;
  for (let i = 0; i < prizes.length; i++) {
    const w = Number.isFinite(prizes[i].weight) && prizes[i].weight > 0 ? prizes[i].weight : 0;
    if (w === 0) continue;
    last = i;
    edge += w;
    if (r < edge) return i;
  }
  return last;
}

/** Where on the wheel (degrees, clockwise from the top) a prize's slice starts and ends: equal slices, one per prize. */
export function sliceAngles(count: number, index: number): { start: number; end: number; middle: number } {
  const size = 360 / Math.max(count, 1);
  return { start: index * size, end: (index + 1) * size, middle: index * size + size / 2 };
}

/** How far to turn the wheel so the prize's slice stops under the pointer at the top: a few whole turns, then the slice. */
export function spinTurn(count: number, index: number, turns = 5): number {
  return turns * 360 + (360 - sliceAngles(count, index).middle);
}
