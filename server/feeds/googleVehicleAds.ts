/**
 * The Google Merchant Center vehicle ads primary feed, as a tab-delimited file (pure). Attribute names
 * and values are Google's (tests/fixtures/feeds/google-vehicle-ads.json has the published lists and
 * where they come from): prices in AUD, odometers in kilometres, each car in stock at its yard
 * (`store_code`, the location's code in the dealer's Business Profile).
 */
import type { Vehicle } from "~/domain/vehicle";
import type { DealerLocation, TenantConfig } from "../tenants/schema";
import { feedPrice, type FeedListing } from "./listing";

/** Google's product category for cars, trucks and vans (Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans). */
export const GOOGLE_CARS_CATEGORY = "916";

/** The columns, in order. vehicle_fulfillment is a group attribute: its header names its sub-attributes. */
export const GOOGLE_VEHICLE_ADS_COLUMNS = [
  "id",
  "vin",
  "store_code",
  "vehicle_fulfillment(option:store_code)",
  "google_product_category",
  "title",
  "description",
  "link",
  "image_link",
  "additional_image_link",
  "price",
  "condition",
  "certified_pre-owned",
  "brand",
  "model",
  "trim",
  "year",
  "mileage",
  "color",
  "body_style",
  "engine",
] as const;
type GoogleColumn = (typeof GOOGLE_VEHICLE_ADS_COLUMNS)[number];

/** The stock's body types in Google's body_style values; other bodies leave the (optional) attribute empty. */
const BODY_STYLES: Record<string, string> = {
  suv: "suv",
  sedan: "sedan",
  hatch: "hatchback",
  hatchback: "hatchback",
  ute: "ute",
  wagon: "station_wagon",
  stationWagon: "station_wagon",
  van: "full_size_van",
  coupe: "coupe",
  convertible: "convertible",
  peopleMover: "minivan",
};

/** The stock's fuels in Google's engine values. */
const ENGINES: Record<string, string> = {
  Petrol: "gasoline",
  Diesel: "diesel",
  Hybrid: "hybrid",
  Electric: "electric",
  "Plug-in Hybrid": "plug-in_hybrid",
};

/** The location's store code in the dealer's Business Profile: the dealer's own, else the location's id. */
export function storeCode(tenant: Pick<TenantConfig, "feeds">, location: Pick<DealerLocation, "id" | "slug">): string {
  return tenant.feeds.googleVehicleAds.storeCodes[location.slug] ?? location.id;
}

/** Google's condition: new, or used for a demonstrator (registered and driven) and a used car. */
const condition = (v: Pick<Vehicle, "car_type">) => (v.car_type === "new" ? "new" : "used");

export function googleVehicleAdsRow(tenant: Pick<TenantConfig, "feeds">, listing: FeedListing): Record<GoogleColumn, string> {
  const v = listing.vehicle;
  const store = storeCode(tenant, listing.location);
  return {
    id: v.stocknum,
    vin: v.vin,
    store_code: store,
    "vehicle_fulfillment(option:store_code)": `in_store:${store}`,
    google_product_category: GOOGLE_CARS_CATEGORY,
    title: listing.title,
    description: listing.description,
    link: listing.link,
    image_link: listing.photos[0] ?? "",
    additional_image_link: listing.photos.slice(1).join(","),
    price: feedPrice(listing.price),
    condition: condition(v),
    "certified_pre-owned": v.certified && v.car_type !== "new" ? "yes" : "no",
    brand: v.make,
    model: v.model,
    trim: v.badge,
    year: v.year > 0 ? String(v.year) : "",
    mileage: `${Math.max(0, Math.round(v.km))} km`,
    color: v.colour,
    body_style: BODY_STYLES[v.simple_body] ?? "",
    engine: ENGINES[v.simple_fuel] ?? "",
  };
}

/**
 * A value for a tab-delimited file: a tab or line break inside a value would end the field or the row,
 * so every run of whitespace (and any other control character) becomes one space.
 */
export function tsvValue(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, " ").trim();
}

/** The file line by line (each with its line end): the header, then one row per car. */
export function* googleVehicleAdsLines(tenant: Pick<TenantConfig, "feeds">, listings: readonly FeedListing[]): Generator<string> {
  yield `${GOOGLE_VEHICLE_ADS_COLUMNS.join("\t")}\n`;
  for (const listing of listings) {
    const row = googleVehicleAdsRow(tenant, listing);
    yield `${GOOGLE_VEHICLE_ADS_COLUMNS.map((column) => tsvValue(row[column])).join("\t")}\n`;
  }
}
