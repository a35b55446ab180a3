import { describe, expect, it } from "vitest";
import {
  arrowKeyStep,
  availableViews,
  galleryIndexAfterViewChange,
  gallerySlides,
  imageLoading,
  initialGalleryView,
  showsFullscreenThumbnails,
  showsNewArrivalPlaceholder,
  showsThumbnailStrip,
  videoSource,
} from "./galleryRules";

const images = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `/i/${i + 1}.svg`, thumb: { url: `/t/${i + 1}.svg` } }));

describe("gallery views", () => {
  it("opens on the tenant's default view when the car has spin frames", () => {
    expect(initialGalleryView("spinner", true)).toBe("spinner");
    expect(initialGalleryView("gallery", true)).toBe("gallery");
  });
  it("opens on the gallery when the car has no spin frames, whatever the tenant says", () => {
    expect(initialGalleryView("spinner", false)).toBe("gallery");
  });
  it("offers spinner and interior only when the car has them", () => {
    expect(availableViews({ spin_images: [], spin_interior_image: "" })).toEqual(["gallery"]);
    expect(availableViews({ spin_images: ["a"], spin_interior_image: "i" })).toEqual(["spinner", "gallery", "interior"]);
  });
  it("leaving the gallery view resets its index; other changes keep it", () => {
    expect(galleryIndexAfterViewChange("gallery", "spinner", 5)).toBe(0);
    expect(galleryIndexAfterViewChange("gallery", "interior", 3)).toBe(0);
    expect(galleryIndexAfterViewChange("spinner", "gallery", 0)).toBe(0);
    expect(galleryIndexAfterViewChange("gallery", "gallery", 4)).toBe(4);
  });
});

describe("gallery slides", () => {
  it("inserts the video second", () => {
    const slides = gallerySlides(images(3), { url: "/v.mp4", kind: "file" as const });
    expect(slides.map((s) => s.kind)).toEqual(["image", "video", "image", "image"]);
  });
  it("puts the video first when there are no images, and adds nothing without a video", () => {
    expect(gallerySlides([], { url: "/v.mp4", kind: "file" as const }).map((s) => s.kind)).toEqual(["video"]);
    expect(gallerySlides(images(2), null).map((s) => s.kind)).toEqual(["image", "image"]);
  });
  it("prioritises the first two images and lazy-loads the rest", () => {
    expect(imageLoading(0)).toEqual({ loading: "eager", fetchPriority: "high" });
    expect(imageLoading(1)).toEqual({ loading: "eager", fetchPriority: "high" });
    expect(imageLoading(2)).toEqual({ loading: "lazy", fetchPriority: "auto" });
  });
  it("turns YouTube and Vimeo links into players and keeps files as files", () => {
    expect(videoSource("", "https://www.youtube.com/watch?v=abcDEF12345")).toEqual({
      url: "https://www.youtube-nocookie.com/embed/abcDEF12345",
      kind: "embed",
    });
    expect(videoSource("", "https://youtu.be/abcDEF12345")?.url).toBe("https://www.youtube-nocookie.com/embed/abcDEF12345");
    expect(videoSource("", "https://vimeo.com/12345678")?.url).toBe("https://player.vimeo.com/video/12345678");
    expect(videoSource("/media/walkaround.mp4", "https://youtu.be/x")).toEqual({ url: "/media/walkaround.mp4", kind: "file" });
    expect(videoSource("/media/vehicles/suv/2255aa/walkaround.svg", "")).toEqual({
      url: "/media/vehicles/suv/2255aa/walkaround.svg",
      kind: "animation",
    });
    expect(videoSource("", "")).toBeNull();
    expect(videoSource("", "javascript:alert(1)")).toBeNull();
  });
});

describe("thumbnails and placeholder", () => {
  it("shows the thumbnail strip only above 3 images and for cars in stock", () => {
    expect(showsThumbnailStrip(4, "in_stock")).toBe(true);
    expect(showsThumbnailStrip(3, "in_stock")).toBe(false);
    expect(showsThumbnailStrip(10, "sold")).toBe(false);
    expect(showsThumbnailStrip(10, "coming_soon")).toBe(false);
  });
  it("fullscreen thumbnails need only more than 3 images", () => {
    expect(showsFullscreenThumbnails(4)).toBe(true);
    expect(showsFullscreenThumbnails(3)).toBe(false);
  });
  it("shows the new-arrival placeholder for one image or none", () => {
    expect(showsNewArrivalPlaceholder(0)).toBe(true);
    expect(showsNewArrivalPlaceholder(1)).toBe(true);
    expect(showsNewArrivalPlaceholder(2)).toBe(false);
  });
  it("moves with the left and right arrow keys (codes 37 and 39)", () => {
    expect(arrowKeyStep({ keyCode: 37 })).toBe(-1);
    expect(arrowKeyStep({ keyCode: 39 })).toBe(1);
    expect(arrowKeyStep({ key: "ArrowRight" })).toBe(1);
    expect(arrowKeyStep({ key: "ArrowUp", keyCode: 38 })).toBe(0);
  });
});
