/**
 * Dealer photos through the site's photo route (/photos?src=...&w=...): the widths a browser may ask
 * for, the format it is sent, which source hosts a dealer allows, and the srcset the pages write.
 * Pure rules shared by the route (server) and the cards and gallery (browser). Decision 0018.
 */

/** The only widths the route makes: a fixed set keeps the disk cache small and every URL shareable by a CDN. */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** Image quality when nothing else is asked for (spec 000 section 9 and 001: "Image width fallback quality 75"). */
export const PHOTO_QUALITY = 75;
export const PHOTO_ROUTE = "/photos";

/** The smallest width of the set at least as wide as asked (the largest for anything wider); a bad number gets the middle one. */
export function photoWidthFor(requested: number): PhotoWidth {
  if (!Number.isFinite(requested) || requested <= 0) return 640;
  return PHOTO_WIDTHS.find((w) => w >= requested) ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
}

export type PhotoFormat = "avif" | "webp" | "jpeg";
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/**
 * The format for a browser's Accept header: AVIF, then WebP, when it says it takes them (a q=0 entry
 * refuses); JPEG otherwise, which every browser shows. A wildcard alone (image/*, *\/*) is not taken as
 * AVIF or WebP support: old browsers send it too.
 */
export function negotiatePhotoFormat(accept: string | null | undefined): PhotoFormat {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.trim().split(";");
    if (!type) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    offered.set(type.trim(), q ? Number(q[1]) : 1);
  }
  if ((offered.get("image/avif") ?? 0) > 0) return "avif";
  if ((offered.get("image/webp") ?? 0) > 0) return "webp";
  return "jpeg";
}

/**
 * A dealer's allowed photo source: an origin such as "https://photos.dealer.com.au", or
 * "https://*.cloudfront.net" for any sub-domain of it (not the bare domain).
 */
export const PHOTO_SOURCE_ORIGIN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/;

/**
 * Whether a photo URL may be fetched for this dealer: http(s) only, no user name or password, and its
 * scheme, host and port exactly one of the dealer's source origins (tenant `photos.sourceHosts`).
 */
export function isAllowedPhotoSource(source: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return false;
  const scheme = url.protocol.slice(0, -1);
  const port = url.port || (scheme === "https" ? "443" : "80");
  const host = url.hostname.toLowerCase();
  return allowedOrigins.some((origin) => {
    const match = PHOTO_SOURCE_ORIGIN.exec(origin.toLowerCase());
    if (!match) return false;
    const [, allowedScheme, wildcard, allowedHost, allowedPort] = match;
    if (allowedScheme !== scheme || (allowedPort || (allowedScheme === "https" ? "443" : "80")) !== port) return false;
    return wildcard ? host.endsWith(`.${allowedHost}`) : host === allowedHost;
  });
}

/** Names that are never a photo host on the internet: this machine, a local network's, an address. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|home\.arpa|invalid|test|example)$/;

/**
 * The origin of a photo URL in a dealer's own stock feed, when the photo route may trust it for that
 * dealer (tenant `photos.feedHosts`): http(s), no user name or password, and a host that is a name on the
 * internet (a dot, no address literal, no local name). Null otherwise. The fetch itself also refuses a
 * feed host that resolves to a private address (server/images/publicAddress.ts).
 */
export function feedPhotoOrigin(source: string): string | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) || /^[\d.]+$/.test(host) || LOCAL_NAME.test(host)) return null;
  return url.origin;
}

/** Whether a photo URL's origin is one of a dealer's feed origins (exactly, scheme, host and port). */
export function isFeedPhotoSource(source: string, feedOrigins: readonly string[]): boolean {
  const origin = feedPhotoOrigin(source);
  return origin !== null && feedOrigins.includes(origin);
}

/**
 * The origins of a dealer's photo URLs that its photos.sourceHosts do not cover (a stock import warns
 * about them: those photos show the placeholder). The site's own /media drawings are never listed.
 */
export function unlistedPhotoOrigins(photoUrls: Iterable<string>, allowedOrigins: readonly string[]): string[] {
  const unlisted = new Set<string>();
  for (const source of photoUrls) {
    if (source.startsWith("/") || isAllowedPhotoSource(source, allowedOrigins)) continue;
    try {
      unlisted.add(new URL(source).origin);
    } catch {
      unlisted.add(source.slice(0, 60));
    }
  }
  return [...unlisted];
}

/** The route's address for one width of a photo (a dealer's URL or the site's own /media drawing). */
export function photoUrl(source: string, width: PhotoWidth): string {
  return `${PHOTO_ROUTE}?src=${encodeURIComponent(source)}&w=${width}`;
}

/** A srcset over the given widths of the set. */
export function photoSrcSet(source: string, widths: readonly PhotoWidth[]): string {
  return widths.map((w) => `${photoUrl(source, w)} ${w}w`).join(", ");
}

/**
 * Where each kind of picture is shown and how wide it is drawn, for srcset and sizes. Cards: one column
 * on phones, two from 620 px, three beside the filters from 1200 px. The gallery: the full width on
 * phones, the page's left column (beside the 380 px sidebar) from 960 px. The page container is at most
 * 1200 px wide.
 */
export const PHOTO_LAYOUTS = {
  card: { widths: [320, 480, 640, 960], sizes: "(min-width: 1200px) 320px, (min-width: 620px) 50vw, 100vw", fallback: 480 },
  gallery: { widths: [480, 640, 960, 1280, 1600], sizes: "(min-width: 1320px) 860px, (min-width: 960px) 60vw, 100vw", fallback: 960 },
  /** The 360 spin's first frame, drawn where the gallery is; at most 960 wide, as every frame is preloaded (SPIN_LARGEST_WIDTH). */
  spin: { widths: [480, 640, 960], sizes: "(min-width: 1320px) 860px, (min-width: 960px) 60vw, 100vw", fallback: 960 },
  /** Small pictures beside a line of text: gallery thumbnails (120 px), the sticky header, saved cars, the finance journey's car. */
  thumb: { widths: [320], sizes: "120px", fallback: 320 },
  /** Offer and model tiles: a grid of columns at least 320 px wide, three across the container on a wide screen. */
  tile: { widths: [320, 480, 640, 960], sizes: "(min-width: 1100px) 400px, (min-width: 720px) 50vw, 100vw", fallback: 480 },
  /** The models menu's small tiles, 140 to 240 px wide. */
  menuTile: { widths: [320, 480], sizes: "(min-width: 960px) 240px, 50vw", fallback: 320 },
  /** One offer's own page: its picture beside the details (3 of 5 columns) from 860 px, the full width below. */
  detail: { widths: [480, 640, 960, 1280, 1600], sizes: "(min-width: 1240px) 720px, (min-width: 860px) 60vw, 100vw", fallback: 960 },
  /** A car in a page's side column (the finance application's summary): beside the page from 900 px, the full width below. */
  aside: { widths: [320, 480, 640, 960], sizes: "(min-width: 900px) 440px, 100vw", fallback: 480 },
  /** The car an enquiry page is about: 120 px beside its name on phones, the 360 px column's width from 900 px. */
  enquiryCar: { widths: [320, 480, 640, 960], sizes: "(min-width: 900px) 360px, 120px", fallback: 480 },
  /** A compare column: its sizes depend on how many cars are compared (compareColumnSizes). */
  compare: {
    widths: [320, 480, 640, 960, 1280],
    sizes: compareColumnSizes(2),
    fallback: 640,
  },
  /** The printable page: printed, so the main photo is made wide whatever screen it was opened on. */
  print: { widths: [1600], sizes: "100vw", fallback: 1600 },
  /** The printable page's three smaller photos. */
  printThumb: { widths: [960], sizes: "33vw", fallback: 960 },
} as const satisfies Record<string, { widths: readonly PhotoWidth[]; sizes: string; fallback: PhotoWidth }>;
export type PhotoLayout = keyof typeof PHOTO_LAYOUTS;

/**
 * Photos the route makes: a dealer's http(s) photo URL, or one of the site's /media drawings. Other
 * site paths a feed may name (files of the site's own public folder) are shown as they are.
 */
export function goesThroughPhotoRoute(source: string): boolean {
  return /^https?:\/\//i.test(source) || source.startsWith("/media/");
}

/** The img attributes for a photo in one layout: src (the fallback width), srcSet and sizes. */
export function photoSources(source: string, layout: PhotoLayout): { src: string; srcSet?: string; sizes?: string } {
  if (!goesThroughPhotoRoute(source)) return { src: source };
  const { widths, sizes, fallback } = PHOTO_LAYOUTS[layout];
  return { src: photoUrl(source, fallback), srcSet: photoSrcSet(source, widths), sizes };
}

/** The largest photo the route makes, for a link that opens the photo on its own. */
export function fullSizePhotoUrl(source: string): string {
  return goesThroughPhotoRoute(source) ? photoUrl(source, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]) : source;
}

/**
 * The one route address for a photo drawn about `deviceWidth` device pixels wide, where a page needs a
 * URL rather than a srcset (a CSS background, og:image, the spin frames it preloads). Site files other
 * than /media drawings are returned as they are.
 */
export function photoUrlAt(source: string, deviceWidth: number): string {
  return goesThroughPhotoRoute(source) ? photoUrl(source, photoWidthFor(deviceWidth)) : source;
}

/** The widest spin frame made: every frame (24 to 72) is preloaded before the car turns, so they stay small. */
export const SPIN_LARGEST_WIDTH: PhotoWidth = 960;

/**
 * The width of the set for a box drawn `cssWidth` px wide on a screen of `devicePixelRatio`, at most
 * `largest`. A box not measured yet (0) or a missing ratio is taken as the largest at 1x.
 */
export function photoWidthForBox(cssWidth: number, devicePixelRatio: number, largest: PhotoWidth = 1600): PhotoWidth {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? Math.min(devicePixelRatio, 3) : 1;
  const css = Number.isFinite(cssWidth) && cssWidth > 0 ? cssWidth : largest;
  return photoWidthFor(Math.min(css * ratio, largest));
}

/**
 * How wide a compare column's photo is drawn for 1 to 3 cars: the table fills the page container (at
 * most 1240 px less 16 px padding each side) but is never narrower than 560 px (it scrolls on phones),
 * less the 150 px row labels, shared between the cars, less 24 px of cell padding.
 */
export function compareColumnSizes(cars: number): string {
  const n = Math.max(1, Math.min(3, Math.trunc(cars) || 1));
  const column = (table: number) => Math.round((table - 150) / n - 24);
  return `(min-width: 1240px) ${column(1208)}px, (min-width: 592px) calc((100vw - 182px) / ${n} - 24px), ${column(560)}px`;
}

/** A copy of a photo the route makes: its source at one width of the set. */
export interface PhotoCopy {
  source: string;
  width: PhotoWidth;
}

/**
 * The widths a car's first shoppers ask for, by where the photo is drawn (PHOTO_LAYOUTS' sizes at
 * phone and desktop pixel ratios): a card is 960 on a phone (100vw at 2x to 3x), 320 or 640 beside the
 * filters on a desktop, 480 between; the gallery's first photos 960 on a phone or a desktop at 1x, 1280
 * at 3x; the 360° frames 960 on most screens (SPIN_LARGEST_WIDTH), 640 on a small phone at 1.5x.
 */
export const WIDTHS_MADE_AHEAD = {
  card: [960, 640, 320, 480],
  gallery: [960, 1280],
  spin: [960, 640],
} as const satisfies Record<string, readonly PhotoWidth[]>;

/**
 * The copies to make ahead of a car's first shopper, most wanted first: what a phone draws first (the
 * card, the first gallery photo, every 360° frame, which are all preloaded before the car turns), then
 * the other widths and the second gallery photo. Each copy once; sources that do not go through the
 * photo route are left out.
 */
export function photosToMakeAhead(car: {
  primary_image_url: string;
  images: readonly { url: string }[];
  spin_images: readonly string[];
}): PhotoCopy[] {
  const card = car.primary_image_url || car.images[0]?.url || "";
  const [first, second] = car.images.map((image) => image.url);
  const [cardFirst, ...cardRest] = WIDTHS_MADE_AHEAD.card;
  const [galleryFirst, ...galleryRest] = WIDTHS_MADE_AHEAD.gallery;
  const [spinFirst, ...spinRest] = WIDTHS_MADE_AHEAD.spin;
  const wanted: PhotoCopy[] = [
    { source: card, width: cardFirst },
    { source: first, width: galleryFirst },
    ...car.spin_images.map((source) => ({ source, width: spinFirst })),
    ...cardRest.map((width) => ({ source: card, width })),
    { source: second, width: galleryFirst },
    ...galleryRest.flatMap((width) => [first, second].map((source) => ({ source, width }))),
    ...spinRest.flatMap((width) => car.spin_images.map((source) => ({ source, width }))),
  ];
  const seen = new Set<string>();
  return wanted.filter(({ source, width }) => {
    if (!source || !goesThroughPhotoRoute(source)) return false;
    const key = `${width} ${source}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
