import { describe, expect, it } from "vitest";
import {
  photosToMakeAhead,
  fullSizePhotoUrl,
  isAllowedPhotoSource,
  negotiatePhotoFormat,
  PHOTO_WIDTHS,
  photoSources,
  photoSrcSet,
  photoUrl,
  photoUrlAt,
  compareColumnSizes,
  photoWidthFor,
  photoWidthForBox,
  PHOTO_LAYOUTS,
  SPIN_LARGEST_WIDTH,
  unlistedPhotoOrigins,
  feedPhotoOrigin,
  isFeedPhotoSource,
} from "./photos";

describe("photoWidthFor", () => {
  it("takes the smallest width of the set at least as wide as asked", () => {
    expect(photoWidthFor(320)).toBe(320);
    expect(photoWidthFor(321)).toBe(480);
    expect(photoWidthFor(700)).toBe(960);
    expect(photoWidthFor(1)).toBe(320);
  });

  it("never makes more than the largest width, and a missing or bad width gets a middle one", () => {
    expect(photoWidthFor(5000)).toBe(1600);
    expect(photoWidthFor(0)).toBe(640);
    expect(photoWidthFor(-3)).toBe(640);
    expect(photoWidthFor(Number.NaN)).toBe(640);
  });
});

describe("negotiatePhotoFormat", () => {
  it("sends AVIF, then WebP, to browsers that say they take them", () => {
    expect(negotiatePhotoFormat("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8")).toBe("avif");
    expect(negotiatePhotoFormat("image/webp,*/*")).toBe("webp");
    expect(negotiatePhotoFormat("IMAGE/WEBP")).toBe("webp");
  });

  it("sends JPEG to anything else, a bare wildcard included", () => {
    expect(negotiatePhotoFormat("image/*,*/*;q=0.8")).toBe("jpeg");
    expect(negotiatePhotoFormat("")).toBe("jpeg");
    expect(negotiatePhotoFormat(null)).toBe("jpeg");
    expect(negotiatePhotoFormat(";;,,q=1")).toBe("jpeg");
  });

  it("honours a refusal (q=0)", () => {
    expect(negotiatePhotoFormat("image/avif;q=0,image/webp")).toBe("webp");
    expect(negotiatePhotoFormat("image/avif; q=0, image/webp;q=0")).toBe("jpeg");
  });
});

describe("isAllowedPhotoSource", () => {
  const hosts = ["https://photos.dealer.com.au", "https://*.cloudfront.net", "http://127.0.0.1:4100"];

  it("allows a photo on one of the dealer's origins, sub-domains only through a wildcard", () => {
    expect(isAllowedPhotoSource("https://photos.dealer.com.au/stock/1.jpg", hosts)).toBe(true);
    expect(isAllowedPhotoSource("https://PHOTOS.dealer.com.au:443/stock/1.jpg?v=2", hosts)).toBe(true);
    expect(isAllowedPhotoSource("https://d1.cloudfront.net/a.jpg", hosts)).toBe(true);
    expect(isAllowedPhotoSource("http://127.0.0.1:4100/car.jpg", hosts)).toBe(true);
  });

  it("refuses other hosts, look-alikes, other schemes or ports, credentials and non-URLs", () => {
    for (const source of [
      "https://cloudfront.net/a.jpg",
      "https://photos.dealer.com.au.evil.example/1.jpg",
      "https://evilphotos.dealer.com.au/1.jpg",
      "http://photos.dealer.com.au/1.jpg",
      "https://photos.dealer.com.au:8443/1.jpg",
      "http://127.0.0.1:4101/car.jpg",
      "http://localhost:4100/car.jpg",
      "https://user:pass@photos.dealer.com.au/1.jpg",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "/media/vehicles/suv/ffffff/exterior-1.svg",
      "not a url",
    ]) {
      expect(isAllowedPhotoSource(source, hosts), source).toBe(false);
    }
  });

  it("allows nothing when the dealer names no host (the default)", () => {
    expect(isAllowedPhotoSource("https://photos.dealer.com.au/1.jpg", [])).toBe(false);
  });
});

describe("photo addresses", () => {
  it("carry the source encoded (commas and spaces cannot break a srcset) and a width of the set", () => {
    expect(photoUrl("https://cdn.example.com/a b,c.jpg?x=1&y=2", 640)).toBe(
      "/photos?src=https%3A%2F%2Fcdn.example.com%2Fa%20b%2Cc.jpg%3Fx%3D1%26y%3D2&w=640",
    );
    expect(photoSrcSet("/media/p.svg", [320, 480])).toBe(
      "/photos?src=%2Fmedia%2Fp.svg&w=320 320w, /photos?src=%2Fmedia%2Fp.svg&w=480 480w",
    );
  });

  it("give cards and the gallery a srcset over widths of the set, with sizes and a fallback src", () => {
    for (const layout of ["card", "gallery"] as const) {
      const { src, srcSet, sizes } = photoSources("https://cdn.example.com/1.jpg", layout);
      expect(src).toMatch(/^\/photos\?src=https%3A%2F%2Fcdn\.example\.com%2F1\.jpg&w=\d+$/);
      const widths = (srcSet ?? "").split(", ").map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));
      expect(widths.length).toBeGreaterThan(2);
      for (const w of widths) expect(PHOTO_WIDTHS).toContain(w);
      expect(sizes).toMatch(/100vw$/);
    }
  });
});

describe("unlistedPhotoOrigins", () => {
  it("names each origin of photos the dealer's hosts do not cover, once, and never the site's own drawings", () => {
    const photos = [
      "https://photos.dealer.com.au/1.jpg",
      "https://feed.other.example/a.jpg",
      "https://feed.other.example/b.jpg",
      "http://photos.dealer.com.au/2.jpg",
      "/media/vehicles/suv/ffffff/exterior-1.svg",
    ];
    expect(unlistedPhotoOrigins(photos, ["https://photos.dealer.com.au"])).toEqual([
      "https://feed.other.example",
      "http://photos.dealer.com.au",
    ]);
    expect(unlistedPhotoOrigins(photos.slice(0, 1), ["https://photos.dealer.com.au"])).toEqual([]);
  });
});

describe("site paths", () => {
  it("other than the /media drawings are shown as they are (files of the site's own public folder)", () => {
    expect(photoSources("/badges/certified.png", "card")).toEqual({ src: "/badges/certified.png" });
    expect(fullSizePhotoUrl("/badges/certified.png")).toBe("/badges/certified.png");
    expect(fullSizePhotoUrl("https://cdn.example.com/1.jpg")).toBe(photoUrl("https://cdn.example.com/1.jpg", 1600));
    expect(photoSources("/media/vehicles/suv/ffffff/exterior-1.svg", "card").srcSet).toContain("320w");
  });
});

describe("every layout", () => {
  it("asks only for widths of the set, falls back to one of its own widths and says how wide it is drawn", () => {
    for (const [name, layout] of Object.entries(PHOTO_LAYOUTS)) {
      for (const w of layout.widths) expect(PHOTO_WIDTHS, name).toContain(w);
      expect(layout.widths, name).toContain(layout.fallback);
      expect(layout.sizes, name).toMatch(/\d+(px|vw)$/);
    }
  });

  it("makes the printable page's photos wide whatever the screen it is opened on", () => {
    const { src, srcSet } = photoSources("https://cdn.example.com/1.jpg", "print");
    expect(src).toBe(photoUrl("https://cdn.example.com/1.jpg", 1600));
    expect(srcSet).toBe(`${photoUrl("https://cdn.example.com/1.jpg", 1600)} 1600w`);
  });
});

describe("photoUrlAt", () => {
  it("gives one route address at the width of the set for a URL a page cannot give a srcset", () => {
    expect(photoUrlAt("https://cdn.example.com/1.jpg", 1280)).toBe("/photos?src=https%3A%2F%2Fcdn.example.com%2F1.jpg&w=1280");
    expect(photoUrlAt("https://cdn.example.com/1.jpg", 1000)).toBe(photoUrl("https://cdn.example.com/1.jpg", 1280));
    expect(photoUrlAt("/media/vehicles/suv/ffffff/exterior-0.svg", 700)).toBe(photoUrl("/media/vehicles/suv/ffffff/exterior-0.svg", 960));
  });

  it("leaves the site's own files other than /media drawings as they are", () => {
    expect(photoUrlAt("/body-types/suv.svg", 1280)).toBe("/body-types/suv.svg");
  });
});

describe("photoWidthForBox", () => {
  it("covers the box's device pixels with the next width of the set", () => {
    expect(photoWidthForBox(358, 1)).toBe(480);
    expect(photoWidthForBox(358, 2)).toBe(960);
    expect(photoWidthForBox(860, 1)).toBe(960);
  });

  it("never makes more than the largest asked for: spin frames stay at most 960 on a sharp phone screen", () => {
    expect(photoWidthForBox(390, 3, SPIN_LARGEST_WIDTH)).toBe(960);
    expect(photoWidthForBox(860, 2, SPIN_LARGEST_WIDTH)).toBe(960);
    expect(photoWidthForBox(2000, 1)).toBe(1600);
  });

  it("takes a box not measured yet, or a missing ratio, as the largest at 1x", () => {
    expect(photoWidthForBox(0, 2, SPIN_LARGEST_WIDTH)).toBe(960);
    expect(photoWidthForBox(Number.NaN, 1)).toBe(1600);
    expect(photoWidthForBox(300, 0)).toBe(320);
    expect(photoWidthForBox(300, Number.NaN)).toBe(320);
  });
});

describe("compareColumnSizes", () => {
  it("shares the table between the cars compared: wide columns for one car, narrow for three", () => {
    expect(compareColumnSizes(1)).toBe("(min-width: 1240px) 1034px, (min-width: 592px) calc((100vw - 182px) / 1 - 24px), 386px");
    expect(compareColumnSizes(2)).toBe(PHOTO_LAYOUTS.compare.sizes);
    expect(compareColumnSizes(3)).toBe("(min-width: 1240px) 329px, (min-width: 592px) calc((100vw - 182px) / 3 - 24px), 113px");
  });

  it("takes any other count as the nearest of one to three", () => {
    expect(compareColumnSizes(0)).toBe(compareColumnSizes(1));
    expect(compareColumnSizes(7)).toBe(compareColumnSizes(3));
    expect(compareColumnSizes(Number.NaN)).toBe(compareColumnSizes(1));
  });
});

describe("feedPhotoOrigin", () => {
  it("a dealer's feed photo on an internet host names its origin", () => {
    expect(feedPhotoOrigin("https://photos.autogate.com.au/dealer/123/1.jpg?w=2000")).toBe("https://photos.autogate.com.au");
    expect(feedPhotoOrigin("http://cdn.dealerfeed.net:8080/a.jpg")).toBe("http://cdn.dealerfeed.net:8080");
    expect(feedPhotoOrigin("HTTPS://Photos.Example-Dealer.COM.AU/x.jpg")).toBe("https://photos.example-dealer.com.au");
  });

  it("addresses, local names, credentials and other schemes are never trusted because a feed names them", () => {
    for (const source of [
      "http://127.0.0.1/x.jpg",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x.jpg",
      "http://localhost/x.jpg",
      "http://photos.localhost/x.jpg",
      "http://nas.local/x.jpg",
      "http://metadata.google.internal/x",
      "http://intranet/x.jpg",
      "https://user:pass@photos.dealer.com.au/x.jpg",
      "ftp://photos.dealer.com.au/x.jpg",
      "file:///etc/passwd",
      "/media/vehicles/suv.svg",
      "not a url",
    ])
      expect(feedPhotoOrigin(source), source).toBeNull();
  });

  it("a source is a feed photo of the dealer only on exactly one of its feed origins", () => {
    const origins = ["https://photos.autogate.com.au"];
    expect(isFeedPhotoSource("https://photos.autogate.com.au/1.jpg", origins)).toBe(true);
    expect(isFeedPhotoSource("http://photos.autogate.com.au/1.jpg", origins)).toBe(false);
    expect(isFeedPhotoSource("https://evil.photos.autogate.com.au/1.jpg", origins)).toBe(false);
    expect(isFeedPhotoSource("https://photos.autogate.com.au:8443/1.jpg", origins)).toBe(false);
  });
});

describe("photosToMakeAhead", () => {
  const car = {
    primary_image_url: "https://photos.dealer.com.au/1/front.jpg",
    images: [
      { url: "https://photos.dealer.com.au/1/front.jpg" },
      { url: "https://photos.dealer.com.au/1/side.jpg" },
      { url: "https://photos.dealer.com.au/1/rear.jpg" },
    ],
    spin_images: ["/media/vehicles/suv/white/exterior/0.svg", "/media/vehicles/suv/white/exterior/1.svg"],
  };

  it("makes what a phone draws first first: the card, the first gallery photo, then every 360 frame", () => {
    const copies = photosToMakeAhead(car).map((c) => `${c.width} ${c.source.split("/").pop()}`);
    expect(copies.slice(0, 3)).toEqual(["960 front.jpg", "960 0.svg", "960 1.svg"]);
    expect(copies).toContain("320 front.jpg");
    expect(copies).toContain("960 side.jpg");
    expect(copies).toContain("1280 side.jpg");
    expect(copies).toContain("640 1.svg");
    // The third gallery photo is lazy: its first shopper scrolls to it later.
    expect(copies.some((c) => c.endsWith("rear.jpg"))).toBe(false);
  });

  it("makes each copy once, even where the card photo is the first gallery photo", () => {
    const copies = photosToMakeAhead(car).map((c) => `${c.width} ${c.source}`);
    expect(new Set(copies).size).toBe(copies.length);
    expect(copies.filter((c) => c === "960 https://photos.dealer.com.au/1/front.jpg")).toHaveLength(1);
  });

  it("leaves out what the route does not make and cars with no photos", () => {
    expect(photosToMakeAhead({ primary_image_url: "/images/logo.png", images: [], spin_images: [] })).toEqual([]);
    expect(photosToMakeAhead({ primary_image_url: "", images: [], spin_images: [] })).toEqual([]);
  });
});
