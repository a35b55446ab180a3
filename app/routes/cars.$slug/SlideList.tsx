/** The gallery's slides, the same markup for the scroll strip and for keen-slider. */
import type { MouseEvent } from "react";
import type { GallerySlide } from "~/domain/galleryRules";
import { fullSizePhotoUrl } from "~/domain/photos";
import { SlideMedia } from "./SlideMedia";
import * as styles from "./Gallery.css";

export function SlideList({
  slides,
  title,
  slideClass = "",
  onOpen,
}: {
  slides: GallerySlide[];
  title: string;
  slideClass?: string;
  onOpen(index: number, e: MouseEvent): void;
}) {
  return (
    <>
      {slides.map((s, i) => (
        <div key={i} id={`gallery-slide-${i + 1}`} className={`${slideClass}${styles.slide}`}>
          {s.kind === "image" ? (
            <a
              href={fullSizePhotoUrl(s.url)}
              className={styles.slideLink}
              onClick={(e) => onOpen(i, e)}
              draggable={false}
              aria-label={`${title}, photo ${s.imageNumber}: open full size`}
            >
              {/* The first two photos are prioritised (spec 000 section 2), counted without the video slide. */}
              <SlideMedia slide={s} title={title} position={s.imageNumber - 1} />
            </a>
          ) : (
            <SlideMedia slide={s} title={title} position={i} />
          )}
        </div>
      ))}
    </>
  );
}
