/**
 * The 'Get Finance Now' landing (spec 001 sections 2 and 9): /personalised/finance without a car and
 * before step 1, where the dealer has it (features.financeLandingCta), with six featured in-stock used
 * cars that have more than one photo wherever the dealer has used stock; a dealer with none features
 * its own stock and links to it (app/domain/financeLanding.ts).
 */
import { FEATURED_COUNT, mayHaveUsed, ownStock, pickFeatured, usedStock, type LandingStock } from "~/domain/financeLanding";
import { emptySearchRequest } from "~/domain/search";
import { toVehicleCardData, type VehicleCardData } from "~/domain/vehicleCard";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { cardSiteOptions } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import type { PersonalisedFinanceData } from "./shared.server";

/** Results read per search page, and how many pages are read looking for six cars with photos. */
const POOL_PAGE = 48;
const POOL_PAGES = 4;

/** Up to six in-stock cars of the types with more than one photo, reading the search's pages until six are found. */
async function featuredCars(platform: Platform, tenant: TenantConfig, carTypes: string[]): Promise<VehicleCardData[]> {
  const found: VehicleCardData[] = [];
  try {
    for (let page = 1; page <= POOL_PAGES && found.length < FEATURED_COUNT; page++) {
      const filters = { status: ["in_stock"], ...(carTypes.length ? { car_type: carTypes } : {}) };
      const result = await platform.search.search(tenant, emptySearchRequest({ page, perPage: POOL_PAGE, filters }));
      found.push(...pickFeatured(result.hits, carTypes, FEATURED_COUNT - found.length).map(toVehicleCardData));
      if (page >= result.pages) break;
    }
  } catch (error) {
    log.warn("featured cars unavailable", { tenant: tenant.slug, error: String(error) });
  }
  return found;
}

/** The landing's data: used cars where the dealer has them, else its own stock. */
export async function landingData(platform: Platform, tenant: TenantConfig): Promise<PersonalisedFinanceData> {
  const prefix = tenant.paths.searchPrefix;
  const base = tenant.search.baseFilter.carTypes;
  let stock: LandingStock = usedStock(prefix);
  let featured = mayHaveUsed(base) ? await featuredCars(platform, tenant, stock.carTypes) : [];
  if (!featured.length) {
    stock = ownStock(prefix, base);
    featured = await featuredCars(platform, tenant, stock.carTypes);
  }
  return {
    mode: "landing",
    siteName: tenant.name,
    stock: { heading: stock.heading, linkLabel: stock.linkLabel, href: stock.href },
    startHref: "/personalised/finance?step=1",
    featured,
    site: cardSiteOptions(tenant),
  };
}
