import { describe, expect, it } from "vitest";
import { NO_DELIVERY_ESTIMATE, POSTCODE_REQUIRED } from "~/domain/deliveryEstimate";
import type { TenantConfig } from "../tenants/schema";
import { deliveryOutcome } from "./index";
import type { DeliveryPort } from "./port";
import { estimateFromRegions, regionDelivery } from "./regions";

const regions: TenantConfig["delivery"]["regions"] = [
  {
    name: "Sydney Metro",
    postcodes: [
      [2000, 2234],
      [2555, 2574],
    ],
    price: 0,
  },
  { name: "Regional NSW", postcodes: [[2340, 2899]], price: 990 },
  { name: "ACT", postcodes: [[2600, 2620]], price: 790 },
];
const tenant = { slug: "alpha", delivery: { regions } } as unknown as TenantConfig;

/** Every delivery adapter answers price and region name for a covered postcode and null otherwise. */
function deliveryContract(name: string, port: DeliveryPort) {
  describe(`delivery port contract: ${name}`, () => {
    it("answers the price and region name for a covered postcode", async () => {
      expect(await port.estimate(tenant, "2150")).toEqual({ price: 0, name: "Sydney Metro" });
      expect(await port.estimate(tenant, "2650")).toEqual({ price: 990, name: "Regional NSW" });
    });
    it("answers null for a postcode no region covers", async () => {
      expect(await port.estimate(tenant, "4000")).toBeNull();
    });
  });
}

deliveryContract("configured regions", regionDelivery);

describe("delivery regions", () => {
  it("includes both ends of a range", () => {
    expect(estimateFromRegions(regions, "2000")?.name).toBe("Sydney Metro");
    expect(estimateFromRegions(regions, "2234")?.name).toBe("Sydney Metro");
    expect(estimateFromRegions(regions, "2235")).toBeNull();
  });
  it("prefers the narrowest range where regions overlap", () => {
    expect(estimateFromRegions(regions, "2600")).toEqual({ price: 790, name: "ACT" });
  });
  it("only four-digit postcodes can be in a region", () => {
    expect(estimateFromRegions(regions, "215")).toBeNull();
    expect(estimateFromRegions(regions, "abcd")).toBeNull();
    expect(estimateFromRegions(regions, " 2150 ")?.name).toBe("Sydney Metro");
  });
  it("a dealer without regions has no estimates", () => {
    expect(estimateFromRegions([], "2150")).toBeNull();
  });
});

describe("delivery calculator outcome", () => {
  it("asks for a postcode when none is given", async () => {
    expect(await deliveryOutcome(regionDelivery, tenant, "  ")).toEqual({ kind: "error", postcode: "", message: POSTCODE_REQUIRED });
    expect(await deliveryOutcome(regionDelivery, tenant, undefined)).toMatchObject({ message: "Please enter a postcode." });
  });
  it("gives the estimate, or the spec's message when there is none", async () => {
    expect(await deliveryOutcome(regionDelivery, tenant, "2600")).toEqual({
      kind: "estimate",
      postcode: "2600",
      estimate: { price: 790, name: "ACT" },
    });
    expect(await deliveryOutcome(regionDelivery, tenant, "9999")).toEqual({
      kind: "error",
      postcode: "9999",
      message: NO_DELIVERY_ESTIMATE,
    });
    expect(NO_DELIVERY_ESTIMATE).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });
  it("a failing adapter gives the same message rather than an error page", async () => {
    const broken: DeliveryPort = { name: "broken", estimate: () => Promise.reject(new Error("down")) };
    expect(await deliveryOutcome(broken, tenant, "2150")).toMatchObject({ kind: "error", message: NO_DELIVERY_ESTIMATE });
  });
});
