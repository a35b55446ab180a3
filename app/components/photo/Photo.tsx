/**
 * A stock photo through the photo route (docs/decisions/0018): srcset over the widths the layout is
 * drawn at, so a phone fetches a small file and a wide screen a sharp one, in AVIF or WebP where the
 * browser takes them. Width and height stay on the img so the page keeps its space before it loads.
 */
import { photoSources, type PhotoLayout } from "~/domain/photos";

export interface PhotoProps {
  /** The photo's own address: a dealer's photo URL or a /media drawing. */
  source: string;
  layout: PhotoLayout;
  alt: string;
  width: number;
  height: number;
  /** Prioritised photos load at once with high priority; the rest wait until they are near the screen. */
  priority?: "high" | "eager" | "lazy";
  /** Overrides the layout's sizes (the fullscreen viewer draws photos across the whole screen). */
  sizes?: string;
  className?: string;
  draggable?: boolean;
}

export function Photo({ source, layout, alt, width, height, priority = "lazy", sizes, className, draggable }: PhotoProps) {
  const photo = photoSources(source, layout);
  const eager = priority !== "lazy";
  return (
    // loading comes before src: some browsers start the fetch as soon as src is set.
    <img
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      {...(priority === "high" ? { fetchpriority: "high" } : {})}
      sizes={photo.srcSet ? (sizes ?? photo.sizes) : undefined}
      srcSet={photo.srcSet}
      src={photo.src}
      alt={alt}
      width={width}
      height={height}
      draggable={draggable}
      className={className}
    />
  );
}
