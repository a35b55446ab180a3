/**
 * The rego lookup contract against the live provider, when VEHICLE_LOOKUP_URL and VEHICLE_LOOKUP_KEY are
 * set along with a registration it knows (VEHICLE_LOOKUP_TEST_REGO, _STATE, _YEAR, _MAKE, _MODEL, _BADGE);
 * skipped otherwise.
 */
import { describe, it } from "vitest";
import { HttpVehicleLookup } from "@server/tradeIn/httpLookup";
import type { RegoState } from "@server/tradeIn/port";
import { describeVehicleLookupContract } from "./vehicleLookup.contract";

const env = process.env;
const configured = env.VEHICLE_LOOKUP_URL && env.VEHICLE_LOOKUP_KEY && env.VEHICLE_LOOKUP_TEST_REGO && env.VEHICLE_LOOKUP_TEST_STATE;

if (configured) {
  const state = env.VEHICLE_LOOKUP_TEST_STATE as RegoState;
  describeVehicleLookupContract("HTTP (live provider)", async () => ({
    lookup: new HttpVehicleLookup({ url: env.VEHICLE_LOOKUP_URL!, apiKey: env.VEHICLE_LOOKUP_KEY! }),
    known: {
      rego: env.VEHICLE_LOOKUP_TEST_REGO!,
      regoState: state,
      vehicle: {
        year: Number(env.VEHICLE_LOOKUP_TEST_YEAR),
        make: env.VEHICLE_LOOKUP_TEST_MAKE ?? "",
        model: env.VEHICLE_LOOKUP_TEST_MODEL ?? "",
        badge: env.VEHICLE_LOOKUP_TEST_BADGE ?? "",
      },
    },
    otherState: state === "NSW" ? "VIC" : "NSW",
    close: async () => {},
  }));
} else {
  describe("rego lookup contract: HTTP (live provider)", () => {
    it.skip("runs when VEHICLE_LOOKUP_URL, VEHICLE_LOOKUP_KEY and a known VEHICLE_LOOKUP_TEST_REGO are set", () => {});
  });
}
