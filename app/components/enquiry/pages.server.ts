/**
 * Loaders and actions of the enquiry pages. Each route file is a thin wrapper, so /finance,
 * /finance-enquiry and /apply-for-finance (and /trade-in and /cars/trade-in) are one page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { canReserve } from "~/domain/eligibility";
import { dealerFlags } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";
import type { Vehicle } from "~/domain/vehicle";
import { enquiryCar, findDealerCar, readEnquiryQuery, submitEnquiry } from "./enquiry.server";
import { dealerFrom } from "@server/http/loadContext";

const headers = { "Cache-Control": "private, no-cache" };

/** The default amount to borrow when no car (or no price) was chosen. */
export const DEFAULT_FINANCE_AMOUNT = 30000;

function site(tenant: TenantConfig) {
  return { siteName: tenant.name, optInShown: tenant.features.enquiryOptInShown };
}

function carLine(v: Vehicle | null): string[] {
  return v
    ? [`Car: ${[v.year || "", v.make, v.model, v.badge].filter(Boolean).join(" ")}${v.stocknum ? ` (stock #${v.stocknum})` : ""}`]
    : [];
}

async function carFromQuery(args: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  const query = readEnquiryQuery(args.request);
  const vehicle = await findDealerCar(platform, tenant, query.car_id);
  return { platform, tenant, query, vehicle };
}

export async function financeLoader(args: LoaderFunctionArgs) {
  const { tenant, query, vehicle } = await carFromQuery(args);
  const car = vehicle ? enquiryCar(tenant, vehicle) : null;
  const fromCar = car && car.sellingPrice >= 1000 ? car.sellingPrice : null;
  const amount = Math.round(fromCar ?? query.vehiclePriceBudget ?? DEFAULT_FINANCE_AMOUNT);
  return json({ ...site(tenant), car, amount }, { headers });
}

export async function financeAction(args: ActionFunctionArgs) {
  const { platform, tenant, query, vehicle } = await carFromQuery(args);
  const details = [...carLine(vehicle), ...(query.preferredDealership ? [`Preferred dealership: ${query.preferredDealership}`] : [])];
  return submitEnquiry({ request: args.request, context: args.context, platform, tenant, form: "finance", vehicle, details });
}

export async function testDriveLoader(args: LoaderFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  return json({ ...site(tenant), car: vehicle ? enquiryCar(tenant, vehicle) : null }, { headers });
}

export async function testDriveAction(args: ActionFunctionArgs) {
  const { platform, tenant, vehicle } = await carFromQuery(args);
  return submitEnquiry({
    request: args.request,
    context: args.context,
    platform,
    tenant,
    form: "test-drive",
    vehicle,
    details: carLine(vehicle),
  });
}

export async function tradeInLoader(args: LoaderFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  return json({ ...site(tenant), car: vehicle ? enquiryCar(tenant, vehicle) : null }, { headers });
}

export async function tradeInAction(args: ActionFunctionArgs) {
  const { platform, tenant, vehicle } = await carFromQuery(args);
  const details = vehicle ? [`Change over to: ${carLine(vehicle)[0].slice(5)}`] : [];
  return submitEnquiry({ request: args.request, context: args.context, platform, tenant, form: "trade-in", vehicle, details });
}

/**
 * The reserve page answers only on the dealer's own path ('checkout' or 'buy-online'); the other is a
 * 404, as is a car this dealer does not have.
 */
async function reserveCar(args: LoaderFunctionArgs, path: TenantConfig["paths"]["checkout"]) {
  const { platform, tenant } = dealerFrom(args.context);
  if (tenant.paths.checkout !== path) throw new Response("Not found", { status: 404 });
  const vehicle = await requireVehicle(platform, tenant, args.params.slug);
  return { platform, tenant, vehicle, reservable: canReserve(vehicle, dealerFlags(tenant)) };
}

export async function reserveLoader(args: LoaderFunctionArgs, path: TenantConfig["paths"]["checkout"]) {
  const { tenant, vehicle, reservable } = await reserveCar(args, path);
  const similar = new URLSearchParams({ make: vehicle.make, ...(vehicle.model ? { model: vehicle.model } : {}) });
  return json(
    {
      ...site(tenant),
      car: enquiryCar(tenant, vehicle),
      reservable,
      depositLabel: tenant.reserveDepositLabel,
      similarHref: vehicle.make ? `${tenant.paths.searchPrefix}?${similar}` : tenant.paths.searchPrefix,
    },
    { headers },
  );
}

export async function reserveAction(args: ActionFunctionArgs, path: TenantConfig["paths"]["checkout"]) {
  const { platform, tenant, vehicle, reservable } = await reserveCar(args, path);
  if (!reservable) {
    return json({ form: "reserve", errors: { form: "Sorry, this car can no longer be reserved." }, values: {} }, { status: 409, headers });
  }
  const details = [...carLine(vehicle), `Deposit to take by phone: ${tenant.reserveDepositLabel}`];
  return submitEnquiry({ request: args.request, context: args.context, platform, tenant, form: "reserve", vehicle, details });
}

export type FinanceData = Awaited<ReturnType<typeof financeLoader>>;
