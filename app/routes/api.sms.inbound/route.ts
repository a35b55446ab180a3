/**
 * /api/sms/inbound: the SMS provider's webhook for replies to our messages (docs/alerts.md, "STOP").
 * Twilio posts each incoming message here as a form (From, To, Body...), signed with X-Twilio-Signature
 * (HMAC-SHA1 under the auth token of this URL and the sorted fields). A STOP reply (STOP, STOPALL,
 * UNSUBSCRIBE, CANCEL, END, QUIT in any case) withdraws the mobile's SMS consent at once
 * (server/alerts/stop.ts); anything else is ignored. The answer is empty TwiML: no reply is sent.
 *
 * Configure it in Twilio as the number's "A message comes in" webhook (HTTP POST) on any dealer's host:
 * https://<dealer domain>/api/sms/inbound.
 *
 * Without Twilio (the embedded outbox), the same route takes an unsigned form post, so a developer can
 * reply by hand: `curl -d From=+61412345678 -d Body=STOP http://coastal-gwm.localhost:3000/api/sms/inbound`.
 * With Twilio configured, an unsigned or wrongly signed post is refused (403).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isStopReply, withdrawSmsConsent } from "@server/alerts/stop";
import { E164, verifyTwilioSignature } from "@server/auth/twilio";
import { NO_STORE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { readFormBody } from "@server/leads/formAction";
import { log } from "@server/log";

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const replySchema = z.object({
  From: z.string().trim().regex(E164, "From must be an E.164 mobile"),
  Body: z.string().max(1600).default(""),
});

function text(status: number, body: string, type = "text/plain; charset=utf-8"): Response {
  return new Response(body, { status, headers: { "Content-Type": type, "Cache-Control": NO_STORE } });
}

export function loader() {
  return new Response("Replies to our SMS are posted here by the SMS provider.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const form = await readFormBody(request);
  if (!form) return text(400, "The body must be a form.");
  const fields: [string, string][] = [];
  for (const [name, value] of form) if (typeof value === "string") fields.push([name, value]);
  const authToken = platform.env.TWILIO_AUTH_TOKEN;
  if (authToken && !verifyTwilioSignature(authToken, request.url, fields, request.headers.get("X-Twilio-Signature"))) {
    log.warn("SMS reply refused: not signed by Twilio", { tenant: tenant.slug });
    return text(403, "Not signed by the SMS provider.");
  }
  const parsed = replySchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) return text(400, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  if (isStopReply(parsed.data.Body)) {
    try {
      const tenants = await withdrawSmsConsent(platform.db, { hostTenant: tenant.slug, mobile: parsed.data.From, body: parsed.data.Body });
      log.info("SMS consent withdrawn by a STOP reply", { tenants });
    } catch (error) {
      // Twilio retries a webhook that fails: the withdrawal is recorded then.
      log.error("SMS STOP not recorded", { tenant: tenant.slug, error: String(error) });
      return text(503, "Not recorded; try again.");
    }
  }
  return text(200, EMPTY_TWIML, "text/xml; charset=utf-8");
}
