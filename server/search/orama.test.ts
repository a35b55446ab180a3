import { describe, expect, it } from "vitest";
import { emptySearchRequest } from "~/domain/search";
import { fixtureScope, syntheticStock } from "../../tests/fixtures/searchVehicles";
import type { ScopedSearchRequest } from "./engine";
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

describe("Orama engine answers kept until the stock changes", () => {
  const request = (overrides: Partial<ScopedSearchRequest> = {}): ScopedSearchRequest => ({
    ...emptySearchRequest({ perPage: 5, facets: ["make"], stats: ["price"] }),
    sortBy: "price:asc",
    excludeZeroPrice: true,
    scope: fixtureScope(),
    ...overrides,
  });

  it("answers the same search again the same, and a different one on its own", async () => {
    const engine = new OramaSearchEngine();
    await engine.replaceAll("alpha", syntheticStock(40));
    const first = await engine.search("alpha", request());
    const again = await engine.search("alpha", request());
    expect(again.hits.map((car) => car.id)).toEqual(first.hits.map((car) => car.id));
    expect(again.facets).toEqual(first.facets);
    // A caller changing its answer's list changes no one else's.
    again.hits.pop();
    expect((await engine.search("alpha", request())).hits).toHaveLength(5);
    const page2 = await engine.search("alpha", request({ page: 2 }));
    expect(page2.hits.map((car) => car.id)).not.toEqual(first.hits.map((car) => car.id));
  });

  it("a repriced, added or removed car shows in the next answer to the same search", async () => {
    const engine = new OramaSearchEngine();
    const stock = syntheticStock(40);
    await engine.replaceAll("alpha", stock);
    const before = await engine.search("alpha", request());
    const cheapest = before.hits[0];
    await engine.upsert("alpha", [{ ...cheapest, price: 1 }]);
    expect((await engine.search("alpha", request())).hits[0].price).toBe(1);
    await engine.remove("alpha", [cheapest.id]);
    expect((await engine.search("alpha", request())).hits.map((car) => car.id)).not.toContain(cheapest.id);
    await engine.upsert("alpha", [{ ...stock[0], id: "new-car", slug: "new-car", price: 2 }]);
    const after = await engine.search("alpha", request());
    expect(after.hits[0].id).toBe("new-car");
    expect(after.found).toBe(before.found);
    const three = stock.slice(0, 3);
    await engine.replaceAll("alpha", three);
    const replaced = await engine.search("alpha", request());
    expect(replaced.found).toBeLessThanOrEqual(3);
    expect(replaced.hits.every((car) => three.some((kept) => kept.id === car.id))).toBe(true);
  });

  it("keeps each dealer's answers apart: one dealer's change leaves another's answers as they are", async () => {
    const engine = new OramaSearchEngine();
    await engine.replaceAll("alpha", syntheticStock(20, "a"));
    await engine.replaceAll("bravo", syntheticStock(20, "b"));
    const alpha = await engine.search("alpha", request());
    const bravo = await engine.search("bravo", request());
    expect(alpha.hits.every((car) => car.id.startsWith("a"))).toBe(true);
    expect(bravo.hits.every((car) => car.id.startsWith("b"))).toBe(true);
    await engine.upsert("alpha", [{ ...alpha.hits[0], price: 1 }]);
    expect((await engine.search("alpha", request())).hits[0].price).toBe(1);
    expect((await engine.search("bravo", request())).hits.map((car) => car.id)).toEqual(bravo.hits.map((car) => car.id));
  });

  it("an answer worked out while the stock was changing is not kept after the change", async () => {
    const engine = new OramaSearchEngine();
    const stock = syntheticStock(40);
    await engine.replaceAll("alpha", stock);
    const words = { query: stock[3].make };
    const cheapest = (await engine.search("alpha", request(words))).hits[0];
    // A search with words waits for the word index, so the change lands in the middle of it.
    const during = engine.search("alpha", request({ ...words, perPage: 6 }));
    const change = engine.upsert("alpha", [{ ...cheapest, price: 1 }]);
    await Promise.all([during, change]);
    expect((await engine.search("alpha", request({ ...words, perPage: 6 }))).hits[0].price).toBe(1);
  });
});
