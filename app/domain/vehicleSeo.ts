/**
 * Search engines and sharing for the vehicle page (issue 5 item 11): title and description per car,
 * canonical URL, Open Graph image and schema.org JSON-LD (Car, Motorcycle or Vehicle) with an Offer that
 * says what the ad channels' feeds say (issue 23).
 */
import { formatNumber } from "./money";
import { advertisedPrice, type PriceDisplay } from "./priceDisplay";
import { conditionLabel } from "./vehicleTags";
import { isAvailable, vehicleTitle, type Vehicle } from "./vehicle";
import { photoUrlAt } from "./photos";

/** og:image width: what Facebook and LinkedIn ask for (1200 px and up), from the photo route's set. */
export const OG_IMAGE_WIDTH = 1280;

type SeoCar = Pick<
  Vehicle,
  | "slug"
  | "year"
  | "make"
  | "model"
  | "badge"
  | "series"
  | "km"
  | "vin"
  | "status"
  | "car_type"
  | "item_type"
  | "colour"
  | "simple_body"
  | "body"
  | "simple_fuel"
  | "simple_transmission"
  | "trans"
  | "drive"
  | "doors"
  | "seats"
  | "engine_size_litres"
  | "price"
  | "offer_price"
  | "interior_colour"
  | "simple_drive"
  | "stocknum"
  | "images"
  | "primary_image_url"
  | "dealercomments"
>;

export interface SeoDealer {
  name: string;
  phone: string;
  city: string;
  state: string;
  street: string;
  postcode: string;
}

export interface VehicleSeo {
  title: string;
  description: string;
  canonical: string;
  ogImage: string;
  jsonLd: Record<string, unknown>;
}

const DESCRIPTION_MAX = 160;

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin).toString();
  } catch {
    return origin;
  }
}

/** Demo cars have been registered and driven, so search engines are told they are used. */
export function itemCondition(carType: Vehicle["car_type"]): "https://schema.org/NewCondition" | "https://schema.org/UsedCondition" {
  return carType === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition";
}

export function availability(status: Vehicle["status"]): string {
  if (status === "in_stock") return "https://schema.org/InStock";
  if (status === "coming_soon") return "https://schema.org/PreOrder";
  return "https://schema.org/SoldOut";
}

/**
 * schema.org's type for the kind of stock: a car (utes and vans included) is a Car, a motorcycle a
 * Motorcycle; schema.org has no type for a caravan or a truck, so they are the Vehicle they are.
 */
export function schemaVehicleType(itemType: Vehicle["item_type"]): "Car" | "Motorcycle" | "Vehicle" {
  if (itemType === "car") return "Car";
  if (itemType === "motorcycle") return "Motorcycle";
  return "Vehicle";
}

const DRIVE_WHEEL_CONFIGURATIONS: Record<string, string> = {
  fwd: "https://schema.org/FrontWheelDriveConfiguration",
  frontwheeldrive: "https://schema.org/FrontWheelDriveConfiguration",
  rwd: "https://schema.org/RearWheelDriveConfiguration",
  rearwheeldrive: "https://schema.org/RearWheelDriveConfiguration",
  awd: "https://schema.org/AllWheelDriveConfiguration",
  allwheeldrive: "https://schema.org/AllWheelDriveConfiguration",
  "4wd": "https://schema.org/FourWheelDriveConfiguration",
  "4x4": "https://schema.org/FourWheelDriveConfiguration",
  fourwheeldrive: "https://schema.org/FourWheelDriveConfiguration",
};

/**
 * schema.org's DriveWheelConfigurationValue for the car's drive (its code, FWD/RWD/AWD/4WD, else the
 * label as the feed wrote it), or null when it is none of the four.
 */
export function driveWheelConfiguration(car: Pick<Vehicle, "simple_drive" | "drive">): string | null {
  for (const drive of [car.simple_drive, car.drive]) {
    const found = DRIVE_WHEEL_CONFIGURATIONS[(drive ?? "").toLowerCase().replace(/[^a-z0-9]/g, "")];
    if (found) return found;
  }
  return null;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6)).trimEnd()}…`;
}

export function vehicleSeo(input: {
  car: SeoCar;
  price: Pick<PriceDisplay, "amount" | "text" | "kind">;
  dealer: SeoDealer;
  siteName: string;
  origin: string;
  placeholderImage: string;
}): VehicleSeo {
  const { car, price, dealer, siteName, origin } = input;
  const name = vehicleTitle(car);
  const canonical = absoluteUrl(origin, `/cars/${car.slug}`);
  const image = car.primary_image_url || car.images[0]?.url || input.placeholderImage;
  // Social sites fetch one picture, 1280 wide at most, as JPEG (they send */*): the photo route's copy.
  const ogImage = absoluteUrl(origin, photoUrlAt(image, OG_IMAGE_WIDTH));
  const sold = !isAvailable(car);
  const condition = conditionLabel(car.car_type);
  const priceText = price.amount !== null ? price.text : "";

  const title = [sold ? `${name} (Sold)` : name, priceText, siteName].filter(Boolean).join(" | ");
  const facts = [
    car.item_type !== "caravan" && car.km >= 0 ? `${formatNumber(car.km)} km` : "",
    car.simple_transmission || car.trans,
    car.simple_fuel,
    car.colour,
  ].filter(Boolean);
  const where = [dealer.city, dealer.state].filter(Boolean).join(" ");
  const description = clip(
    `${condition} ${name}${facts.length ? `, ${facts.join(", ")}` : ""}. ` +
      (sold ? "Recently sold" : price.text) +
      ` at ${dealer.name}${where ? `, ${where}` : ""}.` +
      (car.stocknum ? ` Stock ${car.stocknum}.` : ""),
    DESCRIPTION_MAX,
  );

  // Search engines fetch the photo route's copies too: the dealer's photo at 1280 wide, or a JPEG of a drawing.
  const images = (car.images.length ? car.images.map((i) => i.url) : [image])
    .slice(0, 10)
    .map((u) => absoluteUrl(origin, photoUrlAt(u, OG_IMAGE_WIDTH)));
  const condUrl = itemCondition(car.car_type);
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url: canonical,
    priceCurrency: "AUD",
    availability: availability(car.status),
    itemCondition: condUrl,
    seller: {
      "@type": "AutoDealer",
      name: dealer.name,
      telephone: dealer.phone,
      address: {
        "@type": "PostalAddress",
        streetAddress: dealer.street,
        addressLocality: dealer.city,
        addressRegion: dealer.state,
        postalCode: dealer.postcode,
        addressCountry: "AU",
      },
    },
  };
  // Every priced car says its sale price, as the ad channels' feeds do; a subscription car says its
  // weekly price beside it.
  const salePrice = advertisedPrice(car);
  if (salePrice !== null) offer.price = salePrice;
  if (price.kind === "subscription" && price.amount !== null) {
    offer.priceSpecification = { "@type": "UnitPriceSpecification", price: price.amount, priceCurrency: "AUD", unitCode: "WEE" };
  }

  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": schemaVehicleType(car.item_type),
    name,
    description,
    url: canonical,
    image: images,
    brand: { "@type": "Brand", name: car.make },
    manufacturer: car.make,
    model: car.model,
    itemCondition: condUrl,
    offers: offer,
  };
  if (car.year > 0) {
    jsonLd.modelDate = String(car.year);
    jsonLd.vehicleModelDate = String(car.year);
  }
  if (car.item_type !== "caravan") {
    jsonLd.mileageFromOdometer = { "@type": "QuantitativeValue", value: Math.max(0, car.km), unitCode: "KMT" };
  }
  if (car.vin) jsonLd.vehicleIdentificationNumber = car.vin;
  if (car.badge) jsonLd.vehicleConfiguration = [car.badge, car.series].filter(Boolean).join(" ");
  if (car.colour) jsonLd.color = car.colour;
  if (car.interior_colour) jsonLd.vehicleInteriorColor = car.interior_colour;
  if (car.body || car.simple_body) jsonLd.bodyType = car.body || car.simple_body;
  if (car.simple_fuel) jsonLd.fuelType = car.simple_fuel;
  if (car.trans || car.simple_transmission) jsonLd.vehicleTransmission = car.trans || car.simple_transmission;
  const driveWheels = driveWheelConfiguration(car);
  if (driveWheels) jsonLd.driveWheelConfiguration = driveWheels;
  if (car.doors > 0) jsonLd.numberOfDoors = car.doors;
  if (car.seats > 0) jsonLd.vehicleSeatingCapacity = car.seats;
  if (car.engine_size_litres > 0) {
    jsonLd.vehicleEngine = {
      "@type": "EngineSpecification",
      engineDisplacement: { "@type": "QuantitativeValue", value: car.engine_size_litres, unitCode: "LTR" },
    };
  }
  if (car.stocknum) jsonLd.sku = car.stocknum;

  return { title, description, canonical, ogImage, jsonLd };
}

/**
 * JSON for a <script type="application/ld+json"> element: dealer-typed text could contain '</script>',
 * so the characters that could end the element are written as escapes.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
