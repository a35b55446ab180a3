/**
 * What a location card, the detail page and the dealer locator show of a location: its name, department,
 * address, phones (duplicates removed where the dealer asks), this week's opening hours in the yard's own
 * time zone, directions and contact links, and its review summary. Shared by /locations, /locations/{slug}
 * and /dealer-locator.
 */
import type { DealerLocation, TenantConfig } from "@server/tenants/schema";
import { addressLine, departmentLabel, departmentsAtAddress, directionsUrl, locationNameSlug, locationPhones } from "~/domain/locations";
import { groupOpeningHours, openingHoursSpecification, type OpeningHoursRow } from "~/domain/openingHours";
import { formatPhone, telHref } from "~/domain/phone";
import type { ReviewSummary } from "~/domain/reviews";

import { timeZoneForState, zonedDate } from "~/domain/testDriveSlots";

export interface LocationCardView {
  id: string;
  slug: string;
  name: string;
  department: string;
  address: string;
  phones: { label: string; href: string }[];
  hours: OpeningHoursRow[];
  directionsUrl: string;
  detailHref: string;
  contactHref: string;
  rating: ReviewSummary | null;
  /** The service department at the same address, on the card's Service tab (features.locationCardTabs). */
  service?: { name: string; phones: { label: string; href: string }[]; hours: OpeningHoursRow[]; detailHref: string };
}

/** The yard's time zone: the dealer's, else its state's. */
export function locationTimeZone(tenant: TenantConfig, location: DealerLocation): string {
  return tenant.timeZone ?? timeZoneForState(location.address.state);
}

/** Today's date at the yard (YYYY-MM-DD), so a holiday shows on its own day there. */
export function todayAt(tenant: TenantConfig, location: DealerLocation, now: Date): string {
  return zonedDate(now, locationTimeZone(tenant, location));
}

export function locationHours(tenant: TenantConfig, location: DealerLocation, now: Date): OpeningHoursRow[] {
  return groupOpeningHours(location.contact_detail.opening_hours, location.special_hours, {
    today: todayAt(tenant, location, now),
    closedByAppointment: tenant.features.closedByAppointment,
  });
}

/** The location's detail page (its own slug under /locations). */
export const locationHref = (location: Pick<DealerLocation, "slug">) => `/locations/${location.slug}`;

/** Cards for these locations, in their order. */
export function locationCards(
  tenant: TenantConfig,
  locations: readonly DealerLocation[],
  summaries: Map<string, ReviewSummary>,
  now: Date,
): LocationCardView[] {
  const phones = locationPhones(locations, tenant.features.dedupeLocationPhones);
  return locations.map((location) => ({
    id: location.id,
    slug: location.slug,
    name: location.name,
    department: departmentLabel(location.location_type),
    address: addressLine(location),
    phones: (phones.get(location.id) ?? []).map((p) => ({ label: formatPhone(p), href: telHref(p) })),
    hours: locationHours(tenant, location, now),
    directionsUrl: directionsUrl(location),
    detailHref: locationHref(location),
    contactHref: `/contact-us/${location.slug}`,
    rating: summaries.get(location.id) ?? null,
  }));
}

/**
 * The visible location a detail address names: its slug, or its name as a slug (spec 001 section 2:
 * '/contact-us/{location-name-slug}').
 */
export function findLocation(tenant: TenantConfig, slug: string | undefined): DealerLocation | null {
  if (!slug || !/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  const visible = tenant.locations.filter((l) => l.visible);
  return visible.find((l) => l.slug === slug) ?? visible.find((l) => locationNameSlug(l.name) === slug) ?? null;
}

/** schema.org AutoDealer for a location, with its opening hours (and special dates) and its rating. */
export function autoDealerJsonLd(
  location: DealerLocation,
  origin: string,
  today: string,
  rating: ReviewSummary | null,
): Record<string, unknown> {
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: location.name,
    url: `${origin}${locationHref(location)}`,
    telephone: location.contact_detail.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: location.address.street,
      addressLocality: location.address.city,
      addressRegion: location.address.state,
      postalCode: location.address.postcode,
      addressCountry: "AU",
    },
    geo: { "@type": "GeoCoordinates", latitude: location.address.lat, longitude: location.address.long },
    openingHoursSpecification: openingHoursSpecification(location.contact_detail.opening_hours, location.special_hours, today),
  };
  if (location.image) jsonLd.image = location.image;
  if (rating)
    jsonLd.aggregateRating = { "@type": "AggregateRating", ratingValue: rating.average_rating, reviewCount: rating.count, bestRating: 5 };
  return jsonLd;
}

/**
 * The Sales/Service tabs variant (features.locationCardTabs): each sales card takes the service
 * department at its address onto a Service tab, and that department's own card goes.
 */
export function withServiceTabs(
  tenant: TenantConfig,
  locations: readonly DealerLocation[],
  cards: LocationCardView[],
  now: Date,
): LocationCardView[] {
  const folded = new Set<string>();
  const byId = new Map(locations.map((l) => [l.id, l]));
  const result = cards.map((card) => {
    const location = byId.get(card.id);
    if (!location || location.location_type !== "sales") return card;
    const service = departmentsAtAddress(tenant.locations, location).find((l) => l.location_type === "service" && byId.has(l.id));
    if (!service) return card;
    folded.add(service.id);
    const serviceCard = cards.find((c) => c.id === service.id);
    return {
      ...card,
      service: {
        name: service.name,
        phones: serviceCard?.phones ?? [],
        hours: locationHours(tenant, service, now),
        detailHref: locationHref(service),
      },
    };
  });
  return result.filter((card) => !folded.has(card.id));
}
