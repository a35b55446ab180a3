/**
 * Which desk a lead goes to (docs/leads.md, "Routing"): the lead's kind gives its department (sales,
 * service, parts, finance, or none); the dealership is the one the shopper chose or the car belongs to;
 * the location is the one the shopper chose, else that dealership's location of the department (the
 * car's own yard for a sales lead). Each e-mail format's recipients come from the most specific desk that
 * names any of that format: the location's, then the dealership's, then the dealer's (`departments`,
 * then `to`); within a desk, the department's list before `all`. With nobody configured for either
 * format, people still get the lead: the staff e-mail goes to the location's public e-mail (when
 * `useLocationEmail`), else the dealer's contact e-mail. Pure.
 */
import type { Vehicle } from "~/domain/vehicle";
import type { StoredLead } from "../db/leads";
import type { DealerLocation, LeadDepartment, LeadDesk, LeadEmailFormat, LeadRecipient, TenantConfig } from "../tenants/schema";
import { leadKind, type LeadKindInfo } from "./kinds";

export interface RoutedDealership {
  id: string;
  slug: string;
  name: string;
}

export interface LeadRoute extends LeadKindInfo {
  /** The dealership the lead is for; null when the dealer has several and nothing names one. */
  dealership: RoutedDealership | null;
  /** The location whose desk and contact details the lead gets; null with no dealership. */
  location: DealerLocation | null;
  /** Addresses per e-mail format, each once, in the order configured. */
  recipients: Record<LeadEmailFormat, string[]>;
}

type RoutedLead = Pick<StoredLead, "category" | "subcategory" | "payload">;
type RoutedCar = Pick<Vehicle, "dealership_slug" | "dealership_id" | "location_id">;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");

/** A location the lead names itself (a test drive's yard, the shopper's choice in a location select). */
function namedLocation(tenant: TenantConfig, payload: Record<string, unknown>): DealerLocation | null {
  const slug = text(payload.location_slug);
  const id = text(payload.location_id);
  return tenant.locations.find((l) => (slug && l.slug === slug) || (id && l.id === id)) ?? null;
}

function dealershipOf(tenant: TenantConfig, lead: RoutedLead, car: RoutedCar | null, location: DealerLocation | null) {
  const p = lead.payload;
  const wanted = [
    { slug: text(p.preferredDealership), id: "" },
    { slug: location?.dealership_slug ?? "", id: location?.dealership_id ?? "" },
    { slug: text(p.dealership_slug), id: text(p.dealership_id) },
    { slug: car?.dealership_slug ?? "", id: car?.dealership_id ?? "" },
  ];
  for (const { slug, id } of wanted) {
    const found = tenant.dealerships.find((d) => (slug && d.slug === slug) || (id && d.id === id));
    if (found) return found;
  }
  return tenant.dealerships.length === 1 ? tenant.dealerships[0] : null;
}

/** The dealership's location for this department: its own type first (a sales lead: the car's yard), visible and primary first. */
function deskLocation(
  tenant: TenantConfig,
  dealership: RoutedDealership,
  department: LeadDepartment | null,
  car: RoutedCar | null,
): DealerLocation | null {
  const own = tenant.locations.filter((l) => l.dealership_id === dealership.id || l.dealership_slug === dealership.slug);
  const type = department === "service" || department === "parts" ? department : "sales";
  const rank = (l: DealerLocation) =>
    ((l.location_type || "sales") === type ? 0 : 4) +
    (type === "sales" && car?.location_id && l.id === car.location_id ? -1 : 0) +
    (l.visible ? 0 : 2) -
    (l.primary ? 0.5 : 0);
  return [...own].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The recipients of one format a desk names for a department: the department's list, else `all`. */
function deskRecipients(desk: LeadDesk | undefined, department: LeadDepartment | null, format: LeadEmailFormat): LeadRecipient[] {
  if (!desk) return [];
  const ofFormat = (list: LeadRecipient[] | undefined) => (list ?? []).filter((r) => r.format === format);
  const own = department ? ofFormat(desk[department]) : [];
  return own.length ? own : ofFormat(desk.all);
}

const unique = (addresses: string[]) => addresses.filter((a, i) => addresses.indexOf(a) === i);

/** The lead's kind, department, dealership, location and e-mail recipients (see the top of this file). */
export function routeLead(tenant: TenantConfig, lead: RoutedLead, car: RoutedCar | null = null): LeadRoute {
  const kind = leadKind(lead);
  const named = namedLocation(tenant, lead.payload);
  const dealership = dealershipOf(tenant, lead, car, named);
  const location = named ?? (dealership ? deskLocation(tenant, dealership, kind.department, car) : null);
  const config = tenant.leadDelivery.email;
  const desks: LeadDesk[] = [
    ...(location ? [config.locations[location.slug]] : []),
    ...(dealership ? [config.dealerships[dealership.slug]] : []),
    { all: config.to, ...config.departments },
  ].filter((d): d is LeadDesk => d !== undefined);
  const recipients = { crm: [] as string[], staff: [] as string[] };
  for (const format of ["crm", "staff"] as const) {
    for (const desk of desks) {
      const found = deskRecipients(desk, kind.department, format);
      if (found.length) {
        recipients[format] = unique(found.map((r) => r.address));
        break;
      }
    }
  }
  if (!recipients.crm.length && !recipients.staff.length) {
    const locationEmail = config.useLocationEmail ? location?.contact_detail.email : undefined;
    recipients.staff = [locationEmail ?? tenant.contact.email];
  }
  return {
    ...kind,
    dealership: dealership ? { id: dealership.id, slug: dealership.slug, name: dealership.name } : null,
    location,
    recipients,
  };
}

/** The name the lead's dealership goes by in e-mails and the ADF <vendor>: the dealership's, else the dealer's. */
export function routedDealerName(tenant: TenantConfig, route: Pick<LeadRoute, "dealership">): string {
  return route.dealership?.name ?? tenant.name;
}
