/**
 * Which imported cars the dealer's own site will not show, and why: the search's visibility scope
 * (server/search/service.ts visibilityScope, from the tenant's `search.baseFilter`) read for one car, so
 * an import can say "this new car will not appear on your used-only site" instead of saving it silently
 * out of search and the sitemap. Cars the feed itself hides (sold, or not shown on the website) are not
 * reported: that is what the feed asked for.
 */
import { AVAILABLE_STATUSES, type Vehicle } from "~/domain/vehicle";
import { visibilityScope } from "../search/service";
import type { TenantConfig } from "../tenants/schema";

const CAR_TYPE_WORDS: Record<string, string> = { new: "new", demo: "demo", used: "used" };
const list = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words[0]);

/** Why the site's own filters hide this car, or null when it shows (or the feed itself hides it). */
export function hiddenBySiteFilters(vehicle: Vehicle, tenant: TenantConfig, now: Date): string | null {
  if (!AVAILABLE_STATUSES.includes(vehicle.status) || !vehicle.show_on_dealer_website) return null;
  const scope = visibilityScope(tenant, now);
  if (scope.carTypes.length && !scope.carTypes.includes(vehicle.car_type)) {
    const shown = scope.carTypes.map((t) => CAR_TYPE_WORDS[t] ?? t);
    return `is a ${vehicle.car_type} car and this site shows ${list(shown)} cars only (search.baseFilter.carTypes)`;
  }
  if (!scope.statuses.includes(vehicle.status)) {
    return `is ${vehicle.status.replace("_", " ")} and this site shows only ${list(scope.statuses.map((s) => s.replace("_", " ")))} cars (search.baseFilter.statuses)`;
  }
  if (vehicle.photos_count < scope.minPhotos) {
    return `has ${vehicle.photos_count} photo${vehicle.photos_count === 1 ? "" : "s"} and this site shows cars with at least ${scope.minPhotos} (search.baseFilter.minPhotos)`;
  }
  if (scope.excludedStockNumbers.some((s) => s.trim() === vehicle.stocknum)) {
    return "has a stock number this site never shows (search.baseFilter.excludedStockNumbers)";
  }
  return null;
}
