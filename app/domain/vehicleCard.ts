/**
 * What a vehicle card needs, and nothing more. Results pages must stay under 60 KB of gzipped HTML
 * (DESIGN.md section 9), so loaders send these projections to the browser, never whole Vehicle
 * documents (image lists, equipment, dealer comments).
 */
import type { CardActionPaths } from "~/domain/cardActions";
import type { DealerFlags } from "~/domain/dealerFlags";
import type { Vehicle } from "~/domain/vehicle";

/** Just what a card shows, so results pages never send whole vehicle documents to the browser. */
export type VehicleCardData = Pick<
  Vehicle,
  | "id"
  | "slug"
  | "name"
  | "year"
  | "make"
  | "model"
  | "badge"
  | "series"
  | "car_type"
  | "status"
  | "km"
  | "simple_transmission"
  | "simple_fuel"
  | "simple_body"
  | "price"
  | "offer_price"
  | "before_price"
  | "subscription_price"
  | "price_type"
  | "preorder"
  | "tag"
  | "reserved"
  | "certified"
  | "created_at"
  | "photos_count"
  | "stocknum"
  // For the card's 'Get Finance' link (financeHref): the NVIC decides the route, the rest fill the finance page's query.
  | "nvic"
  | "vin"
  | "dealership_slug"
> & {
  /** The primary photo; null when the car has one photo or none (the new-arrival placeholder shows). */
  image: string | null;
  /** The finance quote's weekly repayment, for dealers that show it on cards. */
  weekly: { amount: number; comparisonRate: number } | null;
};

/** The dealer options every card reads, sent once per page rather than once per card. */
export interface CardSiteOptions {
  /** Site slug: favourites and viewed cars are stored in the browser under it. */
  slug: string;
  flags: DealerFlags;
  paths: CardActionPaths;
  /** 'View Details' or 'Explore Vehicle'. */
  primaryLabel: string;
  /** The dealer's words for the reserve and enquiry buttons ('Reserve Now', 'Quick Enquiry'); the spec's defaults when absent. */
  reserveLabel?: string;
  enquireLabel?: string;
  /** Weekly finance price with comparison rate on cards. */
  weeklyPrice: boolean;
  /** When the page was made (ISO): 'New Arrival' tags are decided against it so server and browser agree. */
  now: string;
  /** The dealer's garage page (tenant `paths.watchlist`), for Save's 'View List'; null when the dealer has no garage (no Save). */
  watchlistPath: string | null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function toVehicleCardData(v: Vehicle): VehicleCardData {
  const photos = Math.max(number(v.photos_count), Array.isArray(v.images) ? v.images.length : 0);
  const primary = text(v.primary_image_url) || text(v.images?.[0]?.url);
  const quote = v.youxQuote;
  return {
    id: v.id,
    slug: v.slug,
    name: text(v.name),
    year: number(v.year),
    make: text(v.make),
    model: text(v.model),
    badge: text(v.badge),
    series: text(v.series),
    car_type: v.car_type,
    status: v.status,
    km: number(v.km),
    simple_transmission: text(v.simple_transmission),
    simple_fuel: text(v.simple_fuel),
    simple_body: text(v.simple_body),
    price: number(v.price),
    offer_price: number(v.offer_price),
    before_price: number(v.before_price),
    subscription_price: number(v.subscription_price),
    price_type: text(v.price_type),
    preorder: Boolean(v.preorder),
    tag: text(v.tag),
    reserved: Boolean(v.reserved),
    certified: Boolean(v.certified),
    created_at: text(v.created_at),
    photos_count: photos,
    stocknum: text(v.stocknum),
    nvic: text(v.nvic),
    vin: text(v.vin),
    dealership_slug: text(v.dealership_slug),
    // Spec 000 section 4: one photo or none shows the new-arrival placeholder instead.
    image: photos > 1 && primary ? primary : null,
    weekly:
      quote && number(quote.weeklyRepaymentAmount) > 0
        ? { amount: quote.weeklyRepaymentAmount, comparisonRate: number(quote.comparisonRate) }
        : null,
  };
}
