/**
 * Gated routes (spec 001 section 2 "Gated routes", section 4): which addresses a signed-out shopper
 * may not open on a dealer with gating on, and which sign-in type sends them to
 * /sign-in?type={kind}&redirect={target}&back={origin}. Pure: the dealer's gating block and paths
 * come in as values (server/tenants/schema.ts `gating`, `paths`).
 */
import { isFrameworkParam } from "./frameworkParams";

/** The sign-in types a dealer's gating can switch on (the tenant schema's `gating.kinds`). */
export const GATED_SIGN_IN_TYPES = [
  "trade-in",
  "checkout",
  "finance",
  "spin-to-win",
  "online-payment",
  "car-finance",
  "my-garage",
] as const;
export type GatedSignInType = (typeof GATED_SIGN_IN_TYPES)[number];

/** The sign-in types of the spec: the gated ones, and watchlist, which no route gates (saving a car asks for it). */
export const SIGN_IN_TYPES = [...GATED_SIGN_IN_TYPES, "watchlist", "saved-search"] as const;
export type SignInType = (typeof SIGN_IN_TYPES)[number];

/** The dealer's `gating` block: off by default; when on, only the kinds listed are gated. */
export interface GatingConfig {
  enabled: boolean;
  kinds: readonly GatedSignInType[];
}

/** The dealer's own addresses for pages that can be gated (tenant `paths`). */
export interface GatedPaths {
  /** The finance page (default '/finance'). */
  finance?: string;
  /** The garage / watchlist page (default '/my-garage'). */
  watchlist?: string;
}

/**
 * The garage pages of the spec's list, under each brand's name (all of them type my-garage). A dealer's
 * garage is one of them (the tenant schema's `paths.watchlist`); remix.config.js answers each.
 */
export const GARAGE_PATHS = ["/my-garage", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco"] as const;
export type GaragePath = (typeof GARAGE_PATHS)[number];
/** The finance page's older addresses (remix.config.js): the same page, so the same gate. */
const FINANCE_ALIASES = ["/finance", "/finance-enquiry", "/apply-for-finance"];
/** Query parameters that do not ask for anything: where a visitor came from (campaign tags). */
const TRACKING_PARAM = /^(utm_.+|gclid|fbclid|msclkid|_ga)$/i;

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return (trimmed || "/").toLowerCase();
}

function within(path: string, base: string): boolean {
  const b = normalisePath(base);
  return path === b || path.startsWith(`${b}/`);
}

/** True when the query asks for something (a car, an amount), not just campaign tags. */
function hasRealParams(search: URLSearchParams): boolean {
  for (const [key, value] of search) if (!TRACKING_PARAM.test(key) && !isFrameworkParam(key) && value !== "") return true;
  return false;
}

/**
 * The sign-in type an address asks for on any dealer, or null when the spec does not gate it:
 * - /cars/trade-in?car_id={id} -> trade-in (without a car it is the open valuation page);
 * - /sell-my-car -> trade-in;
 * - /cars/{slug}/checkout and /cars/{slug}/buy-online -> checkout; /cars/checkout (no car) is not gated;
 * - /personalised/finance -> finance; /finance with search params (a car or an amount) -> car-finance;
 * - /spin-to-win -> spin-to-win; /online-payment -> online-payment;
 * - the garage pages (/my-garage, /mymotorama, /mybigboxcars, /myblinkr, /myservco, the dealer's
 *   watchlist path) and anything under them -> my-garage.
 */
export function signInTypeForPath(pathname: string, search: string | URLSearchParams, paths: GatedPaths = {}): GatedSignInType | null {
  const path = normalisePath(pathname);
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const segments = path.split("/").filter(Boolean);

  if (path === "/cars/trade-in") return params.get("car_id")?.trim() ? "trade-in" : null;
  if (within(path, "/sell-my-car")) return "trade-in";
  if (segments.length === 3 && segments[0] === "cars" && (segments[2] === "checkout" || segments[2] === "buy-online")) {
    return "checkout";
  }
  if (within(path, "/personalised/finance")) return "finance";
  const financePaths = paths.finance ? [...FINANCE_ALIASES, paths.finance] : FINANCE_ALIASES;
  if (financePaths.some((p) => path === normalisePath(p))) return hasRealParams(params) ? "car-finance" : null;
  if (within(path, "/spin-to-win")) return "spin-to-win";
  if (within(path, "/online-payment")) return "online-payment";
  const garagePaths: readonly string[] = paths.watchlist ? [...GARAGE_PATHS, paths.watchlist] : GARAGE_PATHS;
  if (garagePaths.some((p) => within(path, p))) return "my-garage";
  return null;
}

/**
 * The sign-in type a signed-out shopper must go through to open this address on this dealer, or null
 * when the page is open to them (gating off, the kind not gated, or an address the spec does not gate).
 */
export function gatedSignInType(
  pathname: string,
  search: string | URLSearchParams,
  gating: GatingConfig,
  paths: GatedPaths = {},
): GatedSignInType | null {
  if (!gating.enabled) return null;
  const kind = signInTypeForPath(pathname, search, paths);
  return kind && gating.kinds.includes(kind) ? kind : null;
}

export function isSignInType(value: unknown): value is SignInType {
  return typeof value === "string" && (SIGN_IN_TYPES as readonly string[]).includes(value);
}
