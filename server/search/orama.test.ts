import { describe, expect, it } from "vitest";
import { syntheticStock } from "../../tests/fixtures/searchVehicles";
import { OramaSearchEngine } from "./orama";

describe("Orama engine upserts", () => {
  it("replaces every existing car when a catch-up re-sends more than a thousand of them", async () => {
    const stock = syntheticStock(1500);
    const engine = new OramaSearchEngine();
    await engine.replaceAll("alpha", stock);
    await engine.upsert(
      "alpha",
      stock.map((v) => ({ ...v, price: v.price + 1 })),
    );
    expect(engine.size("alpha")).toBe(1500);
    expect((await engine.getBySlug("alpha", stock[1200].slug))?.price).toBe(stock[1200].price + 1);
  });
});
