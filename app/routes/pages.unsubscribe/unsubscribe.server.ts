/**
 * /pages/unsubscribe: the shopper's e-mail, checked with zod, recorded as an opt-out from this dealer's
 * marketing (server/leads/optOuts.ts), then the page again saying so (post, redirect, get). Later leads
 * from that address carry no marketing consent. The dealer comes from the host, never from the form.
 *
 * Alerts (issue 27, docs/alerts.md): with `?t=TOKEN` (the link in every alert e-mail, and its
 * List-Unsubscribe header) the page is about that dealer's alerts to that address. GET only shows the
 * page with one button (mail scanners follow links; nothing changes); POST, from the button or a mail
 * client's one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`), records the withdrawal at
 * once without signing in (alert_consents, 'unsubscribe-link') and moves to the page saying so. A bad
 * token gets a clear message, never a 500.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { readUnsubscribeToken, type UnsubscribeTarget } from "@server/alerts/unsubscribeToken";
import { recordConsent } from "@server/db/alertConsents";
import { PAGE_CACHE, PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { HONEYPOT_FIELD, readFormBody } from "@server/leads/formAction";
import { recordOptOut } from "@server/leads/optOuts";
import { log } from "@server/log";

export const UNSUBSCRIBE_PATH = "/pages/unsubscribe";
export const DONE_PATH = `${UNSUBSCRIBE_PATH}?unsubscribed=1`;
export const EMAIL_MISSING = "Please enter your email address.";
export const EMAIL_INVALID = "Please enter a valid email address.";
export const NOT_SAVED = "Sorry, we couldn't record that just now. Please try again, or call us.";

export const unsubscribeSchema = z.object({
  email: z.string({ required_error: EMAIL_MISSING }).trim().min(1, EMAIL_MISSING).max(254, EMAIL_INVALID).email(EMAIL_INVALID),
});

export interface UnsubscribeAnswer {
  error: string;
  email: string;
}

export const ALERTS_TOKEN_BAD =
  "This unsubscribe link is not valid: it may have been cut short when it was copied. Open it again from the alert itself, or call us and we'll stop the alerts for you.";
export const ALERTS_NOT_SAVED = "Sorry, we couldn't record that just now. Please try again in a moment, or call us.";

/** What the page shows about an alerts link: where the alerts go (partly hidden), or that the link is bad. */
export type AlertsUnsubscribe =
  { state: "valid"; token: string; channel: "sms" | "email"; address: string; stopped: boolean } | { state: "invalid"; error: string };

/** The address as the page shows it: enough to recognise, not to read off a forwarded link. */
export function maskedAddress(target: Pick<UnsubscribeTarget, "channel" | "address">): string {
  if (target.channel === "sms") return `the mobile ending ${target.address.slice(-3)}`;
  const [name = "", domain = ""] = target.address.split("@");
  return `${name.slice(0, 1)}${"*".repeat(Math.min(6, Math.max(1, name.length - 1)))}@${domain}`;
}

/** The link's target for this dealer, or null (a bad token, or another dealer's). */
function alertsTarget(key: string, tenant: string, token: string | null): UnsubscribeTarget | null {
  const target = readUnsubscribeToken(key, token);
  return target && target.tenant === tenant ? target : null;
}

const stoppedPath = (token: string) => `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}&stopped=1`;

export async function unsubscribeLoader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const url = new URL(request.url);
  const done = url.searchParams.get("unsubscribed") === "1";
  const base = { siteName: tenant.name, phone: tenant.contact.phone, done };
  const token = url.searchParams.get("t");
  if (token === null) return data({ ...base, alerts: null as AlertsUnsubscribe | null }, { headers: { "Cache-Control": PAGE_CACHE } });
  // One shopper's link: never stored, and nothing changes on a GET.
  const noStore = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };
  const target = alertsTarget(platform.alertUnsubscribeKey, tenant.slug, token);
  if (!target) {
    const alerts: AlertsUnsubscribe = { state: "invalid", error: ALERTS_TOKEN_BAD };
    return data({ ...base, alerts }, { status: 400, headers: noStore });
  }
  const alerts: AlertsUnsubscribe = {
    state: "valid",
    token,
    channel: target.channel,
    address: maskedAddress(target),
    stopped: url.searchParams.get("stopped") === "1",
  };
  return data({ ...base, alerts }, { headers: noStore });
}

/** The alerts link's POST: the button, or a mail client's one-click unsubscribe. */
async function stopAlerts(context: ActionFunctionArgs["context"], form: FormData | null, token: string) {
  const { platform, tenant } = dealerFrom(context);
  const noStore = { "Cache-Control": PRIVATE_NO_STORE };
  const target = alertsTarget(platform.alertUnsubscribeKey, tenant.slug, token);
  if (!target) return data<UnsubscribeAnswer>({ error: ALERTS_TOKEN_BAD, email: "" }, { status: 400, headers: noStore });
  const oneClick = String(form?.get("List-Unsubscribe") ?? "") === "One-Click";
  try {
    await recordConsent(platform.db, {
      tenant: tenant.slug,
      phone: target.phone,
      channel: target.channel,
      address: target.address,
      given: false,
      source: "unsubscribe-link",
      detail: oneClick ? "one-click (mail program)" : "unsubscribe page",
    });
  } catch (error) {
    log.error("alerts unsubscribe not recorded", { tenant: tenant.slug, error: String(error) });
    return data<UnsubscribeAnswer>({ error: ALERTS_NOT_SAVED, email: "" }, { status: 503, headers: noStore });
  }
  log.info("alerts unsubscribed by link", { tenant: tenant.slug, channel: target.channel, oneClick });
  return redirect(stoppedPath(token), { status: 303, headers: noStore });
}

export async function unsubscribeAction({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const noStore = { "Cache-Control": PRIVATE_NO_STORE };
  const form = await readFormBody(request);
  // The alerts link: its token in the address (one-click) or the button's form.
  const token = new URL(request.url).searchParams.get("t") ?? (typeof form?.get("t") === "string" ? String(form.get("t")) : null);
  if (token !== null) return stopAlerts(context, form, token);
  if (!form) return data<UnsubscribeAnswer>({ error: EMAIL_MISSING, email: "" }, { status: 400, headers: noStore });
  // Bots get the same answer as people; nothing is recorded.
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(DONE_PATH);
  const typed = String(form.get("email") ?? "").slice(0, 254);
  const parsed = unsubscribeSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? EMAIL_INVALID;
    return data<UnsubscribeAnswer>({ error, email: typed }, { status: 422, headers: noStore });
  }
  try {
    await recordOptOut(platform.db, tenant.slug, parsed.data.email, UNSUBSCRIBE_PATH);
  } catch (error) {
    log.error("opt-out not recorded", { tenant: tenant.slug, error: String(error) });
    return data<UnsubscribeAnswer>({ error: NOT_SAVED, email: typed }, { status: 500, headers: noStore });
  }
  return redirect(DONE_PATH);
}
