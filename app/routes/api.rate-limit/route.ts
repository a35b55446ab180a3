/**
 * POST /api/rate-limit (spec 001, sign-in 'rate limit' call): may a code be sent to this phone now?
 * 200 `{ ok: true }` when it may, 429 `{ ok: false }` (with Retry-After) when the phone or the shopper's
 * address has had too many codes ("non-ok means too many attempts"), 400 `{ ok: false }` for a phone
 * that is not an Australian mobile. Asking spends nothing: the send itself is counted.
 * The body is a form or JSON with `phone` (any Australian mobile form).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { codeSendAllowed } from "@server/auth/limits";
import { normaliseMobile } from "@server/auth/signInRecords";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";

const bodySchema = z.object({ phone: z.string().max(40) });

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) return request.json().catch(() => null);
  const form = await request.formData().catch(() => null);
  return form ? Object.fromEntries(form) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const { platform, tenant } = dealerFrom(context);
  const parsed = bodySchema.safeParse(await readBody(request));
  const phone = parsed.success ? normaliseMobile(parsed.data.phone) : null;
  if (!phone) return json({ ok: false }, { status: 400, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  const check = await codeSendAllowed(platform, tenant.slug, phone, clientAddressOf(context));
  if (!check.allowed) {
    return json(
      { ok: false },
      { status: 429, headers: { "Cache-Control": PRIVATE_NO_STORE, "Retry-After": String(check.retryAfterSeconds) } },
    );
  }
  return json({ ok: true }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
