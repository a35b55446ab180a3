import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isAnalyticsEventId } from "~/domain/analyticsEvents";
import { trackEvent } from "@server/analytics.server";
import { clientAddressOf } from "@server/http/loadContext";
import { analyticsEventHits, spendAllowance, tooManyRequests } from "@server/limits/guard";
import { dealerFrom } from "@server/http/loadContext";

const eventSchema = z.object({
  event_id: z.number().int().refine(isAnalyticsEventId, "unknown event"),
  path: z.string().max(500).regex(/^\//).optional(),
  payload: z
    .record(z.union([z.string().max(200), z.number(), z.boolean()]))
    .refine((p) => Object.keys(p).length <= 20)
    .optional(),
});

/**
 * Browser analytics events (phone click, calculator use, print...). Bad events are refused with 400;
 * more than the per-address allowance (ANALYTICS_EVENTS_PER_ADDRESS) with 429 and Retry-After.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const { platform, tenant } = dealerFrom(context);
  const text = await request.text().catch(() => null);
  if (text === null) return new Response(null, { status: 400 });
  if (text.length > 4000) return new Response(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success || !isAnalyticsEventId(parsed.data.event_id)) return new Response(null, { status: 400 });
  const check = await spendAllowance(platform, tenant.slug, analyticsEventHits(clientAddressOf(context)));
  if (!check.allowed) return tooManyRequests(check.retryAfterSeconds);
  await trackEvent(platform.db, tenant.slug, parsed.data.event_id, { path: parsed.data.path, payload: parsed.data.payload });
  return new Response(null, { status: 204 });
}

export async function loader() {
  return new Response(null, { status: 405 });
}
