/**
 * The brochure for a car: the page's own rules (price order, key information, comments) shaped for
 * the PDF, and the main picture loaded for drawing. Our generated pictures are drawn in process;
 * a dealer's photo on another host is fetched with a short timeout, and the brochure goes without it
 * rather than fail.
 */
import { isShownRepayment } from "~/domain/financeEstimate";
import type { Quote } from "@server/finance/port";
import { formatMoney, formatNumber } from "~/domain/money";
import { NEW_ARRIVAL_PLACEHOLDER } from "~/domain/galleryRules";
import { formatPhone } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import { log } from "@server/log";
import type { BrochureData } from "@server/pdf/brochure";
import type { TenantConfig } from "@server/tenants/schema";
import { addressLine, carFinanceEstimate, carLocation, dealerPhone, siteOrigin, vehicleSummary } from "@server/vehicles/pageData";
import { SOLD_TEXT } from "~/domain/vehiclePage";
import { formatLongDate, todayIso } from "~/domain/regoExpiry";
import { timeZoneForState } from "~/domain/testDriveSlots";

/** The photo route's copy of a photo for print: 1280 wide (about 180 dpi across the brochure's photo), as JPEG. */
export const BROCHURE_PHOTO_WIDTH = 1280;

/**
 * Makes a photo for the brochure: the photo service's JPEG of the source (the site's own drawings
 * rasterised by sharp, a dealer's photo fetched only from the dealer's allowed hosts), or null when it
 * cannot be shown. The route builds it from the platform (cars.$slug[.]pdf).
 */
export type BrochurePhoto = (source: string) => Promise<Buffer | null>;

/**
 * The day a brochure or print-out was prepared, where the dealer is, written the one way the spec
 * writes dates ('Month d, yyyy', as 'Expires on March 1, 2027'): 'November 21, 2026'.
 */
export function brochureDate(now: Date, timeZone: string): string {
  return formatLongDate(todayIso(now, timeZone)) ?? "";
}

/** The dealer's time zone, else the car's location's state's. */
export function dealerTimeZone(tenant: TenantConfig, state: string): string {
  return tenant.timeZone ?? timeZoneForState(state);
}

export async function vehicleBrochure(
  tenant: TenantConfig,
  v: Vehicle,
  now: Date,
  requestUrl: string,
  /** The finance broker's calculated quote for the car, as the vehicle page shows it (loadCalculatedQuote). */
  calculatedQuote: Quote | null,
  photo: BrochurePhoto,
): Promise<BrochureData> {
  const car = vehicleSummary(tenant, v, now);
  const location = carLocation(tenant, v);
  const phone = formatPhone(dealerPhone(tenant, v));
  const origin = siteOrigin(tenant, requestUrl);
  const estimate = carFinanceEstimate(tenant, v, car.sellingPrice, now, calculatedQuote);
  const imageUrl = v.primary_image_url || v.images[0]?.url || v.spin_images[0] || "";
  // A car with no photo yet gets the new-arrival drawing; one whose photo cannot be made gets the brochure's own panel.
  const bytes = await photo(imageUrl || NEW_ARRIVAL_PLACEHOLDER).catch((error) => {
    log.warn("brochure photo not made", { source: imageUrl, error: String(error) });
    return null;
  });
  const image = bytes ? { data: bytes } : null;
  const odometer = v.item_type !== "caravan" ? `${formatNumber(v.km)} km` : "";
  return {
    title: car.title,
    subtitle: [car.condition, odometer, v.simple_transmission, v.simple_fuel, v.stocknum ? `Stock ${v.stocknum}` : ""]
      .filter(Boolean)
      .join(" · "),
    price: {
      text: car.available ? car.price.text : "Sold",
      priceType: car.available && car.price.amount !== null ? car.price.priceType : "",
      wasPrice: car.available && car.price.wasPrice !== null ? formatMoney(car.price.wasPrice) : null,
      note:
        estimate && isShownRepayment(estimate.weekly)
          ? `Finance from ${formatMoney(estimate.weekly)} per week (${formatMoney(estimate.monthly)} per month), estimate only; fees and charges apply.`
          : null,
    },
    soldNote: car.available ? null : SOLD_TEXT,
    image,
    bodyLabel: car.bodyLabel,
    specs: car.keyInfo,
    features: car.features,
    comments: car.comments.kind === "pending" ? [] : car.comments.paragraphs,
    dealer: {
      name: tenant.name,
      location: location.name,
      address: addressLine(location),
      phone,
      email: location.contact_detail.email ?? tenant.contact.email,
      licence: location.dealer_license_number || tenant.footer.dealerLicence,
      website: new URL(origin).host,
    },
    url: `${origin}/cars/${v.slug}`,
    brand: tenant.theme.brand,
    brandContrast: tenant.theme.brandContrast,
    generatedOn: brochureDate(now, dealerTimeZone(tenant, location.address.state)),
  };
}
