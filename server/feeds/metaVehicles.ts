/**
 * The Meta (Facebook, Instagram) automotive inventory catalogue, as CSV and as XML (pure). Field names
 * and values are Meta's (tests/fixtures/feeds/meta-vehicles.json has the published lists and where they
 * come from). In CSV the nested fields are flattened columns named by their JSON path (`mileage.value`,
 * `image[0].url`) and the address is a JSON object; in XML they are nested elements, one <listing> per car.
 */
import type { Vehicle } from "~/domain/vehicle";
import type { TenantConfig } from "../tenants/schema";
import { feedPrice, type FeedListing } from "./listing";

/** Every column but the photos, in order. */
export const META_VEHICLE_COLUMNS = [
  "vehicle_id",
  "vin",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "trim",
  "mileage.value",
  "mileage.unit",
  "price",
  "state_of_vehicle",
  "availability",
  "vehicle_type",
  "body_style",
  "transmission",
  "fuel_type",
  "drivetrain",
  "exterior_color",
  "interior_color",
  "date_first_on_lot",
  "address",
  "latitude",
  "longitude",
  "dealer_id",
  "dealer_name",
  "dealer_phone",
] as const;
type MetaColumn = (typeof META_VEHICLE_COLUMNS)[number];

/** The stock's body types in Meta's body_style values (required: a body Meta has no word for is OTHER). */
const BODY_STYLES: Record<string, string> = {
  suv: "SUV",
  sedan: "SEDAN",
  hatch: "HATCHBACK",
  hatchback: "HATCHBACK",
  ute: "PICKUP",
  wagon: "WAGON",
  stationWagon: "WAGON",
  van: "VAN",
  coupe: "COUPE",
  convertible: "CONVERTIBLE",
  peopleMover: "MINIVAN",
  cabChassis: "TRUCK",
  lightTruck: "TRUCK",
};
const FUEL_TYPES: Record<string, string> = {
  Petrol: "PETROL",
  Diesel: "DIESEL",
  Hybrid: "HYBRID",
  Electric: "ELECTRIC",
  "Plug-in Hybrid": "PLUGIN_HYBRID",
};
const TRANSMISSIONS: Record<string, string> = { Automatic: "AUTOMATIC", Manual: "MANUAL" };
const DRIVETRAINS: Record<string, string> = { FWD: "FWD", RWD: "RWD", AWD: "AWD", "4WD": "FOUR_WD" };
/** Meta's vehicle_type for each kind of stock; a motorhome is an RV whatever its item type. */
const VEHICLE_TYPES: Record<Vehicle["item_type"], string> = {
  car: "CAR_TRUCK",
  motorcycle: "MOTORCYCLE",
  caravan: "RV_CAMPER",
  truck: "COMMERCIAL",
};

/** NEW, CPO for a certified demonstrator or used car, else USED (a demonstrator has been registered and driven). */
function stateOfVehicle(v: Pick<Vehicle, "car_type" | "certified">): "NEW" | "USED" | "CPO" {
  if (v.car_type === "new") return "NEW";
  return v.certified ? "CPO" : "USED";
}

export interface MetaAddress {
  addr1: string;
  city: string;
  region: string;
  postal_code: string;
  country: "AU";
}

export function metaAddress(listing: FeedListing): MetaAddress {
  const { address } = listing.location;
  return { addr1: address.street, city: address.city, region: address.state, postal_code: address.postcode, country: "AU" };
}

export function metaVehicleRow(listing: FeedListing): Record<MetaColumn, string> {
  const v = listing.vehicle;
  const { location } = listing;
  return {
    vehicle_id: v.stocknum,
    vin: v.vin,
    title: listing.title,
    description: listing.description,
    url: listing.link,
    make: v.make,
    model: v.model,
    year: v.year > 0 ? String(v.year) : "",
    trim: v.badge,
    "mileage.value": String(Math.max(0, Math.round(v.km))),
    "mileage.unit": "KM",
    price: feedPrice(listing.price),
    state_of_vehicle: stateOfVehicle(v),
    availability: "AVAILABLE",
    vehicle_type: v.simple_body === "motorhome" ? "RV_CAMPER" : VEHICLE_TYPES[v.item_type],
    body_style: BODY_STYLES[v.simple_body] ?? "OTHER",
    transmission: TRANSMISSIONS[v.simple_transmission] ?? "",
    fuel_type: FUEL_TYPES[v.simple_fuel] ?? "",
    drivetrain: DRIVETRAINS[v.simple_drive] ?? "",
    exterior_color: v.colour,
    interior_color: v.interior_colour,
    date_first_on_lot: /^\d{4}-\d{2}-\d{2}/.test(v.created_at) ? v.created_at.slice(0, 10) : "",
    address: JSON.stringify(metaAddress(listing)),
    latitude: String(location.address.lat),
    longitude: String(location.address.long),
    dealer_id: location.id,
    dealer_name: location.name,
    dealer_phone: listing.phone,
  };
}

/**
 * Control characters, lone surrogates and the two non-characters: XML 1.0 cannot carry them (but tab,
 * line feed and carriage return, which are kept or made line feeds).
 */
const NOT_PLAIN_TEXT = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;
const NOT_XML_TEXT = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;

/**
 * Text as Meta reads it: line breaks kept (as \n, descriptions may use them), other control characters
 * and characters XML 1.0 cannot carry dropped. Most text has none, and is returned as it is.
 */
function cleanText(value: string): string {
  if (!NOT_PLAIN_TEXT.test(value)) return value;
  return value.replace(/\r\n?/g, "\n").replace(NOT_XML_TEXT, (ch) => (ch === "\n" || ch === "\t" ? ch : ""));
}

/** RFC 4180, as Meta asks: a value with a comma, quote, whitespace or line break is quoted, its quotes doubled. */
export function csvValue(value: string): string {
  const text = cleanText(value);
  return /[",\s]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV line by line (each with its CRLF): the header, with as many photo columns as the car with most photos needs, then one row per car. */
export function* metaVehiclesCsvLines(listings: readonly FeedListing[]): Generator<string> {
  const photoColumns = listings.reduce((most, l) => Math.max(most, l.photos.length), 1);
  const header = [...META_VEHICLE_COLUMNS, ...Array.from({ length: photoColumns }, (_, i) => `image[${i}].url`)];
  yield `${header.map(csvValue).join(",")}\r\n`;
  for (const listing of listings) {
    const row = metaVehicleRow(listing);
    const photos = Array.from({ length: photoColumns }, (_, i) => listing.photos[i] ?? "");
    yield `${[...META_VEHICLE_COLUMNS.map((column) => row[column]), ...photos].map(csvValue).join(",")}\r\n`;
  }
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlText(value: string): string {
  const text = cleanText(value);
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]) : text;
}

const element = (name: string, value: string, indent = "    ") => (value ? `${indent}<${name}>${xmlText(value)}</${name}>` : "");

/** One <listing>: the CSV's fields, with mileage, photos and the address as nested elements. */
function metaListingXml(listing: FeedListing): string {
  const row = metaVehicleRow(listing);
  const address = metaAddress(listing);
  const flat = META_VEHICLE_COLUMNS.filter((c) => c !== "address" && !c.startsWith("mileage."));
  const lines = [
    "  <listing>",
    ...flat.map((column) => element(column, row[column])),
    "    <mileage>",
    element("value", row["mileage.value"], "      "),
    element("unit", row["mileage.unit"], "      "),
    "    </mileage>",
    '    <address format="simple">',
    ...Object.entries(address).map(([name, value]) => `      <component name="${name}">${xmlText(value)}</component>`),
    "    </address>",
    ...listing.photos.map((url) => `    <image>\n      <url>${xmlText(url)}</url>\n    </image>`),
    "  </listing>",
  ];
  return lines.filter(Boolean).join("\n");
}

/** The XML document piece by piece: the declaration and the catalogue's title and address, one <listing> per car, the end. */
export function* metaVehiclesXmlLines(
  tenant: Pick<TenantConfig, "name">,
  selfUrl: string,
  listings: readonly FeedListing[],
): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<listings>\n';
  yield `  <title>${xmlText(`${tenant.name} vehicles`)}</title>\n  <link rel="self" href="${xmlText(selfUrl)}"/>\n`;
  for (const listing of listings) yield `${metaListingXml(listing)}\n`;
  yield "</listings>\n";
}
