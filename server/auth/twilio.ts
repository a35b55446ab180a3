/**
 * The SMS port's production adapter: Twilio's Messages REST API (docs/alerts.md, "Providers"). With
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set, sign-in codes (embedded sign-in) and alerts go
 * out as SMS through Twilio; without them, to the embedded outbox (DATA_DIR/sms-outbox.jsonl).
 *
 * - Send: `POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json`, a form body with `To` (E.164),
 *   `Body`, and `From` (a number, or an alphanumeric sender id) or `MessagingServiceSid` (MG...), with HTTP
 *   basic auth (the account SID and auth token), through the one outbound helper (server/http/outbound.ts)
 *   without retries: the alert worker retries with back-off, and a code the shopper asks for again.
 * - Failures: an Error naming Twilio, the HTTP status and Twilio's own error code and message, never the
 *   token.
 * - Inbound (replies such as STOP, app/routes/api.sms.inbound): Twilio signs each webhook with
 *   X-Twilio-Signature, base64 HMAC-SHA1 under the auth token of the whole URL it called followed by
 *   each POST parameter's name and value, sorted by name (`twilioSignature`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { OutboundError, outboundFetch } from "../http/outbound";
import type { SmsMessage, SmsSender } from "./sms";

export const TWILIO_API_URL = "https://api.twilio.com";

/** E.164: a plus, a country code and at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;
/** A Messaging Service's SID, given as TWILIO_FROM to send through the service. */
export const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** An E.164 number, an alphanumeric sender id, or a Messaging Service SID (MG...). */
  from: string;
  /** Twilio's API (tests give the fake's address). */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class TwilioSmsSender implements SmsSender {
  readonly kind = "twilio";
  private readonly apiUrl: string;

  constructor(private readonly options: TwilioOptions) {
    this.apiUrl = (options.apiUrl ?? TWILIO_API_URL).replace(/\/+$/, "");
  }

  async send(message: SmsMessage): Promise<void> {
    if (!E164.test(message.to)) throw new Error("Twilio: the mobile number is not in E.164 form");
    const { accountSid, authToken, from } = this.options;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (MESSAGING_SERVICE_SID.test(from)) form.set("MessagingServiceSid", from);
    else form.set("From", from);
    const response = await outboundFetch({
      provider: "Twilio",
      url: `${this.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: form.toString(),
      timeoutMs: this.options.timeoutMs ?? 10_000,
      retries: 0,
      fetch: this.options.fetch,
    });
    const text = await response.text().catch(() => "");
    if (response.ok) return;
    // Twilio's error body: { code, message, more_info, status }. Its message never holds the token.
    let detail = "";
    try {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      const code = typeof body.code === "number" ? ` error ${body.code}` : "";
      const said = typeof body.message === "string" ? `: ${body.message.replaceAll(authToken, "[token]").slice(0, 200)}` : "";
      detail = `${code}${said}`;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new OutboundError("Twilio", "status", `HTTP ${response.status}${detail}`, response.status);
  }
}

/** X-Twilio-Signature of a webhook: base64 HMAC-SHA1 of the URL and the sorted parameters' names and values. */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  let data = url;
  for (const [name, value] of sorted) data += name + value;
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether a webhook's signature is Twilio's for this URL and these parameters (compared in constant time). */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | null,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
