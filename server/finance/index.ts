/**
 * Picks the finance broker from the environment: YouX when YOUX_URL and YOUX_API_KEY are set,
 * otherwise the embedded broker (the dealer's rate table, applications kept for the dealer's finance
 * team). The choice is logged once; the key never is.
 */
import type { Env } from "../config/env.server";
import type { Database } from "../db/database";
import { log as defaultLog } from "../log";
import { EmbeddedFinanceBroker } from "./embedded";
import type { FinanceBroker } from "./port";
import { YouxFinanceBroker } from "./youx";

export type { FinanceBroker } from "./port";

type FinanceEnv = Pick<Env, "YOUX_URL" | "YOUX_API_KEY">;

export function createFinanceBrokerFromEnv(
  env: FinanceEnv,
  db: Database,
  logger: Pick<typeof defaultLog, "info"> = defaultLog,
): FinanceBroker & { kind: "embedded" | "youx" } {
  if (env.YOUX_URL && env.YOUX_API_KEY) {
    logger.info("Finance broker: YouX", { url: env.YOUX_URL });
    return new YouxFinanceBroker({ url: env.YOUX_URL, apiKey: env.YOUX_API_KEY, db });
  }
  logger.info("Finance broker: embedded (the dealer's rate table; set YOUX_URL and YOUX_API_KEY for YouX)");
  return new EmbeddedFinanceBroker({ db });
}
