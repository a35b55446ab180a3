/** One gallery slide's picture or video, with the loading hints for its position. */
import { GALLERY_IMAGE_SIZE, imageLoading, type GallerySlide } from "~/domain/galleryRules";
import { Photo } from "~/components/photo/Photo";
import * as styles from "./Gallery.css";

export function SlideMedia({
  slide,
  title,
  position,
  className,
  eager,
  sizes,
}: {
  slide: GallerySlide;
  title: string;
  position: number;
  className?: string;
  /** Overrides the position rule (the fullscreen slider loads the slides either side of the open one). */
  eager?: boolean;
  /** How wide the photo is drawn, when not the gallery's column (the fullscreen viewer). */
  sizes?: string;
}) {
  const hints = eager === undefined ? imageLoading(position) : eager ? imageLoading(0) : imageLoading(99);
  if (slide.kind === "image") {
    return (
      <Photo
        source={slide.url}
        layout="gallery"
        sizes={sizes}
        alt={`${title}, view ${slide.imageNumber}`}
        width={GALLERY_IMAGE_SIZE.width}
        height={GALLERY_IMAGE_SIZE.height}
        priority={hints.fetchPriority === "high" ? "high" : hints.loading}
        draggable={false}
        className={className ?? styles.slideImage}
      />
    );
  }
  const { video } = slide;
  if (video.kind === "animation") {
    return (
      <img
        src={video.url}
        alt={`${title}, walkaround video`}
        width={GALLERY_IMAGE_SIZE.width}
        height={GALLERY_IMAGE_SIZE.height}
        loading="lazy"
        draggable={false}
        className={className ?? styles.slideImage}
      />
    );
  }
  if (video.kind === "file") {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- stock feeds carry no caption file for a dealer's walkaround video
      <video className={styles.slideVideo} src={video.url} controls preload="none" playsInline aria-label={`${title}, video`}>
        <a href={video.url}>Watch the video of the {title}</a>
      </video>
    );
  }
  return (
    <iframe
      className={styles.slideVideo}
      src={video.url}
      title={`${title}, video`}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
    />
  );
}
