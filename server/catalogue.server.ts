/**
 * The header's "Vehicles" and "Stock" dropdowns, from the dealer's live stock: the models with most
 * cars, and stock by condition with counts. Cached for a minute per dealer so every page view does not
 * repeat the search.
 */
import type { HeaderCatalogue } from "~/domain/headerCatalogue";
import { emptySearchRequest } from "~/domain/search";
import { slugify } from "~/domain/searchLinks";
import { perDealerCache } from "./http/perDealerCache";
import { log } from "./log";
import type { Platform } from "./platform.server";
import type { TenantConfig } from "./tenants/schema";

const MODELS_SHOWN = 12;
const catalogues = perDealerCache<HeaderCatalogue>(60_000);

const CONDITION_LINKS = [
  { carType: "new", label: "New", segment: "new-cars" },
  { carType: "demo", label: "Demo", segment: "demo-cars" },
  { carType: "used", label: "Used", segment: "used-cars" },
] as const;

export async function headerCatalogue(platform: Platform, tenant: TenantConfig): Promise<HeaderCatalogue> {
  try {
    return await catalogues.get(tenant.slug, () => loadCatalogue(platform, tenant));
  } catch (error) {
    // The menu still works from its fixed links when search is unavailable; the empty menu is not kept,
    // so the next page view asks again.
    log.warn("header catalogue unavailable", { tenant: tenant.slug, error: String(error) });
    return { models: [], stock: [] };
  }
}

async function loadCatalogue(platform: Platform, tenant: TenantConfig): Promise<HeaderCatalogue> {
  const prefix = tenant.paths.searchPrefix;
  const result = await platform.search.search(tenant, emptySearchRequest({ perPage: 1, facets: ["make_model", "car_type"] }));
  const models = (result.facets.make_model ?? []).slice(0, MODELS_SHOWN).map((item) => {
    const [make, model = ""] = item.value.split("|");
    return { label: `${make} ${model}`.trim(), href: `${prefix}/${slugify(make)}/${slugify(model)}` };
  });
  const counts = new Map((result.facets.car_type ?? []).map((item) => [item.value, item.count]));
  const stock = CONDITION_LINKS.filter((c) => (counts.get(c.carType) ?? 0) > 0).map((c) => ({
    label: `${c.label} (${counts.get(c.carType)})`,
    href: `${prefix}/${c.segment}`,
  }));
  stock.push({ label: `All stock (${result.found})`, href: prefix });
  return { models, stock };
}
