/**
 * The number of vehicles found. The server renders the final number; with JavaScript it counts up to
 * each new number over 2.5 s (spec 000 section 9). Screen readers get the final number only; the
 * number's box is as wide as the final number from the start, so nothing beside it moves (CLS).
 */
import { useEffect, useRef, useState } from "react";
import { formatNumber } from "~/domain/money";
import * as styles from "~/components/search/SearchPage.css";

export const HIT_COUNT_ANIMATION_MS = 2500;

export function HitCount({ count }: { count: number }) {
  const [shown, setShown] = useState(count);
  const current = useRef(0);

  useEffect(() => {
    const from = current.current;
    if (from === count || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      current.current = count;
      setShown(count);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const tick = (time: number) => {
      const progress = Math.min(1, (time - started) / HIT_COUNT_ANIMATION_MS);
      const eased = 1 - Math.pow(1 - progress, 3);
      const value = Math.round(from + (count - from) * eased);
      current.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [count]);

  const words = count === 1 ? "vehicle found" : "vehicles found";
  return (
    <p className={styles.hitCount} data-count={count} role="status">
      <span aria-hidden="true">
        <span className={styles.hitNumber} data-testid="hit-count" style={{ minWidth: `${formatNumber(count).length}ch` }}>
          {formatNumber(shown)}
        </span>{" "}
        {words}
      </span>
      <span className="visually-hidden">{`${formatNumber(count)} ${words}`}</span>
    </p>
  );
}
