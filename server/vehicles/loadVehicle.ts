/**
 * Reading a car for the vehicle routes (page, view count, gauge, print, PDF): the tenant's own cars
 * only, by slug, any status. An odd slug or another dealer's car is a 404.
 */
import type { Vehicle } from "~/domain/vehicle";
import { mergeSimilarCars, similarCarsRequests } from "~/domain/similarCars";
import { toVehicleCardData } from "~/domain/vehicleCard";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import type { SimilarCars } from "~/domain/vehiclePage";
import { SLUG_PATTERN } from "~/domain/slug";

export async function requireVehicle(platform: Platform, tenant: TenantConfig, slug: string | undefined): Promise<Vehicle> {
  if (!slug || !SLUG_PATTERN.test(slug)) throw new Response("Not found", { status: 404 });
  const vehicle = await platform.search.getBySlug(tenant, slug);
  if (!vehicle) throw new Response("Not found", { status: 404 });
  return vehicle;
}

/**
 * A full page load (not the browser's data request after an in-app navigation, which Remix marks with
 * `?_data` and strips before the loader sees it). The page is kept in the page cache by its address, so
 * only a request that says it is a script's fetch (Sec-Fetch-Dest: empty) and does not ask for HTML gets
 * the page without its optional blocks: a crawler or a client sending no such headers cannot leave a
 * cached page without them for the shoppers after it.
 */
export function isDocumentRequest(request: Request): boolean {
  if ((request.headers.get("accept") ?? "").includes("text/html")) return true;
  return request.headers.get("sec-fetch-dest") !== "empty";
}

/** One multi-search (model match, then make in the price window); failures are logged and shown as a search link. */
export async function loadSimilarCars(platform: Platform, tenant: TenantConfig, vehicle: Vehicle, now: Date): Promise<SimilarCars> {
  try {
    const results = await platform.search.multiSearch(tenant, similarCarsRequests(vehicle), now);
    return {
      state: "loaded",
      cars: mergeSimilarCars(
        results.map((r) => r.hits),
        vehicle.id,
      ).map(toVehicleCardData),
    };
  } catch (error) {
    log.warn("similar cars failed", { tenant: tenant.slug, car: vehicle.id, error: String(error) });
    return { state: "failed" };
  }
}
