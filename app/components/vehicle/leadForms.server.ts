/**
 * Server side of the vehicle page's lead forms: zod schemas (every field checked at the edge) and the
 * lead each form becomes. The tenant and the car come from the host and the URL, never from the form.
 */
import { z } from "zod";
import { isAustralianMobile, toLocalDigits } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import type { LeadInput } from "@server/db/leads";
import type { TenantConfig } from "@server/tenants/schema";
import {
  AU_STATES,
  EXTRA_FIELDS,
  HONEYPOT_FIELD,
  type AnyLeadFormName,
  type EnquiryFormName,
  type ExtraField,
  type LeadField,
  type LeadFormName,
  type LeadFormProblem,
} from "./leadForms";

const trimmed = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);

const phone = z
  .string()
  .trim()
  .min(1, "Please enter your phone number.")
  .max(20, "Please enter a valid phone number.")
  .refine(
    (p) => /^[0-9+()\s-]+$/.test(p) && (isAustralianMobile(p) || /^(0\d{9}|1[38]00\d{6}|13\d{4})$/.test(toLocalDigits(p))),
    "Please enter a valid Australian phone number.",
  );

const contact = {
  first_name: trimmed(60).min(1, "Please enter your first name."),
  last_name: trimmed(60).optional().default(""),
  email: z.string().trim().min(1, "Please enter your email address.").max(120).email("Please enter a valid email address."),
  phone,
  postcode: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((p) => p === "" || /^\d{4}$/.test(p), "Invalid postcode. Please enter a 4-digit number."),
};

const optIn = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** A whole number typed by a person: "$30,000" and "30 000" are read as 30000. */
const wholeNumber = (missing: string, min: number, max: number, range: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .transform((s) => s.replace(/[$,\s]/g, ""))
    .refine((s) => /^\d{1,9}(\.\d{1,2})?$/.test(s), range)
    .transform((s) => Math.round(Number(s)))
    .refine((n) => n >= min && n <= max, range);

const optionalWholeNumber = (min: number, max: number, range: string) =>
  z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((s) => s.replace(/[$,\s]/g, ""))
    .refine((s) => s === "" || (/^\d{1,9}(\.\d{1,2})?$/.test(s) && Number(s) >= min && Number(s) <= max), range)
    .transform((s) => (s === "" ? null : Math.round(Number(s))));

/** The test drive time as the browser's datetime-local sends it: "2026-11-21T10:30". */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2})?$/;

/**
 * Fields each enquiry page adds to the contact details. `now` decides which dates and years are
 * believable; it is a parameter so the rules can be tested on any day.
 */
export function extraSchema(form: EnquiryFormName, now: Date) {
  switch (form) {
    case "finance":
      return z.object({
        amount: wholeNumber(
          "Please enter the amount you'd like to borrow.",
          1000,
          1_000_000,
          "Please enter an amount between $1,000 and $1,000,000.",
        ),
        term: z
          .enum(["1", "2", "3", "4", "5", "6", "7"], { errorMap: () => ({ message: "Please choose a loan term of 1 to 7 years." }) })
          .transform(Number),
        deposit: optionalWholeNumber(0, 1_000_000, "Please enter a deposit between $0 and $1,000,000, or leave it empty."),
      });
    case "test-drive":
      return z.object({
        preferred_time: z
          .string()
          .trim()
          .optional()
          .default("")
          .refine(
            (s) => s === "" || (DATE_TIME.test(s) && !Number.isNaN(Date.parse(s))),
            "Please choose a date and time, or leave it empty.",
          )
          // The browser sends local time without a zone: allow a day either side of 'now' for that.
          .refine((s) => s === "" || Date.parse(s) > now.getTime() - 86_400_000, "Please choose a time in the future.")
          .refine((s) => s === "" || Date.parse(s) < now.getTime() + 366 * 86_400_000, "Please choose a time within the next year."),
      });
    case "trade-in":
      return z.object({
        rego: z
          .string()
          .trim()
          .min(1, "Please enter your car's registration.")
          .transform((s) => s.toUpperCase().replace(/\s+/g, " "))
          .refine(
            (s) => /^[A-Z0-9 -]{1,10}$/.test(s) && s.replace(/[ -]/g, "").length >= 1 && s.replace(/[ -]/g, "").length <= 9,
            "Please enter a registration of up to 9 letters and numbers.",
          ),
        state: z.enum(AU_STATES, { errorMap: () => ({ message: "Please choose the state your car is registered in." }) }),
        make: trimmed(40).min(1, "Please enter your car's make."),
        model: trimmed(60).min(1, "Please enter your car's model."),
        year: wholeNumber(
          "Please enter your car's year.",
          1950,
          now.getFullYear() + 1,
          `Please enter a year between 1950 and ${now.getFullYear() + 1}.`,
        ),
        km: wholeNumber(
          "Please enter your car's odometer reading.",
          0,
          1_500_000,
          "Please enter the kilometres as a number up to 1,500,000.",
        ),
      });
    case "reserve":
      return z.object({});
  }
}

export function leadSchema(form: LeadFormName, tenant: TenantConfig) {
  const message =
    form === "enquiry" && tenant.features.enquiryMessageRequired
      ? trimmed(2000).min(1, "Please enter your comments.")
      : trimmed(2000).optional().default("");
  return z.object({
    ...contact,
    message,
    // Request Photos and 'something similar' carry a prefilled message the shopper does not type.
    prefilled: trimmed(300).optional().default(""),
    opt_in: optIn,
  });
}

export type LeadFormValues = z.infer<ReturnType<typeof leadSchema>> & {
  /** The enquiry page's own fields, already checked (empty for the vehicle page's forms). */
  extra: Partial<Record<ExtraField, string | number | null>>;
};

const isEnquiryForm = (form: AnyLeadFormName): form is EnquiryFormName =>
  form === "finance" || form === "test-drive" || form === "trade-in" || form === "reserve";

const FIELDS: LeadField[] = ["first_name", "last_name", "email", "phone", "postcode", "message", "opt_in"];

export type LeadParse = { ok: true; values: LeadFormValues } | { ok: false; problem: LeadFormProblem } | { ok: "bot" };

export function parseLeadForm(form: AnyLeadFormName, tenant: TenantConfig, data: FormData, now = new Date()): LeadParse {
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return { ok: "bot" };
  const raw: Record<string, string> = {};
  for (const key of [...FIELDS, ...EXTRA_FIELDS, "prefilled"]) {
    const value = data.get(key);
    if (typeof value === "string") raw[key] = value;
  }
  // The enquiry pages' message is always optional (spec: test drive message optional); only the
  // vehicle page's enquiry follows the dealer's 'message required' setting.
  const contactSchema = leadSchema(isEnquiryForm(form) ? "similar" : form, tenant);
  const contactParsed = contactSchema.safeParse(raw);
  const extraParsed = isEnquiryForm(form) ? extraSchema(form, now).safeParse(raw) : ({ success: true, data: {} } as const);
  if (contactParsed.success && extraParsed.success) {
    const values: LeadFormValues = { ...contactParsed.data, extra: extraParsed.data as LeadFormValues["extra"] };
    // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
    return { ok: true, values: tenant.features.enquiryOptInShown ? values : { ...values, opt_in: true } };
  }
  const errors: LeadFormProblem["errors"] = {};
  const issues = [...(contactParsed.success ? [] : contactParsed.error.issues), ...(extraParsed.success ? [] : extraParsed.error.issues)];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form") as LeadField | ExtraField | "form";
    errors[field] ??= issue.message;
  }
  const values: LeadFormProblem["values"] = {};
  for (const field of [...FIELDS, ...EXTRA_FIELDS]) if (raw[field] !== undefined) values[field] = raw[field].slice(0, 2000);
  return { ok: false, problem: { form, errors, values } };
}

const SUBCATEGORY: Record<LeadFormName, string> = {
  enquiry: "Vehicle Enquiry",
  similar: "Find Me Something Similar",
  "request-photos": "Request Photos",
};

/** The lead category each enquiry page files under, as the dealer's CRM knows them. */
export const ENQUIRY_CATEGORY: Record<EnquiryFormName, string> = {
  finance: "Finance Enquiry",
  "test-drive": "Test Drive",
  "trade-in": "Trade-In",
  reserve: "Reserve",
};

const money = (n: number) => `$${n.toLocaleString("en-AU")}`;

/** The enquiry page's own answers, written out for the salesperson who reads the lead. */
function extraLines(form: EnquiryFormName, extra: LeadFormValues["extra"]): string[] {
  const e = extra;
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
  form: EnquiryFormName,
  tenant: Pick<TenantConfig, "slug">,
  v: Vehicle | null,
  values: LeadFormValues,
  sourcePath: string,
  details: string[] = [],
): LeadInput {
  const message = [...details, ...extraLines(form, values.extra), values.message].filter(Boolean).join("\n");
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
      ...values.extra,
      opt_in: values.opt_in,
      subcategory: ENQUIRY_CATEGORY[form],
    },
  };
}

/** The stored lead, with the enquiry form defaults of spec 000 section 3 in its payload. */
export function leadFor(form: LeadFormName, v: Vehicle, values: LeadFormValues, sourcePath: string): LeadInput {
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
