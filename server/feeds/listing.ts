/**
 * A dealer's car as the ad channels see it (pure, no I/O): which cars a channel takes and why each
 * other car stays out, and the facts both channels' feeds are written from: the car's page, its photos
 * (the photo route's 1280-wide copies, as the vehicle page's structured data gives them), its sale price,
 * the yard it stands in.
 */
import { formatNumber } from "~/domain/money";
import { goesThroughPhotoRoute, isAllowedPhotoSource, isFeedPhotoSource, photoUrlAt } from "~/domain/photos";
import { advertisedPrice } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { OG_IMAGE_WIDTH } from "~/domain/vehicleSeo";
import { conditionLabel } from "~/domain/vehicleTags";
import { visibilityScope } from "../search/service";
import type { DealerLocation, TenantConfig } from "../tenants/schema";
import { carLocation, dealerPhone } from "../vehicles/pageData";
import type { FeedChannel } from "./channels";

/** Both channels read 17 letters and digits; I, O and Q are never used in a VIN (ISO 3779). */
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Channels take at most this many photos of a car (Google: one image_link and 10 additional_image_link). */
export const MAX_FEED_PHOTOS = 11;
/** Google and Meta both cut descriptions at 5,000 characters. */
export const MAX_DESCRIPTION = 5000;

export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin);
}

/**
 * The car's photos a page can show, in order (the main photo first): the site's own drawings and files,
 * and dealer photos from the hosts in `photos.sourceHosts` or those its own feed named (`feedOrigins`,
 * decision 27). Others show the placeholder, so no channel is sent them.
 */
export function showablePhotos(
  v: Pick<Vehicle, "images" | "primary_image_url">,
  allowedOrigins: readonly string[],
  feedOrigins: readonly string[] = [],
): string[] {
  const sources = [v.primary_image_url, ...v.images.map((i) => i.url)].filter(Boolean);
  const showable = sources.filter((source) =>
    /^https?:\/\//i.test(source)
      ? isAllowedPhotoSource(source, allowedOrigins) || isFeedPhotoSource(source, feedOrigins)
      : source.startsWith("/") && !source.startsWith("//"),
  );
  return [...new Set(showable)];
}

/** Why a channel does not take this car (empty when it does), in the dealer's words. */
export function whyNotAdvertised(
  channel: FeedChannel,
  tenant: TenantConfig,
  v: Vehicle,
  now: Date,
  feedOrigins: readonly string[] = [],
): string[] {
  const reasons: string[] = [];
  const scope = visibilityScope(tenant, now);
  if (!v.show_on_dealer_website) reasons.push("hidden from the website (show_on_dealer_website is false)");
  if (scope.carTypes.length && !scope.carTypes.includes(v.car_type)) reasons.push(`the site shows only ${scope.carTypes.join(", ")} stock`);
  if (scope.excludedStockNumbers.includes(v.stocknum)) reasons.push("kept off the site by its stock filter");
  if (v.status === "sold") reasons.push("sold");
  else if (v.status === "coming_soon") reasons.push("coming soon, not in stock yet");
  else if (v.status !== "in_stock") reasons.push(`status ${v.status}`);
  else if (!scope.statuses.includes("in_stock")) reasons.push("the site's stock filter shows no in-stock cars");
  if (v.reserved) reasons.push("reserved");
  if (advertisedPrice(v) === null) reasons.push("no price");
  const photos = showablePhotos(v, tenant.photos.sourceHosts, feedOrigins);
  if (!photos.length)
    reasons.push(
      v.images.length ? "no photo the site can show (its host is neither in photos.sourceHosts nor one the feed named)" : "no photos",
    );
  else if (photos.length < scope.minPhotos) reasons.push(`fewer than ${scope.minPhotos} photos (the site's stock filter)`);
  if (!v.vin) reasons.push("no VIN");
  else if (!isValidVin(v.vin)) reasons.push(`VIN "${v.vin}" is not 17 letters and digits without I, O or Q`);
  if (channel === "googleVehicleAds") {
    // Google vehicle ads take passenger cars and pickups (utes in Australia) only: no motorcycles, RVs,
    // caravans, trucks or buses.
    if (v.item_type !== "car") reasons.push(`Google vehicle ads take passenger cars and utes only (this is a ${v.item_type})`);
    else if (COMMERCIAL_BODIES.has(v.simple_body))
      reasons.push(`Google vehicle ads take passenger cars and utes only (body ${v.simple_body})`);
  }
  if (channel === "metaVehicles" && !v.colour.trim()) reasons.push("no colour (Meta requires exterior_color)");
  return reasons;
}

/** Bodies of a car-type item that are commercial or RVs rather than passenger vehicles. */
const COMMERCIAL_BODIES = new Set(["cabChassis", "lightTruck", "bus", "motorhome", "caravan", "motorcycle"]);

/** What both channels' rows are written from, for a car the channel takes. */
export interface FeedListing {
  vehicle: Vehicle;
  title: string;
  description: string;
  /** The car's page, absolute. */
  link: string;
  /** Absolute photo route addresses, 1280 wide, the main photo first. */
  photos: string[];
  /** The sale price in dollars. */
  price: number;
  location: DealerLocation;
  phone: string;
}

/** '54990.00 AUD': both channels' price format (a number with two decimals and the ISO 4217 currency). */
export function feedPrice(dollars: number): string {
  return `${dollars.toFixed(2)} AUD`;
}

/**
 * The car in a few words, then the dealer's comments: 'Used 2022 Toyota HiLux SR5 GUN126R, 42,000 km,
 * 6 Speed Automatic, Diesel, Glacier White. Stock T1001.'
 */
export function feedDescription(v: Vehicle): string {
  const facts = [
    v.item_type !== "caravan" ? `${formatNumber(Math.max(0, v.km))} km` : "",
    v.trans || v.simple_transmission,
    v.fuel || v.simple_fuel,
    v.colour,
  ].filter(Boolean);
  const summary = `${conditionLabel(v.car_type)} ${vehicleTitle(v)}${facts.length ? `, ${facts.join(", ")}` : ""}.${v.stocknum ? ` Stock ${v.stocknum}.` : ""}`;
  const comments = v.dealercomments.replace(/\r\n?/g, "\n").trim();
  const text = comments ? `${summary}\n\n${comments}` : summary;
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

/** A site path on the dealer's origin (paths here always start with one slash). */
const onOrigin = (origin: string, sitePath: string) => `${origin}${sitePath}`;

/** The listing of a car the channel takes (call whyNotAdvertised first). */
export function feedListing(tenant: TenantConfig, v: Vehicle, origin: string, feedOrigins: readonly string[] = []): FeedListing {
  return {
    vehicle: v,
    title: vehicleTitle(v),
    description: feedDescription(v),
    link: onOrigin(origin, `/cars/${encodeURIComponent(v.slug)}`),
    // Channels fetch one size of each photo: the photo route's copy, as search engines get it.
    photos: showablePhotos(v, tenant.photos.sourceHosts, feedOrigins)
      .slice(0, MAX_FEED_PHOTOS)
      .map((source) => onOrigin(origin, goesThroughPhotoRoute(source) ? photoUrlAt(source, OG_IMAGE_WIDTH) : source)),
    price: advertisedPrice(v) ?? 0,
    location: carLocation(tenant, v),
    phone: dealerPhone(tenant, v),
  };
}
