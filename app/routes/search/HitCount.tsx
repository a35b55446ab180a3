/**
 * The number of vehicles found. The server renders the final number; with JavaScript it counts up to
 * each new number over 2.5 s (spec 000 section 9). Screen readers get the final number only; the
 * number's box is as wide as the final number from the start, so nothing beside it moves (CLS).
 *
 * The frames are written straight into the number's text, not through React state: a state update per
 * frame made React render and commit the count about 150 times in its 2.5 s, on the page's one thread,
 * while the page was still hydrating its parts (a quarter of the page's script time on a slow phone).
 * React still renders the final number, so its text and the animation's last frame agree.
 */
import { useEffect, useRef } from "react";
import { formatNumber } from "~/domain/money";
import * as styles from "~/components/search/SearchPage.css";

export const HIT_COUNT_ANIMATION_MS = 2500;

/** The number shown `elapsed` ms into counting from `from` to `to` (ease-out, whole numbers). */
export function hitCountFrame(from: number, to: number, elapsed: number): number {
  const progress = Math.min(1, Math.max(0, elapsed / HIT_COUNT_ANIMATION_MS));
  const eased = 1 - Math.pow(1 - progress, 3);
  return Math.round(from + (to - from) * eased);
}

export function HitCount({ count }: { count: number }) {
  const number = useRef<HTMLSpanElement>(null);
  const shown = useRef(0);

  useEffect(() => {
    const text = number.current?.firstChild;
    const from = shown.current;
    shown.current = count;
    if (!text || from === count || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const started = performance.now();
    const tick = (time: number) => {
      const value = hitCountFrame(from, count, time - started);
      shown.current = value;
      text.nodeValue = formatNumber(value);
      if (value !== count) frame = requestAnimationFrame(tick);
    };
    text.nodeValue = formatNumber(from);
    frame = requestAnimationFrame(tick);
    return () => {
      // Stopped before its last frame: the number is left final (the next count starts from `shown`).
      cancelAnimationFrame(frame);
      text.nodeValue = formatNumber(count);
    };
  }, [count]);

  const total = formatNumber(count);
  const words = count === 1 ? "vehicle found" : "vehicles found";
  return (
    <p className={styles.hitCount} data-count={count} role="status">
      <span aria-hidden="true">
        <span ref={number} className={styles.hitNumber} data-testid="hit-count" style={{ minWidth: `${total.length}ch` }}>
          {total}
        </span>{" "}
        {words}
      </span>
      <span className="visually-hidden">{`${total} ${words}`}</span>
    </p>
  );
}
