/**
 * POST /saved-searches (issue 27): 'Save this search' from a results page, and the garage's changes to
 * one saved search (rename, channel, pause, resume, delete). Every post is judged by the one zod schema
 * (savedSearchSchema.ts) and touches only the signed-in shopper's own searches with this dealer.
 *
 * - A script's call (the page's fetcher) gets JSON: `{ ok: true }`, the refused fields in the
 *   `validationError` shape, or `{ signIn }` when the shopper must sign in first.
 * - A plain form post (no JavaScript) is redirected: a saved search back to the same results page with
 *   `?search_saved=1` (the page says "Search saved."), a garage change back to the garage with its
 *   outcome. A refused save renders this route's page: the form again, the messages at their fields.
 * - Signed out, a save goes to sign-in (type saved-search) whose own POST finishes it
 *   (`finishPendingSearchSave`) and returns to the results page, as the watchlist's Save does. A GET of
 *   this address (a link, the sign-in screen of a shopper already signed in) saves nothing.
 *
 * Saving records the shopper's consent for the chosen address (source 'save-search', the results page
 * as its detail); changing a search's channel in the garage records consent for the new address
 * ('garage'). When the dealer asks for it (tenant `savedSearches.leadToDealer`), a new saved search is
 * also a 'Saved Search' lead with the filters in words.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import { safeRedirectPath } from "~/domain/safeRedirect";
import {
  SAVE_SEARCH_ANCHOR,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_PATH,
  SEARCH_ERROR_KEY,
  SEARCH_SAVED_KEY,
  searchInWords,
  searchSummary,
  withoutSaveOutcome,
  withSaveOutcome,
  type SavedSearchErrorCode,
} from "~/domain/savedSearch";
import {
  SAVE_SEARCH_FORM_ID,
  SAVED_SEARCH_INTENTS,
  saveSearchSchema,
  schemaFor,
  type SavedSearchIntent,
  type SaveSearchValues,
} from "~/components/savedSearch/savedSearchSchema";
import { recordConsent } from "@server/db/alertConsents";
import { shopperFromRequest, type Shopper } from "@server/auth/session";
import {
  createSavedSearch,
  deleteSavedSearch,
  renameSavedSearch,
  setSavedSearchChannel,
  setSavedSearchPaused,
  type SavedSearch,
} from "@server/db/savedSearches";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { readFormBody, typedValues } from "@server/leads/formAction";
import { submitLead } from "@server/leads/submit";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { searchForPath } from "../search/search.server";

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

/** What the garage's address says after a change made without JavaScript (the garage shows it). */
export const GARAGE_OUTCOMES = ["renamed", "channel", "paused", "resumed", "deleted"] as const;
export type GarageOutcome = (typeof GARAGE_OUTCOMES)[number];
export const GARAGE_OUTCOME_KEY = "saved_search";

/** A script's call (a fetcher) rather than a plain form post, as the watchlist tells them apart. */
function wantsJson(request: Request): boolean {
  if (request.method === "GET") return false;
  if ((request.headers.get("Accept") ?? "").includes("application/json")) return true;
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode !== null && mode !== "navigate";
}

function savedSearchesDealer(context: LoaderFunctionArgs["context"]) {
  const dealer = dealerFrom(context);
  // Saved searches live in the garage: a dealer without one has none.
  if (!dealer.tenant.features.garage) throw new Response("Not found", { status: 404, headers: noStore });
  return dealer;
}

type SaveOutcome = { ok: true; back: string; search: SavedSearch } | { ok: false; back: string; code: SavedSearchErrorCode };

/** The shopper's way back: the results page they saved from (already checked to be one), without an earlier outcome. */
function pageOf(pathAndQuery: string): string {
  const url = new URL(safeRedirectPath(pathAndQuery), "http://site.invalid");
  return url.pathname + withoutSaveOutcome(url.search);
}

/** The dealer's soft lead for a new saved search (only when asked for); a failure is logged, the search stays saved. */
async function fileSavedSearchLead(platform: Platform, tenant: TenantConfig, shopper: Shopper, search: SavedSearch): Promise<void> {
  const lines = searchInWords(search.search);
  const channel = search.channel === "email" ? `e-mail (${search.email})` : "SMS";
  try {
    await submitLead(platform, tenant, {
      category: "Saved Search",
      subcategory: search.channel === "email" ? "Alerts by e-mail" : "Alerts by SMS",
      name: shopper.first_name,
      last_name: shopper.last_name,
      email: shopper.email || search.email,
      phone: shopper.phone,
      message: [
        `Saved a search on the website for alerts by ${channel}: “${search.name}”.`,
        `Filters: ${lines.length ? lines.join("; ") : "all cars"}.`,
      ].join("\n"),
      payload: { saved_search_id: search.id, search_path: search.searchPath, filters: searchSummary(search.search) },
      source_path: search.searchPath,
    });
  } catch (error) {
    log.error("saved search's lead not stored", { tenant: tenant.slug, error: String(error) });
  }
}

/** Saves the search for the shopper: the row and the consent together, then the dealer's lead if asked for. */
export async function saveSearch(
  platform: Platform,
  tenant: TenantConfig,
  shopper: Shopper,
  values: SaveSearchValues,
): Promise<SaveOutcome> {
  const read = await searchForPath(platform, tenant, values.search_path).catch(() => null);
  if (!read) return { ok: false, back: tenant.paths.searchPrefix, code: "invalid" };
  const back = pageOf(values.search_path);
  const address = values.channel === "sms" ? shopper.phone : values.email;
  try {
    const saved = await platform.db.transaction(async (tx) => {
      const created = await createSavedSearch(tx, tenant.slug, shopper.phone, {
        name: values.name,
        searchPath: read.canonical,
        search: { query: read.state.query, filters: read.state.filters, ranges: read.state.ranges },
        channel: values.channel,
        email: values.email,
      });
      if (!created.ok) return null;
      await recordConsent(tx, {
        tenant: tenant.slug,
        phone: shopper.phone,
        channel: values.channel,
        address,
        given: true,
        source: "save-search",
        detail: read.canonical,
      });
      return created.search;
    });
    if (!saved) return { ok: false, back, code: "limit" };
    if (tenant.savedSearches.leadToDealer) await fileSavedSearchLead(platform, tenant, shopper, saved);
    return { ok: true, back, search: saved };
  } catch (error) {
    log.error("search not saved", { tenant: tenant.slug, error: String(error) });
    return { ok: false, back, code: "failed" };
  }
}

/** The results page after a save (or its refusal), as the address a plain post comes back to. */
function afterSave(outcome: SaveOutcome): string {
  return outcome.ok ? withSaveOutcome(outcome.back, SEARCH_SAVED_KEY, "1") : withSaveOutcome(outcome.back, SEARCH_ERROR_KEY, outcome.code);
}

/** Sign-in for a save: back through this route's address with the form's fields, which the sign-in POST finishes. */
function saveSignInUrl(values: SaveSearchValues): string {
  const finish = `${SAVED_SEARCHES_PATH}?${new URLSearchParams({
    intent: "save",
    name: values.name,
    channel: values.channel,
    email: values.email,
    consent: "on",
    search_path: values.search_path,
  })}`;
  return `/sign-in?${new URLSearchParams({ type: "saved-search", redirect: finish, back: pageOf(values.search_path) })}`;
}

/**
 * The sign-in a save asked for has just succeeded (POST /sign-in): when its way back is this route's
 * finishing address, the search is saved here, in that POST, and the shopper goes back to the results
 * page with its outcome. Null when the way back is anything else.
 */
export async function finishPendingSearchSave(
  platform: Platform,
  tenant: TenantConfig,
  shopper: Shopper,
  afterSignIn: string,
): Promise<string | null> {
  const url = new URL(afterSignIn, "http://site.invalid");
  if (url.pathname !== SAVED_SEARCHES_PATH || !tenant.features.garage) return null;
  const parsed = saveSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const back = url.searchParams.get("search_path");
    return withSaveOutcome(back ? pageOf(back) : tenant.paths.searchPrefix, SEARCH_ERROR_KEY, "invalid");
  }
  return afterSave(await saveSearch(platform, tenant, shopper, parsed.data));
}

/** GET /saved-searches: nothing to show without a post; back to the results page it names, else the garage. */
export async function savedSearchesLoader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = savedSearchesDealer(context);
  const back = new URL(request.url).searchParams.get("search_path");
  if (back) throw redirect(`${pageOf(back)}#${SAVE_SEARCH_ANCHOR}`, { headers: noStore });
  return data(
    { dealerName: tenant.name, garagePath: tenant.paths.watchlist, searchPrefix: tenant.paths.searchPrefix },
    { headers: noStore },
  );
}

/** A garage change's outcome: JSON for a script, else back to the garage saying what changed (or what went wrong). */
function garageAnswer(
  request: Request,
  garagePath: string,
  outcome: { ok: true; done: GarageOutcome; search?: SavedSearch } | { ok: false; code: SavedSearchErrorCode; status: number },
) {
  if (wantsJson(request)) {
    return outcome.ok
      ? data({ ok: true as const, done: outcome.done }, { headers: noStore })
      : data({ ok: false as const, error: SAVED_SEARCH_MESSAGES[outcome.code] }, { status: outcome.status, headers: noStore });
  }
  const query: Record<string, string> = outcome.ok ? { [GARAGE_OUTCOME_KEY]: outcome.done } : { [SEARCH_ERROR_KEY]: outcome.code };
  return redirect(`${garagePath}?${new URLSearchParams(query)}`, { headers: noStore });
}

export async function savedSearchesAction({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = savedSearchesDealer(context);
  const garagePath = tenant.paths.watchlist;
  const form = await readFormBody(request);
  const intentValue = form?.get("intent");
  const intent = (SAVED_SEARCH_INTENTS as readonly unknown[]).includes(intentValue) ? (intentValue as SavedSearchIntent) : null;
  if (!form || !intent) return garageAnswer(request, garagePath, { ok: false, code: "unchanged", status: 400 });

  const result = await withZod(schemaFor(intent)).validate(form);
  if (result.error) {
    if (intent === "save") {
      const kept = typedValues(form);
      return validationError({ fieldErrors: result.error.fieldErrors, formId: SAVE_SEARCH_FORM_ID }, kept, { headers: noStore });
    }
    if (wantsJson(request)) {
      const first = Object.values(result.error.fieldErrors)[0] ?? SAVED_SEARCH_MESSAGES.unchanged;
      return data({ ok: false as const, error: first }, { status: 422, headers: noStore });
    }
    return garageAnswer(request, garagePath, { ok: false, code: "unchanged", status: 422 });
  }
  const values = result.data;
  const shopper = await shopperFromRequest(platform, tenant, request);

  if (values.intent === "save") {
    if (!shopper) {
      const signIn = saveSignInUrl(values);
      if (wantsJson(request)) return data({ ok: false as const, signIn }, { status: 401, headers: noStore });
      return redirect(signIn, { headers: noStore });
    }
    const outcome = await saveSearch(platform, tenant, shopper, values);
    if (wantsJson(request)) {
      return outcome.ok
        ? data({ ok: true as const, message: SAVED_SEARCH_MESSAGES.saved, garagePath }, { headers: noStore })
        : data(
            { ok: false as const, error: SAVED_SEARCH_MESSAGES[outcome.code] },
            { status: outcome.code === "failed" ? 503 : 409, headers: noStore },
          );
    }
    return redirect(afterSave(outcome), { headers: noStore });
  }

  // The garage's changes: signed out, sign in to the garage and come back to it.
  if (!shopper) {
    const signIn = `/sign-in?${new URLSearchParams({ type: "my-garage", redirect: garagePath, back: garagePath })}`;
    if (wantsJson(request)) return data({ ok: false as const, signIn }, { status: 401, headers: noStore });
    return redirect(signIn, { headers: noStore });
  }
  const db = platform.db;
  try {
    let changed: SavedSearch | null;
    let done: GarageOutcome;
    if (values.intent === "rename") {
      changed = await renameSavedSearch(db, tenant.slug, shopper.phone, values.id, values.name);
      done = "renamed";
    } else if (values.intent === "channel") {
      const address = values.channel === "sms" ? shopper.phone : values.email;
      changed = await db.transaction(async (tx) => {
        const row = await setSavedSearchChannel(tx, tenant.slug, shopper.phone, values.id, values.channel, values.email);
        if (row)
          await recordConsent(tx, {
            tenant: tenant.slug,
            phone: shopper.phone,
            channel: values.channel,
            address,
            given: true,
            source: "garage",
            detail: row.searchPath,
          });
        return row;
      });
      done = "channel";
    } else if (values.intent === "delete") {
      changed = await deleteSavedSearch(db, tenant.slug, shopper.phone, values.id);
      done = "deleted";
    } else {
      changed = await setSavedSearchPaused(db, tenant.slug, shopper.phone, values.id, values.intent === "pause");
      done = values.intent === "pause" ? "paused" : "resumed";
    }
    if (!changed) return garageAnswer(request, garagePath, { ok: false, code: "notFound", status: 404 });
    return garageAnswer(request, garagePath, { ok: true, done });
  } catch (error) {
    log.error("saved search not changed", { tenant: tenant.slug, intent, error: String(error) });
    return garageAnswer(request, garagePath, { ok: false, code: "failed", status: 503 });
  }
}
