import { describe, it } from "vitest";
import { openPostgresDatabase } from "@server/db/postgres";
import { describeLimitsContract } from "./limits.contract";

const url = process.env.DATABASE_URL;

if (url) {
  // A schema of its own per run, dropped afterwards, so the suite never touches real data.
  const schema = `limits_${process.pid}_${Date.now()}`;
  describeLimitsContract("PostgreSQL (DATABASE_URL)", () => openPostgresDatabase(url, { schema, dropSchemaOnClose: true }));
} else {
  describe("abuse limits contract: PostgreSQL", () => {
    it.skip("runs when DATABASE_URL is set", () => {});
  });
}
