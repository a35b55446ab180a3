/**
 * Finds demo cars of a given kind for the vehicle-page tests. The demo stock is deterministic for a
 * tenant and a day (generateDemoStock), and the test server loads exactly that stock into its fresh
 * database, so the tests can ask for "a sold car" or "a car with spin frames" instead of hard-coding
 * slugs that would change with the generator.
 */
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import type { Vehicle } from "~/domain/vehicle";
import { generateDemoStock } from "../../server/demo/demoStock";
import { loadTenantsFromDir } from "../../server/tenants/registry";
import type { TenantConfig } from "../../server/tenants/schema";

const tenants = new Map<string, TenantConfig>(loadTenantsFromDir(path.resolve("tenants")).map((t) => [t.slug, t]));
const stockCache = new Map<string, Vehicle[]>();

export function tenantConfig(slug: string): TenantConfig {
  const tenant = tenants.get(slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  return tenant;
}

export function demoStock(slug: string): Vehicle[] {
  let stock = stockCache.get(slug);
  if (!stock) {
    stock = generateDemoStock(tenantConfig(slug), { now: new Date() });
    stockCache.set(slug, stock);
  }
  return stock;
}

export function findCar(tenant: string, kind: string, test: (v: Vehicle) => boolean): Vehicle {
  const car = demoStock(tenant).find(test);
  if (!car) throw new Error(`the ${tenant} demo stock has no ${kind}`);
  return car;
}

export const inStock = (v: Vehicle) => v.status === "in_stock" && v.show_on_dealer_website;

/**
 * A request from the test itself (not the browser) to a dealer site. Node cannot resolve
 * <slug>.localhost as Chromium does, so it goes to the loopback address with the site's Host header.
 */
export function siteGet(
  request: { get(url: string, options?: { headers?: Record<string, string> }): Promise<APIResponse> },
  tenant: string,
  path: string,
) {
  const port = Number(process.env.E2E_PORT ?? 3100);
  return request.get(`http://127.0.0.1:${port}${path}`, { headers: { host: `${tenant}.localhost:${port}` } });
}
