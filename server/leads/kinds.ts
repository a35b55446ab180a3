/**
 * What kind of lead a stored lead is, in the dealer's words, and which department's desk it belongs to
 * (docs/leads.md, "Routing"). Read from the category and subcategory every lead form files under (spec
 * 000 sections 3 and 5), so leads stored before this existed are read the same way. Pure.
 */
import type { LeadDepartment } from "../tenants/schema";

/**
 * Every kind of lead, in one table: what the dealer calls it, its department (null: the desk's `all`
 * takes it) and the form categories (spec 000 sections 3 and 5) it is filed under. A new lead form is
 * one row here when it is a new kind (docs/architecture.md, "Where a new thing goes").
 */
const KIND_TABLE = [
  // A car enquiry is named by its category: "New Vehicle Enquiry", "Used Vehicle Enquiry", "Demo Vehicle Enquiry".
  { kind: "vehicle-enquiry", label: "Vehicle Enquiry", department: "sales", filed: [] },
  { kind: "similar", label: "Find Me Something Similar", department: "sales", filed: [] },
  { kind: "request-photos", label: "Request Photos", department: "sales", filed: [] },
  { kind: "general", label: "General Enquiry", department: null, filed: [["General Enquiry"]] },
  { kind: "careers", label: "Careers Enquiry", department: null, filed: [["General Enquiry", "Career Enquiry"]] },
  {
    kind: "service",
    label: "Service Enquiry",
    department: "service",
    filed: [["Service Enquiry"], ["General Enquiry", "Service Booking"]],
  },
  { kind: "parts", label: "Parts Enquiry", department: "parts", filed: [["Parts Enquiry"], ["General Enquiry", "Parts Enquiry"]] },
  { kind: "finance", label: "Finance Enquiry", department: "finance", filed: [["Finance Enquiry"]] },
  { kind: "test-drive", label: "Test Drive", department: "sales", filed: [["Test Drive"]] },
  // The used-car manager values trade-ins: they belong to sales.
  { kind: "trade-in", label: "Trade-In", department: "sales", filed: [["Trade-In"]] },
  { kind: "reserve", label: "Reserve", department: "sales", filed: [["Reserve"]] },
  { kind: "order", label: "Online Purchase", department: "sales", filed: [["Online Purchase"]] },
  // A payment against a reference is the business office's (the finance desk).
  { kind: "online-payment", label: "Online Payment", department: "finance", filed: [["Online Payment"]] },
  { kind: "phone-reveal", label: "Phone Reveal", department: "sales", filed: [["Phone Reveal"]] },
  { kind: "spin-to-win", label: "Spin to Win", department: "sales", filed: [["Spin to Win"]] },
  // A shopper saved a search for alerts (issue 27): a soft lead, sent only when the dealer asks for it.
  { kind: "saved-search", label: "Saved Search", department: "sales", filed: [["Saved Search"]] },
] as const satisfies readonly {
  kind: string;
  label: string;
  department: LeadDepartment | null;
  /** [category] or [category, subcategory] pairs filed under this kind. */
  filed: readonly (readonly [string] | readonly [string, string])[];
}[];

export type LeadKind = (typeof KIND_TABLE)[number]["kind"];
export const LEAD_KINDS: readonly LeadKind[] = KIND_TABLE.map((row) => row.kind);

/** The department each kind belongs to; null for a lead of no department (the desk's `all` takes it). */
export const KIND_DEPARTMENT = Object.fromEntries(KIND_TABLE.map((row) => [row.kind, row.department])) as Record<
  LeadKind,
  LeadDepartment | null
>;
const LABEL = Object.fromEntries(KIND_TABLE.map((row) => [row.kind, row.label])) as Record<LeadKind, string>;

/** "category" and "category/subcategory" to kind. */
const FILED = new Map<string, LeadKind>(
  KIND_TABLE.flatMap((row) => row.filed.map((pair): [string, LeadKind] => [pair.join("/"), row.kind])),
);

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
  return FILED.get(`${category}/${subcategory}`) ?? FILED.get(category) ?? "general";
}

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
