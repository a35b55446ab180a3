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
import { parseMediaPath } from "@server/images/mediaPaths";
import { drawMedia } from "@server/images/mediaResponse";
import { log } from "@server/log";
import type { BrochureData, BrochureImage } from "@server/pdf/brochure";
import type { TenantConfig } from "@server/tenants/schema";
import { addressLine, carFinanceEstimate, carLocation, dealerPhone, siteOrigin, vehicleSummary } from "@server/vehicles/pageData";
import { SOLD_TEXT } from "~/domain/vehiclePage";

const IMAGE_TIMEOUT_MS = 3000;
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export async function loadBrochureImage(url: string): Promise<BrochureImage | null> {
  if (!url) return null;
  if (url.startsWith("/media/")) {
    const media = parseMediaPath(url.slice("/media/".length));
    if (!media || media.kind === "report") return null;
    return { kind: "svg", svg: drawMedia(media) };
  }
  if (!/^https:\/\//.test(url)) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) });
    if (!response.ok) return null;
    const type = response.headers.get("content-type") ?? "";
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) return null;
    if (type.includes("svg")) return { kind: "svg", svg: bytes.toString("utf8") };
    if (/image\/(jpeg|png)/.test(type)) return { kind: "raster", data: bytes };
    return null;
  } catch (error) {
    log.warn("brochure photo not loaded", { url, error: String(error) });
    return null;
  }
}

export function brochureDate(now: Date): string {
  return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" }).format(now);
}

export async function vehicleBrochure(
  tenant: TenantConfig,
  v: Vehicle,
  now: Date,
  requestUrl: string,
  /** The finance broker's calculated quote for the car, as the vehicle page shows it (loadCalculatedQuote). */
  calculatedQuote?: Quote | null,
): Promise<BrochureData> {
  const car = vehicleSummary(tenant, v, now);
  const location = carLocation(tenant, v);
  const phone = formatPhone(dealerPhone(tenant, v));
  const origin = siteOrigin(tenant, requestUrl);
  const estimate = carFinanceEstimate(tenant, v, car.sellingPrice, now, calculatedQuote);
  const imageUrl = v.primary_image_url || v.images[0]?.url || v.spin_images[0] || "";
  const image = (await loadBrochureImage(imageUrl)) ?? (imageUrl ? null : await loadBrochureImage(NEW_ARRIVAL_PLACEHOLDER));
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
    generatedOn: brochureDate(now),
  };
}
