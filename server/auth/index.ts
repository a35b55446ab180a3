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

export type { PhoneAuth } from "./port";
export type { SmsSender } from "./sms";

type AuthEnv = Pick<Env, "SUPABASE_URL" | "SUPABASE_ANON_KEY" | "SESSION_SECRET" | "dataDir"> & Partial<Pick<Env, "RATE_LIMITS">>;

export function createPhoneAuthFromEnv(
  env: AuthEnv,
  db: Database,
  logger: Pick<typeof defaultLog, "info"> = defaultLog,
): { auth: PhoneAuth; sms: SmsSender } {
  const sms = OutboxSmsSender.inDataDir(env.dataDir);
  if (env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    logger.info("Phone sign-in: Supabase Auth", { url: env.SUPABASE_URL });
    return { auth: new SupabasePhoneAuth({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, db, rateLimits: env.RATE_LIMITS }), sms };
  }
  logger.info(
    `Phone sign-in: embedded (codes written to ${SMS_OUTBOX_FILE} in DATA_DIR; set SUPABASE_URL and SUPABASE_ANON_KEY for Supabase Auth)`,
  );
  return { auth: new EmbeddedPhoneAuth({ db, sms, secret: loadServerSecret(env), rateLimits: env.RATE_LIMITS }), sms };
}
