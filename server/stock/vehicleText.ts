/**
 * Names and labels derived from a vehicle's facts, shared by demo stock and dealer imports so both
 * read the same way on the site.
 */
import type { TenantConfig } from "../tenants/schema";
import type { DealerLocation } from "../tenants/schema";
import type { Vehicle, VehicleLocationRef } from "~/domain/vehicle";

/** Lower-case words joined by hyphens, safe in a URL path. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Ids are unique across all tenants: the tenant's slug, then the dealer's stock number. */
export function vehicleId(tenantSlug: string, stocknum: string): string {
  return `${tenantSlug}-${slugify(stocknum)}`;
}

/** '2023-toyota-hilux-sr5-gun126r-st10234': readable, and unique per tenant because stock numbers are. */
export function vehicleSlug(parts: { year: number; make: string; model: string; badge: string; series: string; stocknum: string }): string {
  return slugify([parts.year || "", parts.make, parts.model, parts.badge, parts.series, parts.stocknum].filter(Boolean).join(" "));
}

export const DRIVE_LABELS: Record<string, string> = {
  FWD: "Front Wheel Drive",
  RWD: "Rear Wheel Drive",
  AWD: "All Wheel Drive",
  "4WD": "Four Wheel Drive",
};

export const FUEL_LABELS: Record<string, string> = {
  Petrol: "Unleaded Petrol",
  Diesel: "Diesel",
  Hybrid: "Hybrid (Petrol/Electric)",
  Electric: "Electric",
  "Plug-in Hybrid": "Plug-in Hybrid (Petrol/Electric)",
};

/** A listing title in the style of the big classifieds: year make model badge series, auto/manual, drive, body. */
export function classifiedsTitle(v: {
  year: number;
  make: string;
  model: string;
  badge: string;
  series: string;
  simple_transmission: string;
  simple_drive: string;
  body: string;
}): string {
  const trans = v.simple_transmission === "Manual" ? "Manual" : v.simple_transmission === "Automatic" ? "Auto" : "";
  const drive = v.simple_drive === "4WD" ? "4x4" : v.simple_drive === "AWD" ? "AWD" : "";
  return [v.year || "", v.make, v.model, v.badge, v.series, trans, drive, v.body].filter(Boolean).join(" ");
}

export function locationRef(location: DealerLocation): VehicleLocationRef {
  const a = location.address;
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    phone: location.contact_detail.phone,
    city: a.city,
    state: a.state,
    address: `${a.street}, ${a.city} ${a.state} ${a.postcode}`,
    distribution_locations: location.distribution_locations,
  };
}

/** Where stock is sold from: visible sales locations, or every location when none is marked for sales. */
export function salesLocations(tenant: TenantConfig): DealerLocation[] {
  const sales = tenant.locations.filter((l) => l.visible && (l.location_type === "sales" || l.location_type === ""));
  return sales.length > 0 ? sales : tenant.locations;
}

/** The primary sales location: where stock lands when a feed names none. */
export function primarySalesLocation(tenant: TenantConfig): DealerLocation {
  const sales = salesLocations(tenant);
  return sales.find((l) => l.primary) ?? tenant.locations.find((l) => l.primary) ?? sales[0];
}

/** A deposit can be taken online only for a car that can be reserved: available, priced, not reserved or test-drive only. */
export function paymentProcessorsFor(v: Vehicle, tenant: TenantConfig): string[] {
  const selling = v.offer_price > 10 && v.offer_price !== v.price ? v.offer_price : v.price;
  const available = v.status === "in_stock" || v.status === "coming_soon";
  return tenant.features.reserve && available && !v.reserved && selling > 10 && v.tag.trim().toLowerCase() !== "test drive only"
    ? ["stripe"]
    : [];
}
