/**
 * The fullscreen slider (spec 000 section 2, Gallery): every slide including the video, left and right
 * arrow keys (codes 37 and 39), Escape to close, thumbnails when there are more than 3 images. Loaded
 * only when a shopper opens it.
 */
import { useKeenSlider, type KeenSliderInstance } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { arrowKeyStep, type GallerySlide } from "~/domain/galleryRules";
import { Icon } from "./icons";
import { SlideMedia } from "./SlideMedia";
import { Photo } from "~/components/photo/Photo";
import * as styles from "./Gallery.css";

export interface FullscreenGalleryProps {
  slides: GallerySlide[];
  start: number;
  title: string;
  thumbnails: boolean;
  onClose(index: number): void;
}

export function FullscreenGallery({ slides, start, title, thumbnails, onClose }: FullscreenGalleryProps) {
  const [index, setIndex] = useState(start);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const indexRef = useRef(start);
  // Where the slider is heading: quick key presses add up instead of repeating the same move.
  const target = useRef<number | null>(null);
  // Steps asked for before the slider was made (an arrow key pressed as the dialog opens), made once it is.
  const waiting = useRef(0);
  const stepOn = (s: KeenSliderInstance, step: number) => {
    target.current = (target.current ?? s.track.details.abs) + step;
    s.moveToIdx(target.current);
  };
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    initial: start,
    loop: slides.length > 1,
    created(s) {
      const step = waiting.current;
      waiting.current = 0;
      if (step) stepOn(s, step);
    },
    slideChanged(s) {
      indexRef.current = s.track.details.rel;
      setIndex(s.track.details.rel);
    },
    animationEnded() {
      target.current = null;
    },
  });
  const move = useCallback(
    (step: number) => {
      const s = slider.current;
      if (s?.track.details) stepOn(s, step);
      else waiting.current += step;
    },
    [slider],
  );

  // A layout effect, not a passive one: the dialog is drawn before passive effects run, and a busy
  // phone handles a key pressed then (input goes before React's queued work) before they do; the key and
  // the focus must be taken from the moment the dialog shows.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    // Tab stays within the dialog while it is open.
    const keepFocusInside = (e: KeyboardEvent) => {
      const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>("button, a[href], iframe, video") ?? [])];
      if (!focusable.length) return;
      const [first, last] = [focusable[0], focusable[focusable.length - 1]];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose(indexRef.current);
        return;
      }
      if (e.key === "Tab") return keepFocusInside(e);
      const step = arrowKeyStep(e);
      if (step) move(step);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [onClose, slider, move]);

  return (
    <div ref={dialogRef} className={styles.overlay} role="dialog" aria-modal="true" aria-label={`Photos of the ${title}`}>
      <div className={styles.overlayBar}>
        <span aria-live="polite">
          {index + 1} / {slides.length}
        </span>
        <button
          ref={closeRef}
          type="button"
          className={styles.overlayClose}
          onClick={() => onClose(indexRef.current)}
          aria-label="Close fullscreen"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className={styles.overlayStage}>
        <div ref={sliderRef} className={`keen-slider ${styles.slider}`}>
          {slides.map((s, i) => (
            <div key={i} className={`keen-slider__slide ${styles.overlaySlide}`} aria-hidden={i !== index}>
              <SlideMedia
                slide={s}
                title={title}
                position={i}
                className={styles.overlayImage}
                eager={Math.abs(i - start) <= 1}
                sizes="100vw"
              />
            </div>
          ))}
        </div>
        {slides.length > 1 ? (
          <>
            <button type="button" className={styles.prev} onClick={() => move(-1)} aria-label="Previous photo">
              <Icon name="chevronLeft" />
            </button>
            <button type="button" className={styles.next} onClick={() => move(1)} aria-label="Next photo">
              <Icon name="chevronRight" />
            </button>
          </>
        ) : null}
      </div>
      {thumbnails ? (
        <ol className={styles.overlayThumbs}>
          {slides.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className={styles.thumbLink}
                aria-current={i === index ? "true" : undefined}
                aria-label={s.kind === "video" ? "Video" : `Photo ${s.imageNumber}`}
                onClick={() => slider.current?.moveToIdx(i)}
                style={{ padding: 0, background: "none" }}
              >
                {s.kind === "image" ? (
                  <Photo source={s.thumb} layout="thumb" alt="" width={120} height={80} className={styles.thumbImage} />
                ) : (
                  <span
                    className={styles.thumbImage}
                    style={{ display: "flex", alignItems: "center", justifyContent: "center", color: "#fff" }}
                  >
                    Video
                  </span>
                )}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

export default FullscreenGallery;
