/**
 * Server side of the vehicle page's lead forms: zod schemas (every field checked at the edge) and the
 * lead each form becomes. The tenant and the car come from the host and the URL, never from the form.
 */
import { z } from "zod";
import { isAustralianMobile, toLocalDigits } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import type { LeadInput } from "@server/db/leads";
import type { TenantConfig } from "@server/tenants/schema";
import { HONEYPOT_FIELD, type LeadField, type LeadFormName, type LeadFormProblem } from "./leadForms";

const trimmed = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);

const phone = z
  .string()
  .trim()
  .min(1, "Please enter your phone number.")
  .max(20, "Please enter a valid phone number.")
  .refine((p) => /^[0-9+()\s-]+$/.test(p) && (isAustralianMobile(p) || /^(0\d{9}|1[38]00\d{6}|13\d{4})$/.test(toLocalDigits(p))), "Please enter a valid Australian phone number.");

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

export type LeadFormValues = z.infer<ReturnType<typeof leadSchema>>;

const FIELDS: LeadField[] = ["first_name", "last_name", "email", "phone", "postcode", "message", "opt_in"];

export type LeadParse =
  | { ok: true; values: LeadFormValues }
  | { ok: false; problem: LeadFormProblem }
  | { ok: "bot" };

export function parseLeadForm(form: LeadFormName, tenant: TenantConfig, data: FormData): LeadParse {
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return { ok: "bot" };
  const raw: Record<string, string> = {};
  for (const key of [...FIELDS, "prefilled"]) {
    const value = data.get(key);
    if (typeof value === "string") raw[key] = value;
  }
  const parsed = leadSchema(form, tenant).safeParse(raw);
  // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
  if (parsed.success) return { ok: true, values: tenant.features.enquiryOptInShown ? parsed.data : { ...parsed.data, opt_in: true } };
  const errors: LeadFormProblem["errors"] = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form") as LeadField | "form";
    errors[field] ??= issue.message;
  }
  const values: LeadFormProblem["values"] = {};
  for (const field of FIELDS) if (raw[field] !== undefined) values[field] = raw[field].slice(0, 2000);
  return { ok: false, problem: { form, errors, values } };
}

const SUBCATEGORY: Record<LeadFormName, string> = {
  enquiry: "Vehicle Enquiry",
  similar: "Find Me Something Similar",
  "request-photos": "Request Photos",
};

/** The stored lead, with the enquiry form defaults of spec 000 section 3 in its payload. */
export function leadFor(form: LeadFormName, v: Vehicle, values: LeadFormValues, sourcePath: string): LeadInput {
  const message = [values.prefilled, values.message].filter(Boolean).join("\n\n");
  return {
    category: v.car_type === "used" ? "Used Vehicle Enquiry" : v.car_type === "demo" ? "Demo Vehicle Enquiry" : "New Vehicle Enquiry",
    subcategory: SUBCATEGORY[form],
    car_id: v.id,
    name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: toLocalDigits(values.phone),
    postcode: values.postcode,
    message,
    source_path: sourcePath,
    payload: {
      dealership_slug: v.dealership_slug,
      manufacturer_slug: v.make.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      stock_number: v.stocknum,
      "Vehicle Make": v.make,
      "Vehicle Model": v.model,
      car_type: v.car_type,
      car_id: v.id,
      vehicle_status: v.status,
      opt_in: values.opt_in,
      subcategory: SUBCATEGORY[form],
    },
  };
}
