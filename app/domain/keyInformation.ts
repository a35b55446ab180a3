/**
 * What the vehicle page lists about a car: the icon row (kms, transmission, body), the key-information
 * grid ('Show More' after 4), the feature list ('Show All' after 8) and all specifications. Empty values
 * are left out rather than shown as dashes.
 */
import { formatNumber } from "./money";
import { conditionLabel } from "./vehicleTags";
import type { Vehicle } from "./vehicle";

export const KEY_INFO_SHOWN = 4;
export const FEATURES_SHOWN = 8;

export interface InfoItem {
  label: string;
  value: string;
}

export interface SpecGroup {
  title: string;
  items: InfoItem[];
}

type Car = Pick<
  Vehicle,
  | "car_type"
  | "item_type"
  | "km"
  | "simple_transmission"
  | "trans"
  | "simple_body"
  | "body"
  | "simple_fuel"
  | "fuel"
  | "simple_drive"
  | "drive"
  | "engine_size_litres"
  | "engine_size"
  | "colour"
  | "interior_colour"
  | "seats"
  | "doors"
  | "year"
  | "stocknum"
  | "regplate"
  | "vin"
  | "make"
  | "model"
  | "badge"
  | "series"
  | "compliance_date"
  | "build_date"
  | "variant"
  | "caravan"
>;

const text = (s: string | null | undefined) => (s ?? "").trim();
const positive = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
const item = (label: string, value: string | null | undefined): InfoItem | null => (text(value) ? { label, value: text(value) } : null);
const present = (items: (InfoItem | null)[]): InfoItem[] => items.filter((i): i is InfoItem => i !== null);

/** Dealer words for body types: 'suv' reads 'SUV', 'peopleMover' reads 'People Mover'. */
const BODY_LABELS: Record<string, string> = {
  suv: "SUV",
  ev: "EV",
  "4x4": "4x4",
  ute: "Ute",
  peoplemover: "People Mover",
  cabchassis: "Cab Chassis",
  lighttruck: "Light Truck",
  stationwagon: "Station Wagon",
  softtop: "Soft Top",
  hardtop: "Hardtop",
};

export function bodyTypeLabel(body: string): string {
  const key = body.replace(/[\s_-]/g, "").toLowerCase();
  if (Object.hasOwn(BODY_LABELS, key)) return BODY_LABELS[key];
  return body.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** '2026-02' or '2026-02-01' -> 'February 2026' (compliance and build dates are months). */
export function monthYear(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(isoDate.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return isoDate.trim();
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[Number(m[2]) - 1]} ${m[1]}`;
}

export function odometerText(km: number): string {
  return `${formatNumber(Math.max(0, km))} km`;
}

export function engineText(v: Pick<Vehicle, "engine_size_litres" | "engine_size" | "variant">): string {
  const litres = positive(v.engine_size_litres)
    ? v.engine_size_litres
    : positive(v.variant?.enginesize_litres)
      ? v.variant.enginesize_litres
      : null;
  const cylinders = positive(v.variant?.cylinders) ? `${v.variant.cylinders}cyl` : "";
  const induction = text(v.variant?.induction);
  const parts = [litres ? `${litres.toFixed(1)}L` : "", cylinders, induction].filter(Boolean);
  return parts.join(" ");
}

/** kms, transmission, body — the three facts under the title. Caravans have no odometer. */
export function iconRow(v: Car): { kind: "km" | "transmission" | "body"; text: string }[] {
  const row: { kind: "km" | "transmission" | "body"; text: string }[] = [];
  if (v.item_type !== "caravan") row.push({ kind: "km", text: odometerText(v.km) });
  const trans = text(v.simple_transmission) || text(v.trans);
  if (trans) row.push({ kind: "transmission", text: trans });
  const body = text(v.simple_body) ? bodyTypeLabel(text(v.simple_body)) : text(v.body);
  if (body) row.push({ kind: "body", text: body });
  return row;
}

/** The key-information grid, most asked-about first: the first four show before 'Show More'. */
export function keyInformation(v: Car, regoExpiry: string | null): InfoItem[] {
  return present([
    item("Condition", conditionLabel(v.car_type)),
    v.item_type !== "caravan" ? item("Odometer", odometerText(v.km)) : null,
    item("Transmission", text(v.trans) || text(v.simple_transmission)),
    item("Fuel Type", text(v.fuel) || text(v.simple_fuel)),
    item("Body", text(v.body) || bodyTypeLabel(text(v.simple_body))),
    item("Drive", text(v.drive) || text(v.simple_drive)),
    item("Engine", engineText(v)),
    item("Colour", v.colour),
    item("Interior", v.interior_colour),
    positive(v.seats) ? item("Seats", String(v.seats)) : null,
    positive(v.doors) ? item("Doors", String(v.doors)) : null,
    item("Stock No.", v.stocknum),
    item("Rego", v.regplate),
    item("Rego Expiry", regoExpiry),
  ]);
}

export function splitShown<T>(items: readonly T[], shown: number): { shown: T[]; more: T[] } {
  return { shown: items.slice(0, shown), more: items.slice(shown) };
}

const unit = (n: number | null | undefined, suffix: string, digits = 0) =>
  positive(n) ? `${digits ? n.toFixed(digits) : formatNumber(n)}${suffix}` : null;

/** Every specification the car has, grouped as a spec sheet. Groups with nothing in them are left out. */
export function specificationGroups(v: Car): SpecGroup[] {
  const vr = v.variant ?? {};
  const groups: SpecGroup[] = [
    {
      title: "Overview",
      items: present([
        item("Make", v.make),
        item("Model", v.model),
        item("Badge", v.badge),
        item("Series", v.series),
        positive(v.year) ? item("Year", String(v.year)) : null,
        item("Body", text(v.body) || bodyTypeLabel(text(v.simple_body))),
        item("Body Configuration", vr.bodyconfiguration ?? ""),
        item("Colour", v.colour),
        item("Interior Colour", v.interior_colour),
        positive(v.doors) ? item("Doors", String(v.doors)) : null,
        positive(v.seats) ? item("Seats", String(v.seats)) : null,
      ]),
    },
    {
      title: "Engine and Transmission",
      items: present([
        item("Engine", engineText(v)),
        item("Engine Size", unit(vr.enginesize ?? (positive(v.engine_size) ? v.engine_size : null), " cc")),
        positive(vr.cylinders) ? item("Cylinders", String(vr.cylinders)) : null,
        item("Induction", vr.induction ?? ""),
        item("Torque", unit(vr.torque, " Nm")),
        item("Fuel Type", text(v.fuel) || text(v.simple_fuel)),
        item("Transmission", text(v.trans) || text(v.simple_transmission)),
        item("Gear Type", vr.geartype ?? ""),
        item("Drive", text(v.drive) || text(v.simple_drive)),
      ]),
    },
    {
      title: "Fuel",
      items: present([
        item("Fuel Consumption (Combined)", unit(vr.fuelconsumptioncombined, " L/100km", 1)),
        item("Fuel Tank Capacity", unit(vr.fuelcapacity, " L")),
      ]),
    },
    {
      title: "Dimensions and Weights",
      items: present([
        item("Length", unit(vr.vehiclelength, " mm")),
        item("Width", unit(vr.vehiclewidth, " mm")),
        item("Height", unit(vr.vehicleheight, " mm")),
        item("Gross Vehicle Mass", unit(vr.grossvehiclemass, " kg")),
        item("Towing Capacity (Braked)", unit(vr.towingcapacitybraked, " kg")),
      ]),
    },
    {
      title: "Safety",
      items: present([positive(vr.ancaprating) ? item("ANCAP Rating", `${vr.ancaprating} stars`) : null]),
    },
    {
      title: "Caravan Specifications",
      items: v.caravan
        ? present([
            item("Body Length", unit(v.caravan.body_length, " mm")),
            item("Body Width", unit(v.caravan.body_width, " mm")),
            item("Tare Weight", unit(v.caravan.tare_weight, " kg")),
            item("Aggregate Trailer Mass", unit(v.caravan.aggregate_trailer_mass, " kg")),
            item("Axle Type", v.caravan.axle_type ?? ""),
            positive(v.caravan.sleeps) ? item("Sleeps", String(v.caravan.sleeps)) : null,
          ])
        : [],
    },
    {
      title: "Identification",
      items: present([
        item("Stock No.", v.stocknum),
        item("VIN", v.vin),
        item("Rego", v.regplate),
        item("Compliance Date", text(v.compliance_date) ? monthYear(v.compliance_date) : ""),
        item("Build Date", text(v.build_date) ? monthYear(v.build_date) : ""),
      ]),
    },
  ];
  return groups.filter((g) => g.items.length > 0);
}
