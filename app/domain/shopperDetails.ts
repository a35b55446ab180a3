/**
 * Local user details (spec 000 section 3; spec 001 section 3): the shopper's name, last_name, email,
 * phone and postcode, kept in their browser under the site slug (`<site>:user`), so every lead form can
 * be filled in for them after they sign in or send a first enquiry. Pure rules; the storage itself is
 * the forms kit's (app/components/forms/shopperDetailsStore.ts).
 */

export interface ShopperDetails {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

export const SHOPPER_DETAIL_KEYS = ["name", "last_name", "email", "phone", "postcode"] as const;

/** The lead forms' field for each detail (the forms call the first name `first_name`). */
export const LEAD_FIELD_FOR_DETAIL: Record<keyof ShopperDetails, string> = {
  name: "first_name",
  last_name: "last_name",
  email: "email",
  phone: "phone",
  postcode: "postcode",
};

/** The longest value a detail keeps (the lead forms' own limits). */
const MAX_LENGTH: Record<keyof ShopperDetails, number> = { name: 60, last_name: 60, email: 120, phone: 20, postcode: 4 };

export const NO_DETAILS: ShopperDetails = { name: "", last_name: "", email: "", phone: "", postcode: "" };

function clean(key: keyof ShopperDetails, value: unknown): string {
  if (typeof value !== "string") return "";
  const trimmed = value.trim();
  if (trimmed.length > MAX_LENGTH[key]) return "";
  if (key === "postcode" && !/^\d{4}$/.test(trimmed)) return "";
  return trimmed;
}

/** Details from anything (stored JSON, a form, an account): known keys only, trimmed, oversized values dropped. */
export function toShopperDetails(value: unknown): ShopperDetails {
  const source = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const details = { ...NO_DETAILS };
  for (const key of SHOPPER_DETAIL_KEYS) details[key] = clean(key, source[key]);
  return details;
}

/** What the browser kept (`<site>:user`); anything unreadable is no details. */
export function readShopperDetails(raw: string | null): ShopperDetails {
  if (!raw) return { ...NO_DETAILS };
  try {
    return toShopperDetails(JSON.parse(raw));
  } catch {
    return { ...NO_DETAILS };
  }
}

/** The details a submitted lead form gives, by the form's field names (a field the form lacks gives nothing). */
export function detailsFromLeadForm(form: { get(name: string): unknown }): ShopperDetails {
  const values: Record<string, unknown> = {};
  for (const key of SHOPPER_DETAIL_KEYS) values[key] = form.get(LEAD_FIELD_FOR_DETAIL[key]);
  return toShopperDetails(values);
}

/**
 * `kept` with `fresh` laid over it. `fresh` wins where it has a value (what the shopper just typed is
 * newer than what was kept), unless `fillOnly` (an account's details only fill what the shopper has not
 * given this browser themselves). An empty value never erases a kept one.
 */
export function mergeShopperDetails(kept: ShopperDetails, fresh: ShopperDetails, fillOnly = false): ShopperDetails {
  const merged = { ...kept };
  for (const key of SHOPPER_DETAIL_KEYS) {
    if (fresh[key] && (!fillOnly || !kept[key])) merged[key] = fresh[key];
  }
  return merged;
}

export function hasShopperDetails(details: ShopperDetails): boolean {
  return SHOPPER_DETAIL_KEYS.some((key) => details[key] !== "");
}
