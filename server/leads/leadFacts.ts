/**
 * What a lead says beyond the shopper's contact and message, in the dealer's words, a labelled line
 * each: its kind and form, the desk it was routed to, the postcode, the services ticked, marketing
 * consent, the pages of the visit and the link's query (spec 001 section 3), and the references of its
 * own records (order, reservation, valuation, payment, test drive booking). The ADF's <comments> and
 * <id>s and the staff e-mail are written from these, so both say the same. Pure.
 */
import type { StoredLead } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";
import { DEPARTMENT_LABEL } from "./kinds";
import { routedDealerName, type LeadRoute } from "./routing";

export type Payload = Record<string, unknown>;

export const payloadText = (p: Payload, key: string): string => {
  const value = p[key];
  return typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
};
export const payloadNumber = (p: Payload, key: string): number | null => {
  const value = typeof p[key] === "string" && p[key] !== "" ? Number(p[key]) : p[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};
export const payloadObject = (p: Payload, key: string): Payload | null => {
  const value = p[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Payload) : null;
};

export interface LeadFact {
  label: string;
  value: string;
}

/** The pages of the visit and the link's query, as the salesperson reads them. */
function visitFacts(p: Payload): LeadFact[] {
  const attributes = payloadObject(p, "lead_attributes");
  if (!attributes) return [];
  const pages = Array.isArray(attributes.visited_pages) ? attributes.visited_pages.filter((v): v is string => typeof v === "string") : [];
  const linked = payloadObject(attributes, "linked_query_params") ?? {};
  const query = Object.entries(linked)
    .filter(([, v]) => typeof v === "string")
    .map(([k, v]) => `${k}=${String(v)}`);
  return [
    ...(pages.length ? [{ label: "Pages visited", value: pages.join(", ") }] : []),
    ...(query.length ? [{ label: "Link parameters", value: query.join("&") }] : []),
  ];
}

/** The desk the lead went to: "Service at Summit Hyundai Service Centre". */
export function deskText(tenant: TenantConfig, route: LeadRoute): string {
  const where = route.location?.name ?? routedDealerName(tenant, route);
  return `${route.department ? DEPARTMENT_LABEL[route.department] : "General"} at ${where}`;
}

/** The lead's facts, in the order a salesperson reads them. */
export function leadFacts(lead: StoredLead, route: LeadRoute, tenant: TenantConfig): LeadFact[] {
  const p = lead.payload;
  const form = [lead.category, lead.subcategory].filter((v, i, all) => v && all.indexOf(v) === i).join(" / ");
  const services = Array.isArray(p.additional_services) ? p.additional_services.filter((s): s is string => typeof s === "string") : [];
  const facts: LeadFact[] = [
    { label: "Lead kind", value: `${route.label} (${form})` },
    { label: "Department", value: deskText(tenant, route) },
  ];
  if (lead.postcode) facts.push({ label: "Postcode", value: lead.postcode });
  if (services.length && !lead.message.includes("Additional services:"))
    facts.push({ label: "Additional services", value: services.join(", ") });
  if (typeof p.opt_in === "boolean")
    facts.push({ label: "Marketing", value: `the customer ${p.opt_in ? "agreed" : "did not agree"} to receive marketing` });
  return [...facts, ...visitFacts(p)];
}

/** The references a lead's own records carry (the ADF's further prospect <id>s). */
export function leadReferences(lead: Pick<StoredLead, "payload">): LeadFact[] {
  const p = lead.payload;
  const refs: LeadFact[] = [
    { label: "Online order reference", value: payloadText(p, "order_reference") },
    { label: "Online order", value: payloadText(p, "order_id") },
    { label: "Reservation", value: payloadText(p, "reservation_id") },
    { label: "Trade-in valuation", value: payloadText(p, "valuation_id") },
    { label: "Payment reference", value: payloadText(p, "reference") },
    { label: "Test drive booking", value: payloadText(p, "test_drive_booking_id") },
  ];
  return refs.filter((r) => r.value !== "");
}
