/**
 * What every market-price adapter must do, run against the embedded default and the HTTP adapter (the
 * latter against a fake service): answer the price-comparison entity for a car that has a market, and
 * nothing for a car that has none.
 */
import { describe, expect, it } from "vitest";
import { testVehicle } from "../../tests/support/testVehicle";
import type { Vehicle } from "~/domain/vehicle";
import type { TenantConfig } from "../tenants/schema";
import type { MarketPricePort } from "./port";

export const tenant = { slug: "alpha" } as TenantConfig;

/** A small stock: five HiLuxes around $50k, one Corolla alone, a sold HiLux that must not count. */
export function contractStock(): Vehicle[] {
  const hilux = (id: string, price: number, year = 2022, km = 40000, status = "in_stock") =>
    testVehicle({ id, slug: id, make: "Toyota", model: "HiLux", price, offer_price: 0, year, km, status });
  return [
    hilux("h1", 52990),
    hilux("h2", 49990, 2021, 52000),
    hilux("h3", 55990, 2023, 30000),
    hilux("h4", 58990),
    hilux("h5", 47990, 2021),
    hilux("h-sold", 20000, 2022, 40000, "sold"),
    testVehicle({ id: "c1", slug: "c1", make: "Toyota", model: "Corolla", price: 25990, year: 2020, km: 60000 }),
  ];
}

export function marketPriceContract(name: string, makePort: (stock: Vehicle[]) => Promise<MarketPricePort> | MarketPricePort) {
  describe(`market-price port contract: ${name}`, () => {
    it("answers fill, listing price, market range, confidence and description for a car with a market", async () => {
      const stock = contractStock();
      const port = await makePort(stock);
      const car = stock.find((v) => v.id === "h1")!;
      const result = await port.compare(tenant, car);
      expect(result).not.toBeNull();
      expect(result!.listing_price).toBe(52990);
      expect(result!.market_range_min).toBeLessThanOrEqual(result!.market_range_max);
      expect(result!.fill).toBeGreaterThanOrEqual(0);
      expect(result!.fill).toBeLessThanOrEqual(1);
      expect(result!.confidence).toBeGreaterThan(0);
      expect(result!.confidence).toBeLessThanOrEqual(1);
      expect(result!.description).toMatch(/HiLux/);
    });

    it("a cheaper car sits further towards the bottom of the range", async () => {
      const stock = contractStock();
      const port = await makePort(stock);
      const cheap = await port.compare(
        tenant,
        stock.find((v) => v.id === "h5")!,
      );
      const dear = await port.compare(
        tenant,
        stock.find((v) => v.id === "h4")!,
      );
      expect(cheap!.fill).toBeGreaterThan(dear!.fill);
    });

    it("answers nothing for a car without comparable stock", async () => {
      const stock = contractStock();
      const port = await makePort(stock);
      expect(
        await port.compare(
          tenant,
          stock.find((v) => v.id === "c1")!,
        ),
      ).toBeNull();
    });
  });
}
