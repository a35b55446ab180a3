/**
 * The lead each lead form becomes (the vehicle page's enquiry, 'Find Me Something Similar' and Request
 * Photos; the finance, test drive, trade-in and reserve pages), with the enquiry form defaults of spec
 * 000 section 3 in its payload. The tenant and the car come from the host and the URL, never from the
 * form; the form's values have already passed its schema (app/components/forms/leadSchemas.ts).
 */
import { toLocalDigits } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import type { LeadInput } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";

export type VehicleLeadForm = "enquiry" | "similar" | "request-photos";
export type EnquiryForm = "finance" | "test-drive" | "trade-in" | "reserve";

/** Fields only the enquiry pages ask for: finance amount and term, test drive time, the shopper's own car. */
export const EXTRA_FIELDS = ["amount", "term", "deposit", "preferred_time", "rego", "state", "make", "model", "year", "km"] as const;
export type ExtraField = (typeof EXTRA_FIELDS)[number];

/** A lead form's values once they passed its schema. */
export type LeadFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
  message: string;
  prefilled: string;
  opt_in: boolean;
} & Partial<Record<ExtraField, string | number | null>>;

/** The enquiry page's own answers (empty for the vehicle page's forms). */
export function extraValues(values: LeadFormValues): Partial<Record<ExtraField, string | number | null>> {
  const extra: Partial<Record<ExtraField, string | number | null>> = {};
  for (const key of EXTRA_FIELDS) if (values[key] !== undefined) extra[key] = values[key];
  return extra;
}

const SUBCATEGORY: Record<VehicleLeadForm, string> = {
  enquiry: "Vehicle Enquiry",
  similar: "Find Me Something Similar",
  "request-photos": "Request Photos",
};

/** The lead category each enquiry page files under, as the dealer's CRM knows them. */
export const ENQUIRY_CATEGORY: Record<EnquiryForm, string> = {
  finance: "Finance Enquiry",
  "test-drive": "Test Drive",
  "trade-in": "Trade-In",
  reserve: "Reserve",
};

const money = (n: number) => `$${n.toLocaleString("en-AU")}`;

/** The enquiry page's own answers, written out for the salesperson who reads the lead. */
function extraLines(form: EnquiryForm, values: LeadFormValues): string[] {
  const e = values;
  switch (form) {
    case "finance":
      return [
        `Amount to borrow: ${money(Number(e.amount))}`,
        `Loan term: ${e.term} years`,
        ...(e.deposit != null ? [`Deposit: ${money(Number(e.deposit))}`] : []),
      ];
    case "test-drive":
      return e.preferred_time ? [`Preferred test drive time: ${String(e.preferred_time).replace("T", " ")}`] : [];
    case "trade-in":
      return [
        `Trade-in car: ${e.year} ${e.make} ${e.model}`,
        `Rego: ${e.rego} (${e.state})`,
        `Odometer: ${Number(e.km).toLocaleString("en-AU")} km`,
      ];
    case "reserve":
      return [];
  }
}

/** The shopper's contact details as a lead stores them (mobile as local digits). */
function contactFields(values: LeadFormValues) {
  return {
    name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: toLocalDigits(values.phone),
    postcode: values.postcode,
  };
}

/** The enquiry form defaults of spec 000 section 3 that describe the car. */
function carDefaults(v: Vehicle) {
  return {
    manufacturer_slug: v.make.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    stock_number: v.stocknum,
    "Vehicle Make": v.make,
    "Vehicle Model": v.model,
    car_type: v.car_type,
    car_id: v.id,
    vehicle_status: v.status,
  };
}

/**
 * The stored lead from an enquiry page. The car is optional (finance, test drive and trade-in pages
 * work without one) and, like the tenant, comes from the URL, never from the form.
 */
export function enquiryLeadFor(
  form: EnquiryForm,
  tenant: Pick<TenantConfig, "slug">,
  v: Vehicle | null,
  values: LeadFormValues,
  sourcePath: string,
  details: string[] = [],
): LeadInput {
  const message = [...details, ...extraLines(form, values), values.message].filter(Boolean).join("\n");
  return {
    category: ENQUIRY_CATEGORY[form],
    subcategory: ENQUIRY_CATEGORY[form],
    car_id: v?.id ?? null,
    ...contactFields(values),
    message,
    source_path: sourcePath,
    payload: {
      dealership_slug: v?.dealership_slug ?? tenant.slug,
      ...(v ? carDefaults(v) : {}),
      ...extraValues(values),
      opt_in: values.opt_in,
      subcategory: ENQUIRY_CATEGORY[form],
    },
  };
}

/** The stored lead, with the enquiry form defaults of spec 000 section 3 in its payload. */
export function leadFor(form: VehicleLeadForm, v: Vehicle, values: LeadFormValues, sourcePath: string): LeadInput {
  const message = [values.prefilled, values.message].filter(Boolean).join("\n\n");
  return {
    category: v.car_type === "used" ? "Used Vehicle Enquiry" : v.car_type === "demo" ? "Demo Vehicle Enquiry" : "New Vehicle Enquiry",
    subcategory: SUBCATEGORY[form],
    car_id: v.id,
    ...contactFields(values),
    message,
    source_path: sourcePath,
    payload: {
      dealership_slug: v.dealership_slug,
      ...carDefaults(v),
      opt_in: values.opt_in,
      subcategory: SUBCATEGORY[form],
    },
  };
}
