import { createContext, useCallback, useContext, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";
import { easeInOut, prefersReducedMotion, WIDGET_ANIMATION_MS } from "./motion";
import * as styles from "./widgets.css";

const InCarousel = createContext(false);

/**
 * A carousel of cards: a native scroll-snap strip, so it scrolls by touch and shows every slide without
 * JavaScript. With JavaScript it gains previous and next buttons (disabled at the ends), dots for each
 * slide with the current one marked, and the arrow keys; each move animates over 300 ms (instantly for
 * shoppers who prefer reduced motion). The vehicle gallery keeps its own keen-slider; cards need no
 * library, so pages with a carousel stay light.
 */
export function Carousel({ label, children, count }: { label: string; children: ReactNode; count: number }) {
  const track = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const [position, setPosition] = useState({ index: 0, atStart: true, atEnd: count <= 1 });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const first = el.firstElementChild as HTMLElement | null;
    const step = first ? first.getBoundingClientRect().width + gapOf(el) : el.clientWidth;
    const max = el.scrollWidth - el.clientWidth;
    setPosition({
      index: step > 0 ? Math.min(count - 1, Math.round(el.scrollLeft / step)) : 0,
      atStart: el.scrollLeft <= 4,
      atEnd: el.scrollLeft >= max - 4,
    });
  }, [count]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      el.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [measure]);

  const goTo = useCallback((index: number) => {
    const el = track.current;
    const slide = el?.children[Math.max(0, index)] as HTMLElement | undefined;
    if (!el || !slide) return;
    const target = Math.min(slide.offsetLeft - (el.firstElementChild as HTMLElement).offsetLeft, el.scrollWidth - el.clientWidth);
    scrollSmoothly(el, target);
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      goTo(position.index + (event.key === "ArrowRight" ? 1 : -1));
    }
  }

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <InCarousel.Provider value={true}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys (spec 000 section 4) reach the strip from its links and buttons, and from the strip itself, which Chromium makes focusable as a scroll area */}
        <ul ref={track} className={styles.carouselTrack} onKeyDown={onKeyDown}>
          {children}
        </ul>
      </InCarousel.Provider>
      {hydrated && count > 1 ? (
        <div className={styles.carouselControls}>
          <button
            type="button"
            className={styles.carouselArrow}
            aria-label="Previous"
            disabled={position.atStart}
            onClick={() => goTo(position.index - 1)}
          >
            ‹
          </button>
          <ol className={styles.carouselDots}>
            {Array.from({ length: count }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className={styles.carouselDot}
                  aria-label={`Go to slide ${i + 1} of ${count}`}
                  aria-current={i === position.index ? "true" : undefined}
                  onClick={() => goTo(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={styles.carouselArrow}
            aria-label="Next"
            disabled={position.atEnd}
            onClick={() => goTo(position.index + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** One slide. Used outside a Carousel it throws (spec 001 section 8), so a misplaced slide is found at once. */
export function CarouselSlide({ children }: { children: ReactNode }) {
  if (!useContext(InCarousel)) throw new Error("CarouselSlide must be used within a Carousel");
  return <li className={styles.carouselSlide}>{children}</li>;
}

function gapOf(el: HTMLElement): number {
  return parseFloat(getComputedStyle(el).columnGap) || 0;
}

function scrollSmoothly(el: HTMLElement, target: number) {
  const from = el.scrollLeft;
  if (prefersReducedMotion() || from === target) {
    el.scrollLeft = target;
    return;
  }
  // Scroll snapping would fight each animated step; it comes back once the slide is in place.
  el.style.scrollSnapType = "none";
  const started = performance.now();
  const frame = (now: number) => {
    const t = Math.min(1, (now - started) / WIDGET_ANIMATION_MS);
    el.scrollLeft = from + (target - from) * easeInOut(t);
    if (t < 1) requestAnimationFrame(frame);
    else el.style.scrollSnapType = "";
  };
  requestAnimationFrame(frame);
}
