/**
 * The finance broker contract on the YouX adapter against the real YouX API, when YOUX_URL and
 * YOUX_API_KEY are set. Quotes only: creating customers would file real applications (set
 * YOUX_LIVE_CREATE_CUSTOMERS=1 against a YouX test environment to include them). Skipped, visibly,
 * otherwise.
 */
import { describe, it } from "vitest";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { YouxFinanceBroker } from "@server/finance/youx";
import { describeFinanceBrokerContract } from "./financeBroker.contract";

const { YOUX_URL, YOUX_API_KEY, YOUX_LIVE_CREATE_CUSTOMERS } = process.env;

if (!YOUX_URL || !YOUX_API_KEY) {
  describe("finance broker contract: YouX (live API)", () => {
    it.skip("runs when YOUX_URL and YOUX_API_KEY are set", () => {});
  });
} else {
  describeFinanceBrokerContract("YouX (live API)", async () => {
    const db = await freshPglite();
    await migrate(db);
    return {
      broker: new YouxFinanceBroker({ url: YOUX_URL, apiKey: YOUX_API_KEY, db }),
      db,
      createsCustomers: YOUX_LIVE_CREATE_CUSTOMERS === "1",
      close: () => db.close(),
    };
  });
}
