/**
 * The names a stock feed's mapping speaks in, with no other imports so the tenant schema can check a
 * dealer's `stock.feed` settings against them: the built-in feed profiles, and the fields a source
 * column can fill (the site's own columns, docs/stock-import.md, plus the combined values exports carry).
 */

/** Built-in layouts (server/stock/profiles.ts); `platform` is this site's own, the default. */
export const FEED_PROFILE_NAMES = ["platform", "classifieds-au", "dms", "google-vehicle-listings", "meta-catalog"] as const;
export type FeedProfileName = (typeof FEED_PROFILE_NAMES)[number];

/** The site's own columns (importRow.ts checks it reads exactly these). */
export const SITE_FIELDS = [
  "stocknum",
  "make",
  "model",
  "year",
  "price",
  "car_type",
  "status",
  "badge",
  "series",
  "colour",
  "interior_colour",
  "km",
  "before_price",
  "offer_price",
  "subscription_price",
  "price_type",
  "item_type",
  "body",
  "body_description",
  "transmission",
  "gearbox",
  "fuel",
  "drive",
  "seats",
  "doors",
  "engine_size_litres",
  "cylinders",
  "fuel_consumption",
  "towing_capacity",
  "ancap_rating",
  "vin",
  "nvic",
  "regplate",
  "rego_expiry",
  "compliance_date",
  "build_date",
  "tag",
  "reserved",
  "certified",
  "preorder",
  "location",
  "images",
  "spin_images",
  "video_url",
  "external_video_url",
  "file",
  "dealercomments",
  "features",
  "categories",
  "custom_rank",
  "show_on_dealer_website",
  "created_at",
  "sold_at",
  "sleeps",
  "tare_weight",
  "aggregate_trailer_mass",
  "axle_type",
  "body_length",
  "body_width",
  "variant",
  "caravan",
] as const;

/**
 * Values exports carry in one column that fill several fields, or help read another:
 * `colours` "White / Black" (colour and interior colour), `engine` "4 cyl, 2.2 L" (cylinders and
 * litres), `title` (the badge, when there is no badge column), `odometer_unit` (km or miles for `km`).
 */
export const COMBINED_FIELDS = ["colours", "engine", "title", "odometer_unit"] as const;

export const FEED_FIELDS = [...SITE_FIELDS, ...COMBINED_FIELDS] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

/** Fields that hold a list (a CSV cell splits on the profile's separator; JSON may give an array). */
export const LIST_FIELDS: readonly FeedField[] = ["images", "spin_images", "features", "categories"];
