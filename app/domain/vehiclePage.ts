/**
 * What the vehicle page's loader sends to the browser: only the fields the page shows, already shaped
 * by the shared rules (price order, tags, rego, comments), so the browser does little work and the
 * payload stays small.
 */
import type { CardSiteOptions, VehicleCardData } from "~/domain/vehicleCard";
import type { DealerCommentsView } from "~/domain/dealerComments";
import type { DeliveryOutcome } from "~/domain/deliveryEstimate";
import type { FinanceCalculatorView } from "~/domain/finance/calculator";
import type { FinanceEstimate } from "~/domain/financeEstimate";
import type { FuelInputs } from "~/domain/fuelCost";
import type { GallerySlide, GalleryView } from "~/domain/galleryRules";
import type { InfoItem, SpecGroup } from "~/domain/keyInformation";
import type { MarketIndicator } from "~/domain/marketIndicator";
import type { PriceComparison } from "~/domain/priceComparison";
import type { PriceDisplay } from "~/domain/priceDisplay";
import type { Hotspot, Vehicle } from "~/domain/vehicle";
import type { VehicleTag } from "~/domain/vehicleTags";

export interface VehiclePageCar {
  id: string;
  slug: string;
  /** 'Year Make Model' for the heading. */
  heading: string;
  /** 'Badge Series' under the heading. */
  subheading: string;
  /** Year make model badge series, for toasts, alt text and share text. */
  title: string;
  make: string;
  model: string;
  year: number;
  status: Vehicle["status"];
  available: boolean;
  car_type: Vehicle["car_type"];
  item_type: Vehicle["item_type"];
  condition: string;
  stocknum: string;
  vin: string;
  tag: VehicleTag | null;
  price: PriceDisplay;
  /** The price a shopper pays (offer price when there is one), 0 when none. */
  sellingPrice: number;
  iconRow: { kind: "km" | "transmission" | "body"; text: string }[];
  keyInfo: InfoItem[];
  features: string[];
  specs: SpecGroup[];
  comments: DealerCommentsView;
  regoExpiry: string | null;
  regplate: string;
  certified: boolean;
  /** History report file, when the car has one. */
  historyReport: string | null;
  /** Small picture for the sticky header. */
  thumbnail: string;
  bodyLabel: string;
  /** The feed's simple body type, as stored with viewed cars. */
  simpleBody: string;
  body: string;
  dealershipId: string;
  location: { name: string; city: string; state: string; address: string; directions: string } | null;
  /** Fuel calculator defaults; null for electric cars (no fuel calculator). */
  fuel: FuelInputs | null;
  photosCount: number;
  updatedAt: string;
}

export interface VehicleGallery {
  slides: GallerySlide[];
  imageCount: number;
  spinFrames: string[];
  interiorImage: string;
  hotspots: { exterior: Hotspot[]; interior: Hotspot[] };
  views: GalleryView[];
  initialView: GalleryView;
  thumbnailStrip: boolean;
  fullscreenThumbnails: boolean;
  placeholder: boolean;
  requestPhotos: boolean;
}

export interface VehicleActions {
  reserve: { href: string; label: string; deposit: string } | null;
  finance: { href: string } | null;
  tradeIn: { href: string } | null;
  /** 'Enquire Now', or 'Instant Message' where the dealer has chat. */
  enquireLabel: string;
  print: string;
  pdf: string;
  canFavourite: boolean;
}

export interface VehiclePageData {
  now: string;
  siteSlug: string;
  siteName: string;
  searchPath: string;
  /** The dealer's garage (watchlist) page, for the Save toast's 'View List'; null when the dealer has no garage (no Save). */
  watchlistPath: string | null;
  car: VehiclePageCar;
  gallery: VehicleGallery;
  actions: VehicleActions;
  /**
   * The estimate beside the price, the finance disclaimer (the shown lender's own, else the dealer's) and
   * the finance calculator (null where the car is not offered finance).
   */
  finance: { estimate: FinanceEstimate | null; disclaimer: string; calculator: FinanceCalculatorView | null };
  /** label: what the number is ('New car sales', 'Sales', 'Enquiries'), shown beside it (issue 26). */
  phone: { display: string; label: string; tel: string; masked: boolean };
  announcement: { city: string; directions: string } | null;
  marketIndicator: MarketIndicator | null;
  views: number;
  canonical: string;
  jsonLd: string;
  seo: { title: string; description: string; ogImage: string };
  favouriteCard: VehicleCardData;
  cardSite: CardSiteOptions;
  /**
   * The results page of the similar cars (`similarCarsSearchHref`): the block's link where it cannot load
   * them itself. The cars are not in the page: the browser asks for them once the block is near the view.
   */
  similarSearchHref: string;
  /** null = hidden; 'later' = the browser asks /autogauge itself. */
  priceComparison: PriceComparison | null | "later";
  delivery: { offered: boolean; outcome: DeliveryOutcome | null };
  enquiry: { messageRequired: boolean; optInShown: boolean };
  /** The features banner: offers, service booking and selling your car. */
  features: { offers: string; service: string | null; sellYourCar: string };
  breadcrumbs: { label: string; href: string }[];
}

export type SimilarCars = { state: "loaded"; cars: VehicleCardData[] } | { state: "failed" } | { state: "later" };

/** A sold car's note (spec 000 sections 2 and 4), on the page's SOLD panel and in the brochure. */
export const SOLD_TEXT = "Unfortunately this car recently sold. But don't worry, we can help you find a similar car!";
