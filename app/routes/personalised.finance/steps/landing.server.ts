/**
 * The 'Get Finance Now' landing (spec 001 sections 2 and 9): /personalised/finance without a car and
 * before step 1, where the dealer has it (features.financeLandingCta), with six featured used cars.
 */
import { emptySearchRequest } from "~/domain/search";
import { toVehicleCardData, type VehicleCardData } from "~/domain/vehicleCard";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { cardSiteOptions } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import type { PersonalisedFinanceData } from "./shared.server";

/** The landing's featured stock: six in-stock used cars with more than one photo (spec 001 sections 2 and 9). */
const FEATURED_COUNT = 6;
const FEATURED_POOL = 30;

async function featuredUsedCars(platform: Platform, tenant: TenantConfig): Promise<VehicleCardData[]> {
  try {
    const result = await platform.search.search(
      tenant,
      emptySearchRequest({ perPage: FEATURED_POOL, filters: { status: ["in_stock"], car_type: ["used"] } }),
    );
    return result.hits
      .filter((v) => v.status === "in_stock" && v.car_type === "used" && Math.max(v.photos_count, v.images?.length ?? 0) > 1)
      .slice(0, FEATURED_COUNT)
      .map(toVehicleCardData);
  } catch (error) {
    log.warn("featured used cars unavailable", { tenant: tenant.slug, error: String(error) });
    return [];
  }
}

/** The landing's data. */
export async function landingData(platform: Platform, tenant: TenantConfig): Promise<PersonalisedFinanceData> {
  return {
    mode: "landing",
    siteName: tenant.name,
    usedCarsHref: `${tenant.paths.searchPrefix}/used-cars`,
    startHref: "/personalised/finance?step=1",
    featured: await featuredUsedCars(platform, tenant),
    site: cardSiteOptions(tenant),
  };
}
