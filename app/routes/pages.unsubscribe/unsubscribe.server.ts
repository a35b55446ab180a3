/**
 * /pages/unsubscribe: the shopper's e-mail, checked with zod, recorded as an opt-out from this dealer's
 * marketing (server/leads/optOuts.ts), then the page again saying so (post, redirect, get). Later leads
 * from that address carry no marketing consent. The dealer comes from the host, never from the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
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

export async function unsubscribeLoader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const done = new URL(request.url).searchParams.get("unsubscribed") === "1";
  return json({ siteName: tenant.name, phone: tenant.contact.phone, done }, { headers: { "Cache-Control": PAGE_CACHE } });
}

export async function unsubscribeAction({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const noStore = { "Cache-Control": PRIVATE_NO_STORE };
  const data = await readFormBody(request);
  if (!data) return json<UnsubscribeAnswer>({ error: EMAIL_MISSING, email: "" }, { status: 400, headers: noStore });
  // Bots get the same answer as people; nothing is recorded.
  if (String(data.get(HONEYPOT_FIELD) ?? "") !== "") return redirect(DONE_PATH);
  const typed = String(data.get("email") ?? "").slice(0, 254);
  const parsed = unsubscribeSchema.safeParse({ email: data.get("email") ?? undefined });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? EMAIL_INVALID;
    return json<UnsubscribeAnswer>({ error, email: typed }, { status: 422, headers: noStore });
  }
  try {
    await recordOptOut(platform.db, tenant.slug, parsed.data.email, UNSUBSCRIBE_PATH);
  } catch (error) {
    log.error("opt-out not recorded", { tenant: tenant.slug, error: String(error) });
    return json<UnsubscribeAnswer>({ error: NOT_SAVED, email: typed }, { status: 500, headers: noStore });
  }
  return redirect(DONE_PATH);
}
