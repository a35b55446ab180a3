/**
 * GET /api/captcha: what a lead form's captcha widget shows on this dealer's site (server/captcha):
 * `{ provider: "altcha" }`, `{ provider: "turnstile", siteKey }` (the public key only) or
 * `{ provider: "none" }` where the captcha is off. `?challenge=altcha` answers a fresh ALTCHA
 * proof-of-work challenge itself, signed for this dealer's site, as the widget fetches it. Asked by the
 * form once the shopper starts on it, never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { captchaWidgetFor } from "@server/captcha";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  const widget = await captchaWidgetFor(platform, tenant);
  if (new URL(request.url).searchParams.get("challenge") === "altcha") {
    if (widget.provider !== "altcha") return json({ error: "This site does not use that challenge." }, { status: 404, headers });
    return json(widget.challenge, { headers });
  }
  return json(widget.provider === "altcha" ? { provider: "altcha" } : widget, { headers });
}
