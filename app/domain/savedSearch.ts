/**
 * Saved searches (issue 27): a signed-in shopper keeps a results page's filters under a name and is told
 * by SMS or e-mail when a matching car arrives. Pure words and limits shared by the results page's 'Save
 * this search', the garage and the dealer's 'Saved Search' lead: the name a search is offered under
 * ("Used Toyota Corolla under $30,000") and its filters in words ("Make: Toyota", "Price: up to $30,000").
 */
import { facetValueLabel, FACET_TITLES } from "./facetDisplay";
import { formatMoney, formatNumber } from "./money";
import { RANGE_ATTRIBUTES, VALUE_ATTRIBUTES, type NumericRange, type RangeAttribute } from "./search";
import type { SearchState } from "./searchLinks";
import { searchSubject } from "./searchTitle";
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_NAME_MAX, SEARCH_ERROR_KEY, SEARCH_SAVED_KEY } from "./savedSearchAddress";

export {
  consentWords,
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_NAME_MAX,
  SAVE_SEARCH_ANCHOR,
  SAVED_SEARCHES_PATH,
  SEARCH_ERROR_KEY,
  SEARCH_SAVED_KEY,
  withoutSaveOutcome,
  withSaveOutcome,
} from "./savedSearchAddress";

/** What a saved search keeps of the results page's state (saved_searches.search): no sort, no page. */
export type SavedSearchQuery = Pick<SearchState, "query" | "filters" | "ranges">;

export const SAVED_SEARCH_MESSAGES = {
  saved: "Search saved. We'll let you know when a match arrives.",
  limit: `You already have ${SAVED_SEARCH_LIMIT} saved searches with us. Delete one in your garage to save this one.`,
  invalid: "This search could not be saved. Please check the form and try again.",
  failed: "Sorry, we couldn't save this search just now. Please try again.",
  notFound: "That saved search is no longer there.",
  unchanged: "That change could not be made. Please check what you typed and try again.",
} as const;
export type SavedSearchErrorCode = Exclude<keyof typeof SAVED_SEARCH_MESSAGES, "saved">;

export function isSavedSearchErrorCode(value: unknown): value is SavedSearchErrorCode {
  return typeof value === "string" && value !== "saved" && Object.hasOwn(SAVED_SEARCH_MESSAGES, value);
}

function words(attribute: RangeAttribute, n: number): string {
  if (attribute === "price" || attribute === "subscription_price") return formatMoney(n);
  if (attribute === "km") return `${formatNumber(n)} km`;
  return String(n);
}

/** A range in words: "under $30,000", "from 2019", "$10,000 to $30,000". */
function rangeWords(attribute: RangeAttribute, range: NumericRange): string {
  if (range.min !== undefined && range.max !== undefined) return `${words(attribute, range.min)} to ${words(attribute, range.max)}`;
  if (range.min !== undefined) return `from ${words(attribute, range.min)}`;
  return `${attribute === "year" ? "up to" : "under"} ${words(attribute, range.max!)}`;
}

const RANGE_TITLES: Record<RangeAttribute, string> = {
  price: "Price",
  km: "Kilometres",
  year: "Year",
  subscription_price: "Subscription",
  created_at_timestamp: "Listed",
};

/** Ranges a name or a line in words says (the listing time is not something a shopper typed). */
const SAID_RANGES = RANGE_ATTRIBUTES.filter((a) => a !== "created_at_timestamp");

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The name a search is offered under: the page's subject, where, the price ("under $30,000"), the
 * years and kilometres, and the words typed: "Used Toyota Corolla under $30,000", "SUVs at Summit
 * Parramatta, 2019 to 2023". At most SAVED_SEARCH_NAME_MAX characters.
 */
export function savedSearchName(search: SavedSearchQuery): string {
  const { filters, ranges } = search;
  let name = searchSubject(filters);
  if (search.query) name = `“${search.query}” ${name === "Cars" ? "cars" : name}`;
  const at =
    filters.dealership_name?.length === 1
      ? filters.dealership_name[0]
      : filters.location_name?.length === 1
        ? filters.location_name[0]
        : "";
  if (at) name += ` at ${at}`;
  if (ranges.price) name += ` ${rangeWords("price", ranges.price)}`;
  const more = (["year", "km"] as const).filter((a) => ranges[a]).map((a) => rangeWords(a, ranges[a]!));
  if (more.length) name += `, ${more.join(", ")}`;
  return cut(name.trim(), SAVED_SEARCH_NAME_MAX);
}

/**
 * The search's filters in words, one line each ("Make: Toyota", "Model: Corolla", "Price: under
 * $30,000", "Keywords: “sunroof”"): the garage shows them, the dealer's lead carries them. An empty
 * list is every car.
 */
export function searchInWords(search: SavedSearchQuery): string[] {
  const lines: string[] = [];
  if (search.query) lines.push(`Keywords: “${search.query}”`);
  for (const attribute of VALUE_ATTRIBUTES) {
    const values = search.filters[attribute]?.filter(Boolean);
    if (!values?.length) continue;
    lines.push(`${FACET_TITLES[attribute]}: ${values.map((v) => facetValueLabel(attribute, v)).join(" or ")}`);
  }
  for (const attribute of SAID_RANGES) {
    const range = search.ranges[attribute];
    if (range && (range.min !== undefined || range.max !== undefined))
      lines.push(`${RANGE_TITLES[attribute]}: ${rangeWords(attribute, range)}`);
  }
  return lines;
}

/** One line for a list or a lead: the filters in words, or "All cars". */
export function searchSummary(search: SavedSearchQuery): string {
  const lines = searchInWords(search);
  return lines.length ? lines.join(" · ") : "All cars";
}

/** What the results page's address says of a save: saved, refused with a code, or nothing. */
export function saveOutcomeOf(params: URLSearchParams): { saved: true } | { saved: false; error: SavedSearchErrorCode } | null {
  if (params.get(SEARCH_SAVED_KEY) === "1") return { saved: true };
  const error = params.get(SEARCH_ERROR_KEY);
  return isSavedSearchErrorCode(error) ? { saved: false, error } : null;
}

/** A saved search as the watchlist's alerts rule reads it. */
export interface AlertRoute {
  channel: "sms" | "email";
  /** The mobile (E.164) for SMS, the e-mail address for e-mail. */
  address: string;
}

/**
 * Where a shopper's watchlist alerts (price drops, sales) go, per the alerts' contract (issue 27): the
 * channel and address of their most recently saved search that is live (not paused) and whose address
 * has consent. Null when none has: consent is never assumed from saving a car. `searches` newest first;
 * `consented` says whether an address's latest consent gives it.
 */
export function watchlistAlertRoute(
  searches: readonly { channel: "sms" | "email"; email: string; paused: boolean }[],
  phone: string,
  consented: (route: AlertRoute) => boolean,
): AlertRoute | null {
  for (const search of searches) {
    if (search.paused) continue;
    const route: AlertRoute = { channel: search.channel, address: search.channel === "sms" ? phone : search.email.trim().toLowerCase() };
    if (route.address && consented(route)) return route;
  }
  return null;
}
