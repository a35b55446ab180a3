/**
 * POST /api/miscellaneous (spec 000 section 7, for dealers with features.saveValuation): after a trade-in
 * offer is accepted the page sends the valuation with `column_name: 'valuation'`, and the valuation data
 * is saved in the miscellaneous table. Only the valuation's id is believed: the figures saved are the
 * server's own record of it, never what the browser sent. JSON only (a form on another site cannot send
 * it without the browser asking first, which the site never allows), never stored by a cache. Answers:
 * 200 { success: true }; 400 a bad body; 404 a dealer without the flag, or no accepted valuation of this
 * shopper's with that id; 405 not a POST; 415 not JSON; 503 not saved ('Failed to save valuation data'
 * logged).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { shopperFromRequest } from "@server/auth/session";
import { readJsonBody } from "@server/finance/apiSupport";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { log } from "@server/log";
import { getValuation, saveValuationData } from "@server/tradeIn/store";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

/** The valuation result the page sends; everything but the column and the id is the browser's copy, and ignored. */
const body = z
  .object({
    column_name: z.literal("valuation"),
    id: z.string().trim().uuid(),
  })
  .passthrough();

function refuse(status: number, error: string, extra: Record<string, string> = {}) {
  return json({ success: false, error }, { status, headers: { ...headers, ...extra } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuse(405, "Method not allowed", { Allow: "POST" });
  const { platform, tenant } = dealerFrom(context);
  if (!tenant.features.saveValuation) return refuse(404, "Not found");
  const read = await readJsonBody(request);
  if (!read.ok) return refuse(read.status, read.status === 415 ? "Send JSON" : "Bad request");
  const parsed = body.safeParse(read.body);
  if (!parsed.success) return refuse(400, "Bad request");

  let row;
  try {
    row = await getValuation(platform.db, tenant.slug, parsed.data.id.toLowerCase());
  } catch (error) {
    log.error("Failed to save valuation data", { tenant: tenant.slug, error: String(error) });
    return refuse(503, "Failed to save valuation data");
  }
  // Only an accepted offer is kept, and only by the shopper whose valuation it is.
  const shopper = row?.user_id ? await shopperFromRequest(platform, tenant, request) : null;
  if (!row || row.status !== "accepted" || (row.user_id !== null && row.user_id !== shopper?.userId)) return refuse(404, "Not found");

  const saved = await saveValuationData(platform.db, tenant.slug, row, log);
  return saved ? json({ success: true }, { headers }) : refuse(503, "Failed to save valuation data");
}

export function loader() {
  return refuse(405, "Method not allowed", { Allow: "POST" });
}
