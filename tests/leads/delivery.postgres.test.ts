import { describe, it } from "vitest";
import { openPostgresDatabase } from "@server/db/postgres";
import { describeLeadDelivery } from "./delivery.contract";

const url = process.env.DATABASE_URL;

if (url) {
  // A schema of its own per run, dropped afterwards, so the suite never touches real data.
  const schema = `leads_${process.pid}_${Date.now()}`;
  describeLeadDelivery("PostgreSQL (DATABASE_URL)", () => openPostgresDatabase(url, { schema, dropSchemaOnClose: true }));
} else {
  describe("lead delivery: PostgreSQL", () => {
    it.skip("runs when DATABASE_URL is set", () => {});
  });
}
