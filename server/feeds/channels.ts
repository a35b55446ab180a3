/**
 * The ad channels a dealer's stock goes out to, and the fixed addresses their feeds answer on
 * (docs/stock-import.md, "Inventory out to ad channels"). Each channel is a key of the dealer's
 * `feeds` settings in tenant.json, off until the dealer turns it on.
 */
import type { TenantConfig } from "../tenants/schema";

export type FeedChannel = keyof TenantConfig["feeds"];

/** Every feed address, under /feeds/. */
export const FEED_FILES = ["google-vehicle-ads.tsv", "meta-vehicles.csv", "meta-vehicles.xml"] as const;
export type FeedFile = (typeof FEED_FILES)[number];

export const CHANNELS: Record<FeedChannel, { name: string; files: readonly FeedFile[] }> = {
  googleVehicleAds: { name: "Google vehicle ads", files: ["google-vehicle-ads.tsv"] },
  metaVehicles: { name: "Meta automotive catalogue", files: ["meta-vehicles.csv", "meta-vehicles.xml"] },
};
export const FEED_CHANNELS = Object.keys(CHANNELS) as FeedChannel[];

export const FEED_CHANNEL_OF: Record<FeedFile, FeedChannel> = {
  "google-vehicle-ads.tsv": "googleVehicleAds",
  "meta-vehicles.csv": "metaVehicles",
  "meta-vehicles.xml": "metaVehicles",
};

export const FEED_CONTENT_TYPES: Record<FeedFile, string> = {
  "google-vehicle-ads.tsv": "text/tab-separated-values; charset=utf-8",
  "meta-vehicles.csv": "text/csv; charset=utf-8",
  "meta-vehicles.xml": "application/xml; charset=utf-8",
};

export const feedPath = (file: FeedFile) => `/feeds/${file}`;

/** Whether the dealer has turned on the channel this address belongs to. */
export function feedIsOn(tenant: Pick<TenantConfig, "feeds">, file: FeedFile): boolean {
  return tenant.feeds[FEED_CHANNEL_OF[file]].enabled;
}

/** The feed addresses the dealer has turned on. */
export function filesOn(tenant: Pick<TenantConfig, "feeds">): FeedFile[] {
  return FEED_FILES.filter((file) => feedIsOn(tenant, file));
}
