/**
 * Similar vehicles under the vehicle page (spec 000 sections 4 and 9): in-stock cars only, in a price
 * window of plus or minus 10,000 (25,000 from 50,000 up); the same model first, then the same make;
 * 10 hits per query in one multi-search; deduplicated by id; at most 6.
 */
import { emptySearchRequest, type SearchRequest } from "./search";
import { buildSearchHref, emptySearchState } from "./searchUrl";
import { sellingPrice } from "./priceDisplay";
import type { Vehicle } from "./vehicle";

export const SIMILAR_HITS_PER_QUERY = 10;
export const SIMILAR_MAX = 6;
/** Skeleton cards while they load. */
export const SIMILAR_SKELETONS = 6;
/** They load when the block comes within this distance of the viewport. */
export const SIMILAR_LOAD_MARGIN_PX = 500;

export function priceWindow(price: number): { min: number; max: number } | null {
  if (!(price > 10)) return null;
  const spread = price < 50_000 ? 10_000 : 25_000;
  return { min: Math.max(0, price - spread), max: price + spread };
}

/** The two queries of the one multi-search: model match first, then make within the price window. */
export function similarCarsRequests(v: Pick<Vehicle, "make" | "model" | "price" | "offer_price">): SearchRequest[] {
  const window = priceWindow(sellingPrice(v));
  const ranges = window ? { price: window } : {};
  const base = { perPage: SIMILAR_HITS_PER_QUERY, page: 1 };
  const requests: SearchRequest[] = [];
  if (v.make && v.model) {
    requests.push(emptySearchRequest({ ...base, filters: { status: ["in_stock"], make: [v.make], model: [v.model] }, ranges }));
  }
  requests.push(emptySearchRequest({ ...base, filters: { status: ["in_stock"], ...(v.make ? { make: [v.make] } : {}) }, ranges }));
  return requests;
}

/** Hits in query order, in stock, without the car itself or repeats, at most 6. */
export function mergeSimilarCars<T extends Pick<Vehicle, "id" | "status">>(hitLists: readonly (readonly T[])[], currentId: string): T[] {
  const seen = new Set<string>([currentId]);
  const out: T[] = [];
  for (const hits of hitLists) {
    for (const hit of hits) {
      if (hit.status !== "in_stock" || seen.has(hit.id)) continue;
      seen.add(hit.id);
      out.push(hit);
      if (out.length === SIMILAR_MAX) return out;
    }
  }
  return out;
}

/**
 * The results page of the cars the block would show: the same make in the same price window (the second
 * query, which holds the first). Where the block cannot load them (JavaScript off, or the search failed)
 * it links here instead.
 */
export function similarCarsSearchHref(searchPrefix: string, v: Pick<Vehicle, "make" | "price" | "offer_price">): string {
  const window = priceWindow(sellingPrice(v));
  return buildSearchHref(searchPrefix, {
    ...emptySearchState(),
    filters: v.make ? { make: [v.make] } : {},
    ranges: window ? { price: window } : {},
  });
}
