import { describe, it } from "vitest";
import { openPostgresDatabase } from "@server/db/postgres";
import { describeDataContract } from "./data.contract";

const url = process.env.DATABASE_URL;

if (url) {
  // A schema of its own per run, dropped afterwards, so the suite never touches real data.
  const schema = `contract_${process.pid}_${Date.now()}`;
  describeDataContract("PostgreSQL (DATABASE_URL)", () => openPostgresDatabase(url, { schema, dropSchemaOnClose: true }));
} else {
  describe("data layer contract: PostgreSQL", () => {
    it.skip("runs when DATABASE_URL is set", () => {});
  });
}
