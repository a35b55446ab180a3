/**
 * Shapes a vehicle and its dealer's configuration into what the vehicle page, print page and brochure
 * show. Server-only: it reads the tenant configuration, which never goes to the browser whole.
 */
import { toVehicleCardData } from "~/domain/vehicleCard";
import { callNumberForCar } from "~/domain/callDealer";
import { dealerCommentsView } from "~/domain/dealerComments";
import { departmentsOf } from "~/domain/dealerDepartments";
import type { DeliveryOutcome } from "~/domain/deliveryEstimate";
import { canFavourite, canFinance, canReserve } from "~/domain/eligibility";
import { financeHref, tradeInHref, type FinanceEstimate } from "~/domain/financeEstimate";
import { financeCalculatorView } from "~/domain/finance/calculator";
import { displayedEstimate, financeDisclaimer, shownLender, type LenderDisplayConfig } from "~/domain/finance/lenderDisplay";
import type { Quote } from "../finance/port";
import { defaultFuelInputs, isElectric } from "~/domain/fuelCost";
import {
  availableViews,
  gallerySlides,
  initialGalleryView,
  NEW_ARRIVAL_PLACEHOLDER,
  showsFullscreenThumbnails,
  showsNewArrivalPlaceholder,
  showsThumbnailStrip,
  videoSource,
} from "~/domain/galleryRules";
import { bodyTypeLabel, iconRow, keyInformation, specificationGroups } from "~/domain/keyInformation";
import { marketIndicator } from "~/domain/marketIndicator";
import { formatPhone, maskPhone, telHref } from "~/domain/phone";
import type { PriceComparison } from "~/domain/priceComparison";
import { priceDisplay, sellingPrice } from "~/domain/priceDisplay";
import { regoExpiryText } from "~/domain/regoExpiry";
import { announcedCity, directionsUrl } from "~/domain/stickyBars";
import { jsonLdScript, vehicleSeo } from "~/domain/vehicleSeo";
import { isAvailable, vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { cardTag, conditionLabel } from "~/domain/vehicleTags";
import { cardSiteOptions, dealerFlags } from "@server/tenants/publicSite";
import type { DealerLocation, TenantConfig } from "@server/tenants/schema";
import type { VehiclePageCar, VehiclePageData } from "~/domain/vehiclePage";
import { similarCarsSearchHref } from "~/domain/similarCars";

/** The dealer location holding the car: its own location, else the primary one. */
export function carLocation(tenant: TenantConfig, v: Pick<Vehicle, "location_id" | "location">): DealerLocation {
  const id = v.location?.id || v.location_id;
  return tenant.locations.find((l) => l.id === id) ?? tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
}

export function primaryLocation(tenant: TenantConfig): DealerLocation {
  return tenant.locations.find((l) => l.primary) ?? tenant.locations[0];
}

export function addressLine(l: DealerLocation): string {
  return `${l.address.street}, ${l.address.city} ${l.address.state} ${l.address.postcode}`;
}

/** Where the site is reached: the dealer's own domain when configured, else the address this request came to. */
export function siteOrigin(tenant: TenantConfig, requestUrl: string): string {
  return tenant.domains[0] ? `https://${tenant.domains[0]}` : new URL(requestUrl).origin;
}

export function vehicleSummary(tenant: TenantConfig, v: Vehicle, now: Date): VehiclePageCar {
  const flags = dealerFlags(tenant);
  const price = priceDisplay(v, flags);
  const rego = regoExpiryText(v.rego_expiry, now, tenant.features.showUnregistered);
  const location = v.location ? carLocation(tenant, v) : null;
  return {
    id: v.id,
    slug: v.slug,
    heading: [v.year || "", v.make, v.model].filter(Boolean).join(" "),
    subheading: [v.badge, v.series].filter(Boolean).join(" "),
    title: vehicleTitle(v),
    make: v.make,
    model: v.model,
    year: v.year,
    status: v.status,
    available: isAvailable(v),
    car_type: v.car_type,
    item_type: v.item_type,
    condition: conditionLabel(v.car_type),
    stocknum: v.stocknum,
    vin: v.vin,
    tag: cardTag(v, flags, now),
    price,
    sellingPrice: Math.max(0, sellingPrice(v)),
    iconRow: iconRow(v),
    keyInfo: keyInformation(v, rego),
    features: [...new Set((v.standardEquipment ?? []).map((f) => f.trim()).filter(Boolean))],
    specs: specificationGroups(v),
    comments: dealerCommentsView(v.dealercomments),
    regoExpiry: rego,
    regplate: v.regplate,
    certified: v.certified,
    historyReport: v.file ? v.file : null,
    thumbnail: v.images[0]?.thumb?.url || v.images[0]?.url || NEW_ARRIVAL_PLACEHOLDER,
    bodyLabel: bodyTypeLabel(v.simple_body || v.body || v.item_type),
    simpleBody: v.simple_body,
    body: v.body,
    dealershipId: v.dealership_id,
    location:
      v.location && location
        ? {
            name: v.location.name || location.name,
            city: v.location.city || location.address.city,
            state: v.location.state || location.address.state,
            address: v.location.address || addressLine(location),
            directions: directionsUrl(v.location.address || addressLine(location), location.address.place_url),
          }
        : null,
    fuel: isElectric(v) || v.item_type === "caravan" ? null : defaultFuelInputs(v),
    photosCount: v.images.length,
    updatedAt: v.updated_at,
  };
}

export function dealerPhone(tenant: TenantConfig, v: Vehicle): string {
  return dealerCallNumber(tenant, v).phone;
}

/** The car's Call Now number and what it is ('New car sales', 'Sales', 'Enquiries'). */
export function dealerCallNumber(tenant: TenantConfig, v: Vehicle): { phone: string; label: string } {
  return callNumberForCar({
    phonesByType: tenant.phones,
    carType: v.car_type,
    locationPhone: v.location?.phone || carLocation(tenant, v).contact_detail.phone,
    contactPhone: tenant.contact.phone,
  });
}

export interface PageContext {
  tenant: TenantConfig;
  vehicle: Vehicle;
  now: Date;
  requestUrl: string;
  views: number;
  priceComparison: PriceComparison | null | "later";
  delivery: DeliveryOutcome | null;
  /**
   * The finance broker's calculated quote for the sidebar (loadCalculatedQuote): null when it failed or
   * was not asked (the sidebar stays silent); left out, the estimate is worked out on the dealer's rate.
   */
  calculatedQuote?: Quote | null;
}

/** The dealer's finance settings as the lender display rules read them. */
export function lenderDisplayConfig(tenant: TenantConfig): LenderDisplayConfig {
  const { excludedManufacturers, excludedDealerships, calculator } = tenant.finance;
  return { excludedManufacturers, excludedDealerships, lenders: calculator.lenders };
}

/** Finance is offered on this car by this dealer (the car's eligibility and a finance provider). */
export function carIsFinanceable(tenant: TenantConfig, v: Vehicle): boolean {
  return canFinance(v, dealerFlags(tenant)) && tenant.features.financeProvider !== "none";
}

/**
 * The weekly estimate shown for a car wherever it is shown (vehicle page, printed page, brochure): the
 * car's quote, else the lender the dealer may show, else the broker's calculated quote when given.
 */
export function carFinanceEstimate(
  tenant: TenantConfig,
  v: Vehicle,
  price: number,
  now: Date,
  calculatedQuote?: Quote | null,
): FinanceEstimate | null {
  if (!carIsFinanceable(tenant, v)) return null;
  return estimateWithLender(tenant, v, price, shownLender(v, price, lenderDisplayConfig(tenant), now), calculatedQuote);
}

function estimateWithLender(
  tenant: TenantConfig,
  v: Vehicle,
  price: number,
  shown: ReturnType<typeof shownLender>,
  calculatedQuote: Quote | null | undefined,
): FinanceEstimate | null {
  return displayedEstimate(v, price, shown, {
    calculatedQuote: tenant.features.calculatedQuote,
    standardRate: tenant.finance.calculator.interestDefault,
    calculated: calculatedQuote,
  });
}

/**
 * The car's finance parts (spec 001 section 4): the lender whose figures may be shown, the estimate
 * beside the price, the disclaimer that goes with them and the calculator answering the page's query.
 */
export function vehicleFinance(
  tenant: TenantConfig,
  v: Vehicle,
  price: number,
  financeable: boolean,
  ctx: Pick<PageContext, "now" | "requestUrl" | "calculatedQuote">,
): VehiclePageData["finance"] {
  const calculator = tenant.finance.calculator;
  const shown = financeable ? shownLender(v, price, lenderDisplayConfig(tenant), ctx.now) : null;
  return {
    estimate: financeable ? estimateWithLender(tenant, v, price, shown, ctx.calculatedQuote) : null,
    disclaimer: financeDisclaimer(shown?.lender ?? null, calculator.disclaimer).text,
    calculator: financeable
      ? financeCalculatorView(calculator, { price, make: v.make }, shown?.name ?? null, new URL(ctx.requestUrl).searchParams)
      : null,
  };
}

export function vehiclePageData(ctx: PageContext): VehiclePageData {
  const { tenant, vehicle: v, now } = ctx;
  const flags = dealerFlags(tenant);
  const car = vehicleSummary(tenant, v, now);
  const origin = siteOrigin(tenant, ctx.requestUrl);
  const location = carLocation(tenant, v);
  const primary = primaryLocation(tenant);
  const { phone, label: phoneLabel } = dealerCallNumber(tenant, v);
  const video = videoSource(v.video_url, v.external_video_url);
  const seo = vehicleSeo({
    car: v,
    price: car.price,
    dealer: {
      name: location.name,
      phone,
      city: location.address.city,
      state: location.address.state,
      street: location.address.street,
      postcode: location.address.postcode,
    },
    siteName: tenant.name,
    origin,
    placeholderImage: NEW_ARRIVAL_PLACEHOLDER,
  });
  const financeable = carIsFinanceable(tenant, v);
  const carPage = `/cars/${encodeURIComponent(v.slug)}`;
  const cardData = toVehicleCardData(v);
  const searchPath = tenant.paths.searchPrefix;
  const city = announcedCity(v.city || v.location?.city, primary.address.city);

  return {
    now: now.toISOString(),
    siteSlug: tenant.slug,
    siteName: tenant.name,
    searchPath,
    watchlistPath: tenant.features.garage ? tenant.paths.watchlist : null,
    car,
    gallery: {
      slides: gallerySlides(v.images, video),
      imageCount: v.images.length,
      spinFrames: v.spin_images,
      interiorImage: v.spin_interior_image,
      hotspots: v.hotspots ?? { exterior: [], interior: [] },
      views: availableViews(v),
      initialView: initialGalleryView(tenant.gallery.defaultView, v.spin_images.length > 0),
      thumbnailStrip: showsThumbnailStrip(v.images.length, v.status),
      fullscreenThumbnails: showsFullscreenThumbnails(v.images.length),
      placeholder: showsNewArrivalPlaceholder(v.images.length),
      requestPhotos: tenant.features.requestPhotosForm && car.available,
    },
    actions: {
      reserve: canReserve(v, flags)
        ? { href: `${carPage}/${tenant.paths.checkout}`, label: "Reserve Car Now", deposit: tenant.reserveDepositLabel }
        : null,
      finance: financeable ? { href: financeHref(v, car.sellingPrice, tenant.paths.finance) } : null,
      tradeIn: tenant.features.tradeIn && car.available ? { href: tradeInHref(v) } : null,
      enquireLabel: tenant.features.chat ? "Instant Message" : "Enquire Now",
      print: `/print?car_id=${encodeURIComponent(v.slug)}`,
      pdf: `${carPage}.pdf`,
      canFavourite: canFavourite(v, flags),
    },
    finance: vehicleFinance(tenant, v, car.sellingPrice, financeable, ctx),
    phone: {
      display: formatPhone(phone),
      label: phoneLabel,
      tel: telHref(phone),
      masked: tenant.features.maskPhone && maskPhone(formatPhone(phone)) !== formatPhone(phone),
    },
    announcement: city
      ? { city, directions: car.location?.directions ?? directionsUrl(addressLine(location), location.address.place_url) }
      : null,
    marketIndicator: car.available ? marketIndicator(car.sellingPrice, v.autograb_data, v.state || location.address.state) : null,
    views: ctx.views,
    canonical: seo.canonical,
    jsonLd: jsonLdScript(seo.jsonLd),
    seo: { title: seo.title, description: seo.description, ogImage: seo.ogImage },
    favouriteCard: cardData,
    cardSite: cardSiteOptions(tenant, now),
    similarSearchHref: similarCarsSearchHref(searchPath, v),
    priceComparison: ctx.priceComparison,
    delivery: { offered: tenant.delivery.regions.length > 0, outcome: ctx.delivery },
    enquiry: { messageRequired: tenant.features.enquiryMessageRequired, optInShown: tenant.features.enquiryOptInShown },
    // No 'Book a Service' for a dealer without a workshop (issue 26).
    features: {
      offers: tenant.paths.offers,
      service: tenant.features.serviceBookingUrl ?? (departmentsOf(tenant).service ? "/service" : null),
      sellYourCar: "/sell-my-car",
    },
    breadcrumbs: [
      { label: "Home", href: "/" },
      { label: "Stock", href: searchPath },
      ...(v.make ? [{ label: v.make, href: `${searchPath}?${new URLSearchParams({ make: v.make })}` }] : []),
      ...(v.make && v.model ? [{ label: v.model, href: `${searchPath}?${new URLSearchParams({ make: v.make, model: v.model })}` }] : []),
    ],
  };
}
