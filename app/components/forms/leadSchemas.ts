/**
 * One zod schema per lead form, judged the same way in the browser (before sending) and in the action
 * (always): the contact details every form asks for, plus each enquiry page's own fields. Messages are
 * the shopper-facing ones the pages show beside each field.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import {
  DEALERSHIP_REQUIRED,
  DEFAULT_ENQUIRY_CATEGORY,
  ENQUIRY_CATEGORIES,
  type EnquiryCategory,
  type EnquiryFormRules,
  type EnquiryOption,
} from "~/domain/enquiryRules";
import { isAustralianMobile, toLocalDigits } from "~/domain/phone";
import { AU_STATES, type LeadFormName, type VehicleLeadFormName } from "./leadFormNames";

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

/** The postcode rule's words (spec 001 section 5). */
export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";

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
    .refine((p) => p === "" || /^\d{4}$/.test(p), POSTCODE_MESSAGE),
  // Request Photos and 'something similar' carry a prefilled message the shopper does not type.
  prefilled: trimmed(300).optional().default(""),
  opt_in: z
    .union([z.literal("on"), z.literal("true"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
};

const optionalMessage = trimmed(2000).optional().default("");

/** A whole number typed by a person: "$30,000" and "30 000" are read as 30000. */
const wholeNumber = (missing: string, min: number, max: number, range: string) =>
  z
    .string({ required_error: missing })
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
 * The vehicle page's forms. Only the enquiry follows the dealer's 'message required' setting;
 * Request Photos and 'something similar' never need one.
 */
export function vehicleLeadSchema(form: VehicleLeadFormName, options: { messageRequired: boolean }) {
  const message = form === "enquiry" && options.messageRequired ? trimmed(2000).min(1, "Please enter your comments.") : optionalMessage;
  return z.object({ ...contact, message });
}

export const financeSchema = z.object({
  ...contact,
  message: optionalMessage,
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

/** `now` decides which times are believable; a parameter so the rule can be tested on any day. */
export function testDriveSchema(now: Date) {
  return z.object({
    ...contact,
    message: optionalMessage,
    preferred_time: z
      .string()
      .trim()
      .optional()
      .default("")
      .refine((s) => s === "" || (DATE_TIME.test(s) && !Number.isNaN(Date.parse(s))), "Please choose a date and time, or leave it empty.")
      // The browser sends local time without a zone: allow a day either side of 'now' for that.
      .refine((s) => s === "" || Date.parse(s) > now.getTime() - 86_400_000, "Please choose a time in the future.")
      .refine((s) => s === "" || Date.parse(s) < now.getTime() + 366 * 86_400_000, "Please choose a time within the next year."),
  });
}

/** `now` decides the newest believable year (next year's models are sold from mid-year). */
export function tradeInSchema(now: Date) {
  const newest = now.getFullYear() + 1;
  return z.object({
    ...contact,
    message: optionalMessage,
    rego: z
      .string({ required_error: "Please enter your car's registration." })
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
    year: wholeNumber("Please enter your car's year.", 1950, newest, `Please enter a year between 1950 and ${newest}.`),
    km: wholeNumber("Please enter your car's odometer reading.", 0, 1_500_000, "Please enter the kilometres as a number up to 1,500,000."),
  });
}

export const reserveSchema = z.object({ ...contact, message: optionalMessage });

export type { EnquiryFormRules } from "~/domain/enquiryRules";

export const CATEGORY_REQUIRED = "Please choose what your enquiry is about.";
export const LOCATION_REQUIRED = "Please choose a location.";
export const DEPARTMENT_REQUIRED = "Please choose a department.";
export const REGO_MESSAGE = "Please enter a registration of up to 9 letters and numbers, or leave it empty.";

/** A required choice among the options the page showed. */
const oneOf = (options: readonly EnquiryOption[], message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .refine((v) => options.some((o) => o.value === v), message);

/** The rules' own fields, added to the form's schema. */
function rulesShape(rules: EnquiryFormRules | undefined): z.ZodRawShape {
  const shape: z.ZodRawShape = {};
  if (rules?.categories) {
    shape.category = z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === undefined || v === "" ? DEFAULT_ENQUIRY_CATEGORY : v))
      .refine((v): v is EnquiryCategory => (ENQUIRY_CATEGORIES as readonly string[]).includes(v), CATEGORY_REQUIRED);
  }
  if (rules?.dealership) shape.preferred_dealership = oneOf(rules.dealership.options, DEALERSHIP_REQUIRED);
  if (rules?.location) {
    shape[rules.location.kind] = oneOf(
      rules.location.options,
      rules.location.kind === "location" ? LOCATION_REQUIRED : DEPARTMENT_REQUIRED,
    );
  }
  if (rules?.rego) {
    shape.rego = z
      .string()
      .trim()
      .optional()
      .default("")
      .transform((s) => s.toUpperCase().replace(/\s+/g, " "))
      .refine((s) => s === "" || (/^[A-Z0-9 -]{1,10}$/.test(s) && s.replace(/[ -]/g, "").length <= 9), REGO_MESSAGE);
  }
  return shape;
}

/** The general enquiry (/contact): the contact details, the rules' fields, and a message unless the dealer relaxes it. */
export function contactSchema(options: { messageRequired: boolean }) {
  const message = options.messageRequired ? trimmed(2000).min(1, "Please enter your comments.") : optionalMessage;
  return z.object({ ...contact, message });
}

export interface LeadSchemaOptions {
  /** The dealer's 'message required' setting (the vehicle page's enquiry and the general enquiry). */
  messageRequired: boolean;
  now: Date;
  /** The dealer's enquiry form rules, where the page shows them. */
  rules?: EnquiryFormRules;
  /** The postcode is required (the finance form where features.postcodeOnFinanceForm). */
  postcodeRequired?: boolean;
}

function baseSchema(form: LeadFormName, options: LeadSchemaOptions) {
  switch (form) {
    case "finance":
      return financeSchema;
    case "test-drive":
      return testDriveSchema(options.now);
    case "trade-in":
      return tradeInSchema(options.now);
    case "reserve":
      return reserveSchema;
    case "contact":
      return contactSchema(options);
    default:
      return vehicleLeadSchema(form, options);
  }
}

/** The schema of any lead form, with the dealer's enquiry rules and postcode rule on top. */
export function leadFormSchema(form: LeadFormName, options: LeadSchemaOptions) {
  const schema = baseSchema(form, options) as z.AnyZodObject;
  const extra = rulesShape(options.rules);
  if (options.postcodeRequired) {
    extra.postcode = z
      .string({ required_error: POSTCODE_MESSAGE })
      .trim()
      .regex(/^\d{4}$/, POSTCODE_MESSAGE);
  }
  return schema.extend(extra);
}

/** Every value a lead form can hand its action once it passed. */
export type LeadFormValues = z.infer<ReturnType<typeof vehicleLeadSchema>> &
  Partial<z.infer<typeof financeSchema>> &
  Partial<z.infer<ReturnType<typeof testDriveSchema>>> &
  Partial<z.infer<ReturnType<typeof tradeInSchema>>> & {
    category?: EnquiryCategory;
    preferred_dealership?: string;
    location?: string;
    department?: string;
  };

/** The validator `ValidatedForm` and the action share for one form. */
export function leadFormValidator(form: LeadFormName, options: LeadSchemaOptions) {
  return withZod(leadFormSchema(form, options) as unknown as z.ZodType<LeadFormValues, z.ZodTypeDef, unknown>);
}
