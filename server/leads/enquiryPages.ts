/**
 * Server side shared by the enquiry pages (finance, test drive, trade-in, reserve): reading the car a
 * button pointed at and the summary shown beside the form. The tenant comes from the host and the car
 * from the URL; nothing in the form picks either.
 */
import { z } from "zod";
import { priceDisplay, sellingPrice } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import { leadEventId } from "~/domain/leadEvents";
import { getVehicleById } from "../db/vehicles";
import { dealerFrom } from "../http/loadContext";
import { log } from "../log";
import type { Platform } from "../platform.server";
import { dealerFlags } from "../tenants/publicSite";
import type { TenantConfig } from "../tenants/schema";
import { SLUG_PATTERN as SLUG } from "~/domain/slug";

/** What the enquiry pages show about the chosen car: enough to recognise it, nothing more. */
export interface EnquiryCar {
  id: string;
  slug: string;
  title: string;
  href: string;
  image: string | null;
  priceText: string;
  priceType: string;
  wasPrice: number | null;
  /** The price a shopper would pay, the finance amount's starting value. */
  sellingPrice: number;
  km: number;
  stockNumber: string;
}

/** The default amount to borrow when no car (or no price) was chosen. */
export const DEFAULT_FINANCE_AMOUNT = 30000;

const CAR_ID = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]{1,100}$/);

/** The query string the buttons send (spec 001 section 2); anything odd is dropped, never an error. */
export const enquiryQuery = z.object({
  car_id: CAR_ID.optional().catch(undefined),
  vehiclePriceBudget: z.coerce.number().int().min(1000).max(1_000_000).optional().catch(undefined),
  preferredDealership: z.string().trim().regex(SLUG).max(100).optional().catch(undefined),
});
export type EnquiryQuery = z.infer<typeof enquiryQuery>;

export function readEnquiryQuery(request: Request): EnquiryQuery {
  const params = new URL(request.url).searchParams;
  return enquiryQuery.parse({
    car_id: params.get("car_id") ?? undefined,
    vehiclePriceBudget: params.get("vehiclePriceBudget") ?? undefined,
    preferredDealership: params.get("preferredDealership") ?? undefined,
  });
}

/** This dealer's car with that id, or null: another dealer's id or nonsense is simply ignored. */
export async function findDealerCar(platform: Platform, tenant: TenantConfig, carId: string | undefined): Promise<Vehicle | null> {
  if (!carId) return null;
  try {
    return await getVehicleById(platform.db, tenant.slug, carId);
  } catch (error) {
    // A lookup failure should not cost the dealer the lead: the page still works without the car.
    log.warn("enquiry car lookup failed", { tenant: tenant.slug, car: carId, error: String(error) });
    return null;
  }
}

/**
 * The page of the car a gated address names (its car_id), for the sign-in's way back when the shopper
 * came from a direct link: the car's own page, else the home page.
 */
export async function carPageFor(platform: Platform, tenant: TenantConfig, carId: string | null | undefined): Promise<string> {
  const car = await findDealerCar(platform, tenant, carId?.trim() || undefined);
  return car ? `/cars/${encodeURIComponent(car.slug)}` : "/";
}

export function enquiryCar(tenant: TenantConfig, v: Vehicle): EnquiryCar {
  const price = priceDisplay(v, dealerFlags(tenant));
  return {
    id: v.id,
    slug: v.slug,
    title: vehicleTitle(v),
    href: `/cars/${encodeURIComponent(v.slug)}`,
    image: v.primary_image_url || v.images?.[0]?.url || null,
    priceText: price.text,
    priceType: price.priceType,
    wasPrice: price.wasPrice,
    sellingPrice: sellingPrice(v),
    km: v.km,
    stockNumber: v.stocknum,
  };
}

/** What every enquiry page's loader sends besides its own data. */
export function enquirySite(tenant: TenantConfig) {
  return { siteName: tenant.name, optInShown: tenant.features.enquiryOptInShown };
}

/** The car as the salesperson reads it in the lead. */
export function carLine(v: Vehicle | null): string[] {
  return v
    ? [`Car: ${[v.year || "", v.make, v.model, v.badge].filter(Boolean).join(" ")}${v.stocknum ? ` (stock #${v.stocknum})` : ""}`]
    : [];
}

/** Where the shopper goes after sending: back to the car when there is one. */
export function successPath(v: Vehicle | null): string {
  return v ? `/success?${new URLSearchParams({ car: v.slug })}` : "/success";
}

/** The dealer, the query string and the car it names, for an enquiry page's loader or action. */
export async function carFromQuery(args: { request: Request; context: Parameters<typeof dealerFrom>[0] }) {
  const { platform, tenant } = dealerFrom(args.context);
  const query = readEnquiryQuery(args.request);
  const vehicle = await findDealerCar(platform, tenant, query.car_id);
  return { platform, tenant, query, vehicle };
}

/** The analytics event of an enquiry page's lead: where it was sent from, the form and the car. */
export function enquiryEvent(request: Request, form: string, kind: "test-drive" | "enquiry", vehicle: Vehicle | null) {
  return {
    id: leadEventId(kind, vehicle),
    path: new URL(request.url).pathname,
    payload: { form, ...(vehicle ? { car_id: vehicle.id } : {}) },
  };
}
