/**
 * What the vehicle gallery shows and in which order (spec 000 section 2, Gallery). Pure rules shared by
 * the server render and the browser.
 */
import type { Vehicle, VehicleImage } from "./vehicle";

export type GalleryView = "spinner" | "gallery" | "interior";

/** The first two images are fetched eagerly with high priority: they are the page's largest paint. */
export const PRIORITISED_IMAGES = 2;
/** Thumbnails appear only above this many images. */
export const THUMBNAILS_ABOVE = 3;
/** The gallery's intrinsic image size; width and height are set so the page does not shift. */
export const GALLERY_IMAGE_SIZE = { width: 1200, height: 800 } as const;

export function availableViews(v: Pick<Vehicle, "spin_images" | "spin_interior_image">): GalleryView[] {
  const views: GalleryView[] = [];
  if (v.spin_images.length > 0) views.push("spinner");
  views.push("gallery");
  if (v.spin_interior_image) views.push("interior");
  return views;
}

/** The tenant's default view (spinner on most sites) when the car has spin frames, else the gallery. */
export function initialGalleryView(tenantDefault: "spinner" | "gallery", hasSpinFrames: boolean): GalleryView {
  return tenantDefault === "spinner" && hasSpinFrames ? "spinner" : "gallery";
}

/** Leaving the gallery view resets its index, so coming back starts from the first image. */
export function galleryIndexAfterViewChange(from: GalleryView, to: GalleryView, index: number): number {
  return from === "gallery" && to !== "gallery" ? 0 : index;
}

/** How a video plays: a file in <video>, a YouTube/Vimeo player in an iframe, or an animated SVG turntable in <img>. */
export type VideoKind = "file" | "embed" | "animation";
export interface VideoSource {
  url: string;
  kind: VideoKind;
}

export type GallerySlide = { kind: "image"; url: string; thumb: string; imageNumber: number } | { kind: "video"; video: VideoSource };

/** A YouTube or Vimeo page link becomes its embeddable player URL; files play as files. */
export function videoSource(videoUrl: string, externalVideoUrl: string): VideoSource | null {
  const file = videoUrl.trim();
  if (file) return { url: file, kind: /\.svg(\?|$)/i.test(file) ? "animation" : "file" };
  const external = externalVideoUrl.trim();
  if (!external) return null;
  const youtube = external.match(/(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/);
  if (youtube) return { url: `https://www.youtube-nocookie.com/embed/${youtube[1]}`, kind: "embed" };
  const vimeo = external.match(/vimeo\.com\/(?:video\/)?(\d+)/);
  if (vimeo) return { url: `https://player.vimeo.com/video/${vimeo[1]}`, kind: "embed" };
  if (!/^https:\/\//.test(external)) return null;
  return { url: external, kind: /\.(mp4|webm|m3u8)(\?|$)/i.test(external) ? "file" : "embed" };
}

/** Slides in order: the images, with the video (when there is one) inserted second. */
export function gallerySlides(images: VehicleImage[], video: VideoSource | null): GallerySlide[] {
  const slides: GallerySlide[] = images.map((image, i) => ({
    kind: "image",
    url: image.url,
    thumb: image.thumb?.url || image.url,
    imageNumber: i + 1,
  }));
  if (video) slides.splice(Math.min(1, slides.length), 0, { kind: "video", video });
  return slides;
}

/** Loading hints for the image at this slide position. */
export function imageLoading(position: number): { loading: "eager" | "lazy"; fetchPriority: "high" | "auto" } {
  return position < PRIORITISED_IMAGES ? { loading: "eager", fetchPriority: "high" } : { loading: "lazy", fetchPriority: "auto" };
}

/** The thumbnail strip under the gallery: more than 3 images and the car in stock. */
export function showsThumbnailStrip(imageCount: number, status: Vehicle["status"]): boolean {
  return imageCount > THUMBNAILS_ABOVE && status === "in_stock";
}

/** Fullscreen thumbnails: more than 3 images, whatever the status. */
export function showsFullscreenThumbnails(imageCount: number): boolean {
  return imageCount > THUMBNAILS_ABOVE;
}

/** A car with one image or none shows the new-arrival placeholder (with the Request Photos form where enabled). */
export function showsNewArrivalPlaceholder(imageCount: number): boolean {
  return imageCount <= 1;
}

export const NEW_ARRIVAL_PLACEHOLDER = "/media/placeholder/new-arrival.svg";

/** Arrow keys move the fullscreen slider: left (37) back, right (39) forward. */
export function arrowKeyStep(event: { key?: string; keyCode?: number }): -1 | 0 | 1 {
  if (event.key === "ArrowLeft" || event.keyCode === 37) return -1;
  if (event.key === "ArrowRight" || event.keyCode === 39) return 1;
  return 0;
}
