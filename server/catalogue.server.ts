/**
 * The header's "Vehicles" and "Stock" dropdowns, from the dealer's live stock: the models with most
 * cars, and stock by condition with counts. Cached for a minute per dealer so every page view does not
 * repeat the search.
 */
import type { HeaderCatalogue } from "~/components/layout/SiteHeader";
import { emptySearchRequest } from "~/domain/search";
import { slugify } from "~/domain/searchLinks";
import { log } from "./log";
import type { Platform } from "./platform.server";
import type { TenantConfig } from "./tenants/schema";

const TTL_MS = 60_000;
const MODELS_SHOWN = 12;
const cache = new Map<string, { at: number; catalogue: HeaderCatalogue }>();

const CONDITION_LINKS = [
  { carType: "new", label: "New", segment: "new-cars" },
  { carType: "demo", label: "Demo", segment: "demo-cars" },
  { carType: "used", label: "Used", segment: "used-cars" },
] as const;

export async function headerCatalogue(platform: Platform, tenant: TenantConfig, now = Date.now()): Promise<HeaderCatalogue> {
  const cached = cache.get(tenant.slug);
  if (cached && now - cached.at < TTL_MS) return cached.catalogue;
  const prefix = tenant.paths.searchPrefix;
  try {
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
    const catalogue = { models, stock };
    cache.set(tenant.slug, { at: now, catalogue });
    return catalogue;
  } catch (error) {
    // The menu still works from its fixed links when search is unavailable.
    log.warn("header catalogue unavailable", { tenant: tenant.slug, error: String(error) });
    return { models: [], stock: [] };
  }
}
