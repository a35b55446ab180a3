/**
 * The vehicle gallery (spec 000 section 2, Gallery): views spinner (360), gallery and interior, the
 * tenant's default first; a keen-slider of the photos with the video second; thumbnails when there are
 * more than 3 images and the car is in stock; fullscreen with arrow keys. Leaving the gallery view
 * resets it to the first photo.
 *
 * Without JavaScript: the view tabs are links (?view=...), the photos are a strip that scrolls and
 * snaps, thumbnails jump to each photo, each photo links to its full-size file, and the spin view shows
 * its first frame.
 */
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { galleryIndexAfterViewChange, NEW_ARRIVAL_PLACEHOLDER, type GalleryView } from "~/domain/galleryRules";
import { hotspotsForFrame, INTERIOR_ANGLE, SPIN_IMAGE_SIZE } from "~/domain/spin";
import { Hotspots } from "./Hotspots";
import { Icon } from "./icons";
import { jsOnly } from "~/components/vehicle/JsOnly";
import type { VehicleGallery } from "~/domain/vehiclePage";
import type { GalleryControl } from "./KeenGallery";
import { SlideList } from "./SlideList";
import { SlideMedia } from "./SlideMedia";
import { Photo } from "~/components/photo/Photo";
import { useHydrated, useLazyModule } from "~/components/useHydrated";
import * as styles from "./Gallery.css";

const VIEW_LABELS: Record<GalleryView, string> = { spinner: "360° Spin", gallery: "Gallery", interior: "Interior" };

export interface GalleryProps {
  gallery: VehicleGallery;
  title: string;
  /** The Request Photos form, shown in the new-arrival placeholder. */
  requestPhotos: ReactNode;
}

export function Gallery({ gallery, title, requestPhotos }: GalleryProps) {
  const [params] = useSearchParams();
  const asked = params.get("view") as GalleryView | null;
  const [view, setView] = useState<GalleryView>(asked && gallery.views.includes(asked) ? asked : gallery.initialView);
  const [index, setIndex] = useState(0);
  const [fullscreenAt, setFullscreenAt] = useState<number | null>(null);
  const hydrated = useHydrated();
  const spinModule = useLazyModule(() => import("./SpinViewer"), hydrated && view === "spinner");
  const fullscreenModule = useLazyModule(() => import("./FullscreenGallery"), hydrated && fullscreenAt !== null);

  const changeView = (next: GalleryView) => (e: MouseEvent) => {
    e.preventDefault();
    setIndex((i) => galleryIndexAfterViewChange(view, next, i));
    setView(next);
  };
  const closeFullscreen = useCallback((at: number) => {
    setFullscreenAt(null);
    setIndex(at);
  }, []);

  return (
    <section id="gallery" className={styles.gallery} aria-label={`Photos of the ${title}`}>
      {gallery.views.length > 1 ? (
        <ul className={styles.viewTabs} aria-label="Views">
          {gallery.views.map((v) => (
            <li key={v}>
              <a
                href={`?view=${v}#gallery`}
                className={styles.viewTab}
                aria-current={v === view ? "true" : undefined}
                onClick={changeView(v)}
              >
                {VIEW_LABELS[v]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {view === "spinner" ? (
        spinModule ? (
          <spinModule.SpinViewer frames={gallery.spinFrames} hotspots={gallery.hotspots.exterior} title={title} />
        ) : (
          <div className={styles.spinStage} data-frame={0} data-ready="false">
            <Photo
              source={gallery.spinFrames[0]}
              layout="spin"
              alt={`${title}, 360 degree view`}
              width={SPIN_IMAGE_SIZE.width}
              height={SPIN_IMAGE_SIZE.height}
              className={styles.spinImage}
              priority="high"
            />
            <span className={styles.spinBadge}>
              <Icon name="rotate" size={16} /> 360° view
            </span>
          </div>
        )
      ) : view === "interior" ? (
        <div className={styles.stage}>
          <Photo
            source={gallery.interiorImage}
            layout="gallery"
            alt={`${title}, interior`}
            width={SPIN_IMAGE_SIZE.width}
            height={SPIN_IMAGE_SIZE.height}
            priority="eager"
            className={styles.slideImage}
          />
          <Hotspots spots={hotspotsForFrame(gallery.hotspots.interior, INTERIOR_ANGLE, gallery.spinFrames.length || 24)} />
        </div>
      ) : gallery.placeholder ? (
        <Placeholder gallery={gallery} title={title} requestPhotos={requestPhotos} />
      ) : (
        <Slides
          gallery={gallery}
          title={title}
          index={index}
          onIndex={setIndex}
          hydrated={hydrated}
          onFullscreen={(at) => setFullscreenAt(at)}
        />
      )}

      {fullscreenAt !== null && fullscreenModule ? (
        <fullscreenModule.FullscreenGallery
          slides={gallery.slides}
          start={fullscreenAt}
          title={title}
          thumbnails={gallery.fullscreenThumbnails}
          onClose={closeFullscreen}
        />
      ) : null}
    </section>
  );
}

function Placeholder({ gallery, title, requestPhotos }: { gallery: VehicleGallery; title: string; requestPhotos: ReactNode }) {
  const single = gallery.slides.find((s) => s.kind === "image");
  return (
    <div className={styles.placeholder}>
      <div style={{ position: "relative" }}>
        <Photo
          source={NEW_ARRIVAL_PLACEHOLDER}
          layout="gallery"
          alt={`New arrival: photos of the ${title} are coming soon`}
          width={SPIN_IMAGE_SIZE.width}
          height={SPIN_IMAGE_SIZE.height}
          priority="high"
          className={styles.placeholderImage}
        />
      </div>
      {gallery.requestPhotos ? (
        <div className={styles.placeholderBody}>
          <h2 className={styles.placeholderTitle}>Request Photos</h2>
          <p style={{ margin: "0 0 12px" }}>
            We're preparing photos of this car. Leave your details and we'll send them to you as soon as they're ready.
          </p>
          {requestPhotos}
        </div>
      ) : null}
      {single && single.kind === "image" ? (
        <div className={`${styles.stage} ${styles.singlePhoto}`}>
          <SlideMedia slide={single} title={title} position={2} />
        </div>
      ) : null}
    </div>
  );
}

interface SlidesProps {
  gallery: VehicleGallery;
  title: string;
  index: number;
  onIndex(index: number): void;
  hydrated: boolean;
  onFullscreen(index: number): void;
}

function Slides({ gallery, title, index, onIndex, hydrated, onFullscreen }: SlidesProps) {
  const { slides } = gallery;
  const strip = useRef<HTMLDivElement>(null);
  const control = useRef<GalleryControl | null>(null);
  const [wanted, setWanted] = useState(false);
  const keen = useLazyModule(() => import("./KeenGallery"), hydrated && wanted);
  const reach = () => {
    if (!wanted) setWanted(true);
  };
  // The photo the strip is gliding to: passing photos are not the shopper's choice, and keen-slider
  // starts on this one if it takes over mid-glide.
  const aim = useRef<number | null>(null);
  const moveTo = (i: number) => {
    const to = Math.max(0, Math.min(slides.length - 1, i));
    if (control.current) return control.current.moveTo(to);
    reach();
    aim.current = to;
    const el = strip.current;
    if (el) el.scrollTo({ left: to * el.clientWidth, behavior: "smooth" });
    onIndex(to);
  };
  const move = (step: number) => (control.current ? control.current.move(step) : moveTo(index + step));
  // A swipe on the strip is left to finish natively; keen-slider takes over once it has settled.
  const settle = useRef<number | undefined>(undefined);
  const onStripScroll = () => {
    const el = strip.current;
    if (!el || !el.clientWidth) return;
    const at = Math.round(el.scrollLeft / el.clientWidth);
    if (aim.current !== null && at !== aim.current) return;
    aim.current = null;
    onIndex(at);
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(reach, 250);
  };
  useEffect(() => () => window.clearTimeout(settle.current), []);
  const open = (i: number, e: MouseEvent) => {
    if (!hydrated) return;
    e.preventDefault();
    onFullscreen(i);
  };
  const goTo = (i: number) => (e: MouseEvent) => {
    if (!hydrated) return;
    e.preventDefault();
    moveTo(i);
  };

  return (
    <>
      <div className={styles.stage} onPointerEnter={(e) => e.pointerType === "mouse" && reach()} onFocus={() => reach()}>
        {keen ? (
          // It starts on the photo the strip shows when it takes over.
          <keen.KeenGallery
            slides={slides}
            title={title}
            start={aim.current ?? index}
            onIndex={onIndex}
            onOpen={onFullscreen}
            control={control}
          />
        ) : (
          // Until keen-slider is wanted (and always without script) the slides are a scroll-snap strip.
          <div ref={strip} className={styles.strip} onScroll={hydrated ? onStripScroll : undefined}>
            <SlideList slides={slides} title={title} onOpen={open} />
          </div>
        )}
        {slides.length > 1 ? (
          <span className={`${styles.counter} ${jsOnly}`} aria-live="polite">
            {index + 1} / {slides.length}
          </span>
        ) : null}
        {slides.length > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.prev} ${jsOnly}`}
              onClick={() => move(-1)}
              disabled={index === 0}
              aria-label="Previous photo"
            >
              <Icon name="chevronLeft" />
            </button>
            <button
              type="button"
              className={`${styles.next} ${jsOnly}`}
              onClick={() => move(1)}
              disabled={index === slides.length - 1}
              aria-label="Next photo"
            >
              <Icon name="chevronRight" />
            </button>
          </>
        ) : null}
        {slides.length ? (
          <button
            type="button"
            className={`${styles.fullscreenButton} ${jsOnly}`}
            onClick={() => onFullscreen(index)}
            aria-label="Fullscreen"
          >
            <Icon name="fullscreen" />
            <span className={styles.tooltip} aria-hidden="true">
              Fullscreen
            </span>
          </button>
        ) : null}
      </div>
      {gallery.thumbnailStrip ? (
        <ol className={styles.thumbs} aria-label="Choose a photo">
          {slides.map((s, i) => (
            <li key={i}>
              <a
                href={`#gallery-slide-${i + 1}`}
                className={styles.thumbLink}
                aria-current={i === index ? "true" : undefined}
                aria-label={s.kind === "video" ? "Video" : `Photo ${s.imageNumber}`}
                onClick={goTo(i)}
              >
                {s.kind === "image" ? (
                  <Photo source={s.thumb} layout="thumb" alt="" width={120} height={80} className={styles.thumbImage} />
                ) : (
                  <span
                    className={styles.thumbImage}
                    style={{ display: "flex", alignItems: "center", justifyContent: "center", fontWeight: 600 }}
                  >
                    Video
                  </span>
                )}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
