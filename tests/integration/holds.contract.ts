/**
 * What must hold under concurrent requests, on every database (PGlite and PostgreSQL alike): of many
 * shoppers claiming one test-drive time at once exactly one has it; of many reservations of one car at
 * once exactly one holds it; a payment provider's event is acted on once however often it arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { upsertVehicles } from "@server/db/vehicles";
import { markCarReserved, recordNoticeOnce } from "@server/payments/reservations";
import { claimSlot } from "@server/testDrive/bookings";
import { testVehicle } from "../support/testVehicle";

export function describeHoldsContract(name: string, open: () => Promise<Database>) {
  describe(`holds under concurrency: ${name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await migrate(db);
    });
    afterAll(async () => db?.close());

    it("one test-drive time, claimed by ten shoppers at once, goes to one", async () => {
      const start = new Date("2031-03-04T23:30:00Z");
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claimSlot(db, { tenant: "alpha-motors", locationId: "l1", start, carId: `car-${i}` })),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // The same time at another yard, or at another dealer, is free.
      expect(await claimSlot(db, { tenant: "alpha-motors", locationId: "l2", start, carId: null })).toBeTruthy();
      expect(await claimSlot(db, { tenant: "beta-motors", locationId: "l1", start, carId: null })).toBeTruthy();
    });

    it("one car, reserved by five shoppers at once, is held once; a sold car not at all", async () => {
      await upsertVehicles(db, "alpha-motors", [
        testVehicle({ id: "hold-1", slug: "hold-1", reserved: false }),
        testVehicle({ id: "hold-sold", slug: "hold-sold", status: "sold", reserved: false }),
      ]);
      const holds = await Promise.all(Array.from({ length: 5 }, () => markCarReserved(db, "alpha-motors", "hold-1")));
      expect(holds.filter(Boolean)).toHaveLength(1);
      expect(await markCarReserved(db, "alpha-motors", "hold-sold")).toBe(false);
      expect(await markCarReserved(db, "beta-motors", "hold-1")).toBe(false);
    });

    it("a provider's event is recorded once however often it arrives", async () => {
      const seen = await Promise.all(
        Array.from({ length: 5 }, () => recordNoticeOnce(db, "stripe", "evt_hold_1", "checkout.session.completed")),
      );
      expect(seen.filter(Boolean)).toHaveLength(1);
    });
  });
}
