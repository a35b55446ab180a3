/**
 * The parts search (spec 001 section 2, 'Parts search default /parts/search'): a shopper names the part
 * and their car, and the search becomes a parts enquiry with those details filled in. The dealer's parts
 * team answers with price and availability: there is no parts catalogue to search, so the page never
 * shows made-up results. Every parameter is checked here; a bad one is reported and left out.
 */
import { z } from "zod";

export const PARTS_SEARCH_FIELDS = ["part", "make", "model", "year"] as const;
export type PartsSearchField = (typeof PARTS_SEARCH_FIELDS)[number];

const text = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `Please keep the ${name} to ${max} characters.`)
    .regex(/^[\p{L}\p{N} .,'&()/+#-]*$/u, `Please use letters, numbers and simple punctuation in the ${name}.`);

function fieldSchemas(now: Date) {
  const latest = now.getUTCFullYear() + 1;
  return {
    part: text(80, "part name or number"),
    make: text(40, "make"),
    model: text(40, "model"),
    year: z
      .string()
      .trim()
      .regex(/^$|^\d{4}$/, "Please enter the year as four digits, like 2021.")
      .refine((y) => y === "" || (Number(y) >= 1950 && Number(y) <= latest), `Please enter a year from 1950 to ${latest}.`),
  } satisfies Record<PartsSearchField, z.ZodType<string>>;
}

export interface PartsSearch {
  /** The values that passed, '' for the rest. */
  values: Record<PartsSearchField, string>;
  /** What the shopper typed, cut to 100 characters: a field with an error shows it again to be corrected. */
  typed: Record<PartsSearchField, string>;
  /** A message per field that did not. */
  errors: Partial<Record<PartsSearchField, string>>;
  /** True when the shopper has searched (a part was named). */
  searched: boolean;
}

/** The search from the URL's query: each field on its own, the first value only. */
export function parsePartsSearch(params: URLSearchParams, now: Date = new Date()): PartsSearch {
  const schemas = fieldSchemas(now);
  const values = { part: "", make: "", model: "", year: "" } as Record<PartsSearchField, string>;
  const typed = { ...values };
  const errors: PartsSearch["errors"] = {};
  for (const field of PARTS_SEARCH_FIELDS) {
    const raw = params.get(field) ?? "";
    typed[field] = raw.slice(0, 100);
    const parsed = schemas[field].safeParse(raw);
    if (parsed.success) values[field] = parsed.data;
    else errors[field] = parsed.error.issues[0]?.message ?? "Please check this field.";
  }
  return { values, typed, errors, searched: values.part !== "" };
}

/** The car as one line: '2021 Toyota HiLux', '' when none was given. */
export function carLine(values: Record<PartsSearchField, string>): string {
  return [values.year, values.make, values.model].filter(Boolean).join(" ");
}

/** The parts enquiry's message, filled in from the search: what the parts team is asked. */
export function partsEnquiryMessage(values: Record<PartsSearchField, string>): string {
  if (!values.part) return "";
  const car = carLine(values);
  return `Please let me know the price and availability of: ${values.part}${car ? ` for my ${car}` : ""}.`;
}
