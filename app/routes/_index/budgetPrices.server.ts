/**
 * Prices the budget search needs (spec 000 section 5: cars priced above 1000 only): the cheapest and
 * dearest car overall and per body type, from the site's search. Asked in one multi-search and kept a
 * minute per dealer, since every home page view needs them.
 */
import { BUDGET_MIN_CAR_PRICE, type BudgetCarType, type BudgetPriceRange } from "~/domain/budget";
import { bodyLabel, bodyTypeImage } from "~/domain/bodyTypes";
import { emptySearchRequest, type SearchRequest } from "~/domain/search";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { perDealerCache } from "@server/http/perDealerCache";

/** Body types offered besides 'all cars': the most stocked ones, enough for a row of tiles. */
const MAX_BODY_TYPES = 6;
const prices = perDealerCache<BudgetCarType[]>(60_000);

const priced = (overrides: Partial<SearchRequest>) =>
  emptySearchRequest({ perPage: 1, ranges: { price: { min: BUDGET_MIN_CAR_PRICE + 1 } }, ...overrides });

async function load(platform: Platform, tenant: TenantConfig): Promise<BudgetCarType[]> {
  const [cheapest, dearest] = await platform.search.multiSearch(tenant, [
    priced({ sortBy: "price:asc", facets: ["body"] }),
    priced({ sortBy: "price:desc" }),
  ]);
  const bodies = (cheapest.facets.body ?? [])
    .filter((b) => b.value && b.count > 0)
    .slice(0, MAX_BODY_TYPES)
    .map((b) => b.value);
  const perBody = bodies.length
    ? await platform.search.multiSearch(
        tenant,
        bodies.flatMap((body) => [
          priced({ sortBy: "price:asc", filters: { body: [body] } }),
          priced({ sortBy: "price:desc", filters: { body: [body] } }),
        ]),
      )
    : [];
  const range = (low: (typeof perBody)[number] | undefined, high: (typeof perBody)[number] | undefined): BudgetPriceRange | null =>
    low?.hits[0] && high?.hits[0] ? { min: low.hits[0].price, max: high.hits[0].price } : null;
  return [
    { body: "", label: "Car", image: null, prices: range(cheapest, dearest) },
    ...bodies.map((body, i) => ({
      body,
      label: bodyLabel(body),
      image: bodyTypeImage(body),
      prices: range(perBody[2 * i], perBody[2 * i + 1]),
    })),
  ];
}

export function budgetCarTypes(platform: Platform, tenant: TenantConfig): Promise<BudgetCarType[]> {
  // A failed search is not kept: the home page shows the budget search without prices and the next view asks again.
  return prices.get(tenant.slug, () => load(platform, tenant));
}
