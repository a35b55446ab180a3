/**
 * What a shopper typed, made safe to store and to hand to a dealer's CRM, e-mail and ADF file: one
 * Unicode form (NFC), no control characters or invisible direction overrides (which can make a CRM
 * screen show a different phone number than the one stored), line breaks only where a field can hold
 * several lines, and every field capped. Pure: no I/O, used before a lead is stored.
 */
import type { LeadInput } from "../db/leads";

/** Longest value kept per field, in characters (code points). */
export const FIELD_LIMITS = {
  category: 100,
  subcategory: 100,
  name: 100,
  last_name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  message: 5000,
  source_path: 500,
  visitor: 200,
} as const;

/** Bounds for the free-form payload: nesting, entries per object or array, and each string. */
export const PAYLOAD_LIMITS = { depth: 5, entries: 100, string: 1000, key: 100 } as const;

// C0 controls (tab, CR and LF are handled separately), DEL, C1 controls.
// eslint-disable-next-line no-control-regex -- strips control characters from what shoppers type
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
// Bidi embeddings/overrides (U+202A-U+202E), isolates (U+2066-U+2069), LRM/RLM, Arabic letter mark,
// and the byte-order mark, which is invisible in the middle of text.
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\uFEFF]/g;
// Line breaks in any form: CRLF, CR, LF, NEL is a C1 control (stripped above it would join words), LS, PS.
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export interface TextRule {
  /** Keep line breaks (as \n); otherwise each run of line breaks becomes one space. */
  multiline?: boolean;
  /** Characters kept at most. */
  max: number;
}

/** One value made safe: see the module comment. Non-strings become "". */
export function normaliseText(value: unknown, rule: TextRule): string {
  if (typeof value !== "string" || value === "") return "";
  // Lone surrogates (half an emoji) cannot be stored as UTF-8; they become U+FFFD.
  let text = value.replace(LONE_SURROGATE, "\uFFFD");
  text = text.replace(LINE_BREAK, "\n").replace(/\t/g, " ").replace(CONTROL, "").replace(INVISIBLE, "");
  text = rule.multiline
    ? text
        .split("\n")
        .map((line) => line.replace(/\s+$/u, ""))
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
    : text.replace(/[ ]*\n[\n ]*/g, " ");
  text = text.normalize("NFC").trim();
  return capCodePoints(text, rule.max);
}

/** The first `max` code points, never half a surrogate pair; trailing space left by the cut is dropped. */
export function capCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const ch of text) {
    if (count === max) break;
    count++;
    end += ch.length;
  }
  return end === text.length ? text : text.slice(0, end).trimEnd();
}

/**
 * The payload's strings normalised the same way (line breaks kept, each capped), keys made
 * single-line, and the whole bounded: deeper levels, extra entries, functions and other oddities
 * are dropped, non-finite numbers become null.
 */
export function normalisePayload(value: unknown): Record<string, unknown> {
  const result = normaliseJson(value, 0);
  return result && typeof result === "object" && !Array.isArray(result) ? (result as Record<string, unknown>) : {};
}

function normaliseJson(value: unknown, depth: number): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case "string":
      return normaliseText(value, { multiline: true, max: PAYLOAD_LIMITS.string });
    case "number":
      return Number.isFinite(value) ? value : null;
    case "boolean":
      return value;
    case "object": {
      if (depth >= PAYLOAD_LIMITS.depth) return undefined;
      if (Array.isArray(value)) {
        return value
          .slice(0, PAYLOAD_LIMITS.entries)
          .map((item) => normaliseJson(item, depth + 1))
          .filter((item) => item !== undefined);
      }
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      const out: Record<string, unknown> = {};
      let kept = 0;
      for (const [rawKey, item] of Object.entries(value as Record<string, unknown>)) {
        if (kept >= PAYLOAD_LIMITS.entries) break;
        const key = normaliseText(rawKey, { max: PAYLOAD_LIMITS.key });
        if (!key || key === "__proto__") continue;
        const clean = normaliseJson(item, depth + 1);
        if (clean === undefined) continue;
        out[key] = clean;
        kept++;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** A lead as it will be stored: every text field normalised by its rule, the payload bounded. */
export function normaliseLeadInput(input: LeadInput): LeadInput {
  const line = (value: unknown, max: number) => normaliseText(value, { max });
  const carId = typeof input.car_id === "string" ? line(input.car_id, 100) : "";
  const out: LeadInput = {
    category: line(input.category, FIELD_LIMITS.category),
    subcategory: line(input.subcategory, FIELD_LIMITS.subcategory),
    car_id: carId || null,
    name: line(input.name, FIELD_LIMITS.name),
    last_name: line(input.last_name, FIELD_LIMITS.last_name),
    email: line(input.email, FIELD_LIMITS.email),
    phone: line(input.phone, FIELD_LIMITS.phone),
    postcode: line(input.postcode, FIELD_LIMITS.postcode),
    message: normaliseText(input.message, { multiline: true, max: FIELD_LIMITS.message }),
    payload: normalisePayload(input.payload ?? {}),
    source_path: line(input.source_path, FIELD_LIMITS.source_path),
  };
  if (input.visitor !== undefined) out.visitor = line(input.visitor, FIELD_LIMITS.visitor);
  return out;
}
