/**
 * Picks the phone sign-in adapter from the environment: Supabase Auth when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set, otherwise the embedded one (codes in the database, SMS to
 * DATA_DIR/sms-outbox.jsonl). The choice is logged once.
 */
import type { Env } from "../config/env.server";
import type { Database } from "../db/database";
import { log as defaultLog } from "../log";
import { EmbeddedPhoneAuth } from "./embedded";
import type { PhoneAuth } from "./port";
import { loadServerSecret } from "./secret";
import { OutboxSmsSender, SMS_OUTBOX_FILE, type SmsSender } from "./sms";
import { SupabasePhoneAuth } from "./supabase";
import { TwilioSmsSender } from "./twilio";

export type { PhoneAuth } from "./port";
export type { SmsSender } from "./sms";

type SmsEnv = Partial<Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_API_URL">> & Pick<Env, "dataDir">;
type AuthEnv = Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "SESSION_SECRET" | "dataDir"> & Partial<Pick<Env, "RATE_LIMITS">> & SmsEnv;

/**
 * The SMS port (sign-in codes and alerts): Twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM,
 * else the embedded outbox (DATA_DIR/sms-outbox.jsonl). The choice is logged once.
 */
export function createSmsSenderFromEnv(env: SmsEnv, logger: Pick<typeof defaultLog, "info"> = defaultLog): SmsSender {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    logger.info("SMS: Twilio", { from: env.TWILIO_FROM });
    return new TwilioSmsSender({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.TWILIO_API_URL,
    });
  }
  logger.info(
    `SMS: embedded (written to ${SMS_OUTBOX_FILE} in DATA_DIR; set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM for Twilio)`,
  );
  return OutboxSmsSender.inDataDir(env.dataDir);
}

export function createPhoneAuthFromEnv(
  env: AuthEnv,
  db: Database,
  logger: Pick<typeof defaultLog, "info"> = defaultLog,
  /** The SMS port the platform built (createSmsSenderFromEnv); else chosen here, without logging it again. */
  smsSender?: SmsSender,
): { auth: PhoneAuth; sms: SmsSender } {
  const sms = smsSender ?? createSmsSenderFromEnv(env, { info: () => undefined });
  if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    logger.info("Phone sign-in: Supabase Auth", { url: env.SUPABASE_URL });
    return { auth: new SupabasePhoneAuth({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, db, rateLimits: env.RATE_LIMITS }), sms };
  }
  logger.info(
    `Phone sign-in: embedded (codes sent by ${sms.kind === "twilio" ? "Twilio" : `SMS to ${SMS_OUTBOX_FILE} in DATA_DIR`}; set SUPABASE_URL and SUPABASE_ANON_KEY for Supabase Auth)`,
  );
  return { auth: new EmbeddedPhoneAuth({ db, sms, secret: loadServerSecret(env), rateLimits: env.RATE_LIMITS }), sms };
}
