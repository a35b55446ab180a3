/**
 * The inline gallery on keen-slider. Loaded when the shopper first reaches for the gallery (pointer,
 * touch, keyboard or an arrow), so its code is not part of the page's first download; until then the
 * same slides are a native scroll-snap strip.
 */
import { useKeenSlider } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { useEffect, useRef, type MouseEvent } from "react";
import type { GallerySlide } from "~/domain/galleryRules";
import { SlideList } from "./SlideList";
import * as styles from "./Gallery.css";

export interface GalleryControl {
  moveTo(index: number): void;
  move(step: number): void;
}

export function KeenGallery({
  slides,
  title,
  start,
  onIndex,
  onOpen,
  control,
}: {
  slides: GallerySlide[];
  title: string;
  start: number;
  onIndex(index: number): void;
  onOpen(index: number): void;
  control: { current: GalleryControl | null };
}) {
  // A click at the end of a drag is not a request for fullscreen.
  const dragged = useRef(false);
  // Where the slider is heading, so quick presses of the arrows add up.
  const target = useRef<number | null>(null);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    initial: start,
    slideChanged(s) {
      onIndex(s.track.details.rel);
    },
    dragStarted() {
      dragged.current = false;
    },
    dragged() {
      dragged.current = true;
    },
    animationEnded() {
      target.current = null;
    },
  });

  useEffect(() => {
    control.current = {
      moveTo(index) {
        target.current = index;
        slider.current?.moveToIdx(index);
      },
      move(step) {
        const s = slider.current;
        if (!s?.track.details) return;
        target.current = Math.max(0, Math.min(slides.length - 1, (target.current ?? s.track.details.abs) + step));
        s.moveToIdx(target.current);
      },
    };
    return () => {
      control.current = null;
    };
  }, [control, slider, slides.length]);

  const open = (i: number, e: MouseEvent) => {
    e.preventDefault();
    if (!dragged.current) onOpen(i);
  };
  return (
    <div ref={sliderRef} className={`keen-slider ${styles.slider}`}>
      <SlideList slides={slides} title={title} slideClass="keen-slider__slide " onOpen={open} />
    </div>
  );
}

export default KeenGallery;
