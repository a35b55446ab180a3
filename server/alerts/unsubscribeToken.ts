/**
 * The unsubscribe link's token (`/pages/unsubscribe?t=TOKEN`, docs/alerts.md): it names the dealer, the
 * channel and the address alerts went to (and the shopper's mobile, whose consent history it joins), signed
 * with HMAC-SHA256 under a key made from the server secret (server/auth/secret.ts). No expiry: a link in
 * an old message must still work. It carries no secret of its own; a changed or made-up token is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ALERT_CHANNELS, type AlertChannel } from "./types";

export interface UnsubscribeTarget {
  tenant: string;
  channel: AlertChannel;
  /** The mobile (E.164) or e-mail address alerts went to. */
  address: string;
  /** The shopper (users.phone). */
  phone: string;
}

/** The longest token accepted (a long e-mail address and a dealer slug fit easily). */
export const MAX_TOKEN_LENGTH = 1000;

const targetSchema = z.object({
  d: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(100),
  c: z.enum(ALERT_CHANNELS),
  a: z.string().min(3).max(254),
  p: z.string().max(20),
});

/** The key the tokens are signed with: its own, made from the server secret, so it signs nothing else. */
export function unsubscribeKey(serverSecret: string): string {
  return createHmac("sha256", serverSecret).update("alert-unsubscribe-link").digest("hex");
}

const sign = (key: string, body: string) => createHmac("sha256", key).update(body).digest("base64url");

export function unsubscribeToken(key: string, target: UnsubscribeTarget): string {
  const body = Buffer.from(JSON.stringify({ d: target.tenant, c: target.channel, a: target.address, p: target.phone })).toString(
    "base64url",
  );
  return `${body}.${sign(key, body)}`;
}

/** The target a token names, or null when it is malformed, too long or not signed with this key. */
export function readUnsubscribeToken(key: string, token: string | null | undefined): UnsubscribeTarget | null {
  if (!token || token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return null;
  const [body, signature] = token.split(".") as [string, string];
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = targetSchema.safeParse(decoded);
  if (!parsed.success) return null;
  return { tenant: parsed.data.d, channel: parsed.data.c, address: parsed.data.a, phone: parsed.data.p };
}
