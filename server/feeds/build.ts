/**
 * A dealer's feeds from its stock (pure): each channel's file, and the report `npm run feeds` prints,
 * both from the same rule (whyNotAdvertised), so the report says exactly why a car is not in a file.
 */
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import type { TenantConfig } from "../tenants/schema";
import { CHANNELS, FEED_CHANNEL_OF, FEED_CHANNELS, feedPath, type FeedChannel, type FeedFile } from "./channels";
import { googleVehicleAdsLines } from "./googleVehicleAds";
import { feedListing, whyNotAdvertised, type FeedListing } from "./listing";
import { metaVehiclesCsvLines, metaVehiclesXmlLines } from "./metaVehicles";

/** The cars a channel takes, in a steady order (stock number), so an unchanged stock gives the same bytes. */
const byStockNumber = (a: Vehicle, b: Vehicle) => (a.stocknum < b.stocknum ? -1 : a.stocknum > b.stocknum ? 1 : a.id < b.id ? -1 : 1);

/** The file's text piece by piece, from the listings of its channel. */
export function feedLines(file: FeedFile, tenant: TenantConfig, listings: readonly FeedListing[], origin: string): Iterable<string> {
  if (file === "google-vehicle-ads.tsv") return googleVehicleAdsLines(tenant, listings);
  if (file === "meta-vehicles.csv") return metaVehiclesCsvLines(listings);
  return metaVehiclesXmlLines(tenant, `${origin}${feedPath(file)}`, listings);
}

/** One feed file's text and how many cars are in it. */
export interface RenderedFeed {
  text: string;
  cars: number;
}

/** How many cars or lines are worked on before the event loop is given back to shoppers' requests. */
const SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The files asked for (the dealer's turned-on ones), each channel's listings worked out once. With
 * `sliced`, the work gives the event loop back every SLICE cars and lines, so a big dealer's rebuild
 * never holds up the requests arriving meanwhile.
 */
export async function renderFeeds(
  tenant: TenantConfig,
  vehicles: readonly Vehicle[],
  origin: string,
  now: Date,
  files: readonly FeedFile[],
  options: { sliced?: boolean; feedOrigins?: readonly string[] } = {},
): Promise<Map<FeedFile, RenderedFeed>> {
  const feedOrigins = options.feedOrigins ?? [];
  const pause = options.sliced ? nextTurn : null;
  const listings = new Map<FeedChannel, FeedListing[]>();
  for (const channel of new Set(files.map((file) => FEED_CHANNEL_OF[file]))) {
    const taken: FeedListing[] = [];
    for (let i = 0; i < vehicles.length; i++) {
      const v = vehicles[i];
      if (whyNotAdvertised(channel, tenant, v, now, feedOrigins).length === 0) taken.push(feedListing(tenant, v, origin, feedOrigins));
      if (pause && i % SLICE === SLICE - 1) await pause();
    }
    listings.set(
      channel,
      taken.sort((a, b) => byStockNumber(a.vehicle, b.vehicle)),
    );
  }
  const rendered = new Map<FeedFile, RenderedFeed>();
  for (const file of files) {
    const cars = listings.get(FEED_CHANNEL_OF[file])!;
    const parts: string[] = [];
    for (const part of feedLines(file, tenant, cars, origin)) {
      parts.push(part);
      if (pause && parts.length % SLICE === 0) await pause();
    }
    rendered.set(file, { text: parts.join(""), cars: cars.length });
  }
  return rendered;
}

/** A car a channel does not take, and why. */
export interface CarLeftOut {
  id: string;
  stocknum: string;
  title: string;
  reasons: string[];
}

export interface ChannelReport {
  channel: FeedChannel;
  name: string;
  on: boolean;
  addresses: string[];
  included: number;
  excluded: CarLeftOut[];
}

export interface FeedsReport {
  tenant: string;
  cars: number;
  channels: ChannelReport[];
  /** Settings that name something the dealer does not have (a store code for a location slug no location has). */
  warnings: string[];
}

/** What `npm run feeds` prints: per channel, how many cars are in, and why each other car is out. */
export function feedsReport(
  tenant: TenantConfig,
  vehicles: readonly Vehicle[],
  now: Date,
  feedOrigins: readonly string[] = [],
): FeedsReport {
  const channels = FEED_CHANNELS.map((channel): ChannelReport => {
    const excluded: CarLeftOut[] = [];
    let included = 0;
    for (const v of vehicles) {
      const reasons = whyNotAdvertised(channel, tenant, v, now, feedOrigins);
      if (reasons.length) excluded.push({ id: v.id, stocknum: v.stocknum, title: vehicleTitle(v), reasons });
      else included += 1;
    }
    excluded.sort((a, b) => (a.stocknum < b.stocknum ? -1 : a.stocknum > b.stocknum ? 1 : 0));
    return {
      channel,
      name: CHANNELS[channel].name,
      on: tenant.feeds[channel].enabled,
      addresses: CHANNELS[channel].files.map(feedPath),
      included,
      excluded,
    };
  });
  const slugs = new Set(tenant.locations.map((l) => l.slug));
  const warnings = Object.keys(tenant.feeds.googleVehicleAds.storeCodes)
    .filter((slug) => !slugs.has(slug))
    .map((slug) => `feeds.googleVehicleAds.storeCodes names "${slug}", which is no location's slug (locations: ${[...slugs].join(", ")})`);
  return { tenant: tenant.slug, cars: vehicles.length, channels, warnings };
}
