/**
 * What kind of lead a stored lead is, in the dealer's words, and which department's desk it belongs to
 * (docs/leads.md, "Routing"). Read from the category and subcategory every lead form files under (spec
 * 000 sections 3 and 5), so leads stored before this existed are read the same way. Pure.
 */
import type { LeadDepartment } from "../tenants/schema";

export const LEAD_KINDS = [
  "vehicle-enquiry",
  "similar",
  "request-photos",
  "general",
  "careers",
  "service",
  "parts",
  "finance",
  "test-drive",
  "trade-in",
  "reserve",
  "order",
  "online-payment",
  "phone-reveal",
  "spin-to-win",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The department each kind belongs to; null for a lead of no department (the desk's `all` takes it). */
export const KIND_DEPARTMENT: Record<LeadKind, LeadDepartment | null> = {
  "vehicle-enquiry": "sales",
  similar: "sales",
  "request-photos": "sales",
  general: null,
  careers: null,
  service: "service",
  parts: "parts",
  finance: "finance",
  "test-drive": "sales",
  // The used-car manager values trade-ins: they belong to sales.
  "trade-in": "sales",
  reserve: "sales",
  order: "sales",
  // A payment against a reference is the business office's (the finance desk).
  "online-payment": "finance",
  "phone-reveal": "sales",
  "spin-to-win": "sales",
};

export interface LeadKindInfo {
  kind: LeadKind;
  /** What the dealer calls it, e.g. "Used Vehicle Enquiry", "Service Booking", "Trade-In". */
  label: string;
  department: LeadDepartment | null;
}

type LeadText = { category: string; subcategory: string; payload: Record<string, unknown> };

function kindOf({ category, subcategory }: LeadText): LeadKind {
  if (/^(New|Used|Demo) Vehicle Enquiry$/.test(category)) {
    if (subcategory === "Find Me Something Similar") return "similar";
    if (subcategory === "Request Photos") return "request-photos";
    return "vehicle-enquiry";
  }
  switch (category) {
    case "Test Drive":
      return "test-drive";
    case "Trade-In":
      return "trade-in";
    case "Reserve":
      return "reserve";
    case "Online Purchase":
      return "order";
    case "Online Payment":
      return "online-payment";
    case "Phone Reveal":
      return "phone-reveal";
    case "Spin to Win":
      return "spin-to-win";
    case "Finance Enquiry":
      return "finance";
    case "Service Enquiry":
      return "service";
    case "Parts Enquiry":
      return "parts";
    case "General Enquiry":
      if (subcategory === "Career Enquiry") return "careers";
      if (subcategory === "Service Booking") return "service";
      if (subcategory === "Parts Enquiry") return "parts";
      return "general";
  }
  return "general";
}

const LABEL: Record<LeadKind, string> = {
  // A car enquiry is named by its category: "New Vehicle Enquiry", "Used Vehicle Enquiry", "Demo Vehicle Enquiry".
  "vehicle-enquiry": "Vehicle Enquiry",
  similar: "Find Me Something Similar",
  "request-photos": "Request Photos",
  general: "General Enquiry",
  careers: "Careers Enquiry",
  service: "Service Enquiry",
  parts: "Parts Enquiry",
  finance: "Finance Enquiry",
  "test-drive": "Test Drive",
  "trade-in": "Trade-In",
  reserve: "Reserve",
  order: "Online Purchase",
  "online-payment": "Online Payment",
  "phone-reveal": "Phone Reveal",
  "spin-to-win": "Spin to Win",
};

/** The department the shopper picked in a department select ("Sales", "Service", "Parts"), if any. */
function chosenDepartment(payload: Record<string, unknown>): LeadDepartment | null {
  const chosen = typeof payload.department === "string" ? payload.department.trim().toLowerCase() : "";
  return chosen === "sales" || chosen === "service" || chosen === "parts" || chosen === "finance" ? chosen : null;
}

/** The lead's kind, its label and its department (the shopper's own choice of department first). */
export function leadKind(lead: LeadText): LeadKindInfo {
  const kind = kindOf(lead);
  const label =
    kind === "vehicle-enquiry"
      ? lead.category
      : kind === "service" && lead.subcategory === "Service Booking"
        ? "Service Booking"
        : LABEL[kind];
  return { kind, label, department: chosenDepartment(lead.payload) ?? KIND_DEPARTMENT[kind] };
}

export const DEPARTMENT_LABEL: Record<LeadDepartment, string> = { sales: "Sales", service: "Service", parts: "Parts", finance: "Finance" };
