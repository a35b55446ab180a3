/**
 * The rego lookup contract (server/tradeIn/port.ts, VehicleLookup): the embedded lookup and the HTTP
 * adapter (against the fake provider, and the live provider when configured) must all pass it. A known
 * registration gives the car however its plate is typed; the same plate in another state, an unknown
 * plate, or something that cannot be a plate, gives nothing, never an error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegoLookupRequest, TradeInVehicle, VehicleLookup } from "@server/tradeIn/port";
import { testTenant } from "../support/testTenant";

export interface VehicleLookupHarness {
  lookup: VehicleLookup;
  /** A registration the lookup knows, and the car it should give. */
  known: RegoLookupRequest & { vehicle: Pick<TradeInVehicle, "year" | "make" | "model" | "badge"> };
  /** A state that plate is not registered in. */
  otherState: RegoLookupRequest["regoState"];
  close(): Promise<void>;
}

export const lookupDealer = testTenant("alpha-motors", { name: "Alpha Motors" });

/** The car every harness registers (as NSW 'ABC123' unless a live provider names its own). */
export const REGISTERED = {
  rego: "ABC123",
  regoState: "NSW" as const,
  vehicle: { year: 2021, make: "Toyota", model: "Corolla", badge: "Ascent Sport" },
};

export function describeVehicleLookupContract(name: string, setup: () => Promise<VehicleLookupHarness>) {
  describe(`rego lookup contract: ${name}`, () => {
    let h: VehicleLookupHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    it("finds the car registered under a plate, with its year, make, model and badge, and says where it came from", async () => {
      const found = await h.lookup.lookup(lookupDealer, { rego: h.known.rego, regoState: h.known.regoState });
      expect(found).toMatchObject(h.known.vehicle);
      expect(["stock", "provider"]).toContain(found!.source);
      expect(found!.km === null || (Number.isInteger(found!.km) && found!.km >= 0)).toBe(true);
    });

    it("finds it however the plate is typed: lower case, spaces, dashes", async () => {
      const spaced = `${h.known.rego.slice(0, 3).toLowerCase()} -${h.known.rego.slice(3).toLowerCase()}`;
      expect(await h.lookup.lookup(lookupDealer, { rego: spaced, regoState: h.known.regoState })).toMatchObject(h.known.vehicle);
    });

    it("finds nothing for the same plate in another state, an unknown plate, or something that is not a plate", async () => {
      expect(await h.lookup.lookup(lookupDealer, { rego: h.known.rego, regoState: h.otherState })).toBeNull();
      expect(await h.lookup.lookup(lookupDealer, { rego: "ZZZ999", regoState: h.known.regoState })).toBeNull();
      expect(await h.lookup.lookup(lookupDealer, { rego: "--- !", regoState: h.known.regoState })).toBeNull();
      expect(await h.lookup.lookup(lookupDealer, { rego: "ABCDEFGHIJKL", regoState: h.known.regoState })).toBeNull();
    });
  });
}
