/**
 * /finance (also /finance-enquiry and /apply-for-finance, remix.config.js): the car a button pointed
 * at, the amount to borrow to start from, and the finance form's action. Every parameter of spec 001
 * section 2 is read (readFinanceParams): car_id with anything after a '?' stripped, vin, car_type,
 * preferredDealership, vehiclePriceBudget or price. Where the dealer asks for them, the postcode is
 * required (four digits, then a real Australian postcode) and 'Who's Helping You Today?' is asked.
 * The form follows the dealer's enquiry rules (decision 21): 'Select a Preferred Dealership' where the
 * dealer has several (starting at the car's dealership, or the link's preferredDealership), the location
 * or department select where configured.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator, type LeadFormValues } from "~/components/forms/leadSchemas";
import { INVALID_POSTCODE, POSTCODE_MUST_BE_4_DIGITS, readFinanceParams, type FinanceParams } from "~/domain/finance/financeForm";
import { gatedSignInType } from "~/domain/gating";
import type { Vehicle } from "~/domain/vehicle";
import { requireShopper } from "@server/auth/session";
import { isAustralianPostcode, type Geocoder } from "@server/geo/geocoder";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import {
  carLine,
  DEFAULT_FINANCE_AMOUNT,
  enquiryCar,
  enquiryEvent,
  enquirySite,
  findDealerCar,
  successPath,
} from "@server/leads/enquiryPages";
import { enquiryFormRules, leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { enquiryLeadFor } from "@server/leads/formLeads";
import type { TenantConfig } from "@server/tenants/schema";
import type { EnquiryFormRules } from "~/domain/enquiryRules";

/** The finance form's enquiry rules: the dealership and location or department selects, no Rego (decision 21). */
export function financeRules(tenant: TenantConfig): EnquiryFormRules {
  return enquiryFormRules(tenant, { rego: false });
}

/** The dealership the select starts at: the one the link asks for, else the car's, when the select offers it. */
export function financeDealership(rules: EnquiryFormRules, asked: string | null | undefined, vehicle: Vehicle | null): string | null {
  const offered = (slug: string | null | undefined) => Boolean(slug && rules.dealership?.options.some((o) => o.value === slug));
  if (offered(asked)) return asked!;
  return offered(vehicle?.dealership_slug) ? vehicle!.dealership_slug : null;
}

/** The finance form's amount bounds (leadSchemas.ts financeSchema): the query's price is read within them. */
const AMOUNT_BOUNDS = { min: 1000, max: 1_000_000, default: DEFAULT_FINANCE_AMOUNT };

/** The dealer, every finance parameter of the address and the car it names, for the loader or the action. */
async function financeQuery(args: { request: Request; context: Parameters<typeof dealerFrom>[0] }) {
  const { platform, tenant } = dealerFrom(args.context);
  const url = new URL(args.request.url);
  const params = readFinanceParams(url.searchParams, AMOUNT_BOUNDS);
  const vehicle = await findDealerCar(platform, tenant, params.car_id ?? undefined);
  const priceGiven = ["vehiclePriceBudget", "price"].some((name) => (url.searchParams.get(name) ?? "").trim() !== "");
  return { platform, tenant, url, params, vehicle, priceGiven };
}

export async function financeLoader(args: LoaderFunctionArgs) {
  const { tenant, url, params, vehicle, priceGiven } = await financeQuery(args);
  // /finance with a car or an amount asks a signed-out shopper to sign in first on a dealer that gates it.
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  // From a direct link, the sign-in's 'back' is the car (not the home page).
  if (gate) await requireShopper(args, gate, vehicle ? `/cars/${encodeURIComponent(vehicle.slug)}` : "/");
  const car = vehicle ? enquiryCar(tenant, vehicle) : null;
  const fromCar = car && car.sellingPrice >= 1000 ? car.sellingPrice : null;
  const amount = Math.round(fromCar ?? (priceGiven ? params.purchasePrice : DEFAULT_FINANCE_AMOUNT));
  const rules = financeRules(tenant);
  return data(
    {
      ...enquirySite(tenant),
      car,
      amount,
      rules,
      dealership: financeDealership(rules, params.preferredDealership, vehicle),
      // Without a car, the dealer's 'STEP' cards say what happens next (features.financeStepCards).
      stepCards: !car && tenant.features.financeStepCards,
      postcodeRequired: tenant.features.postcodeOnFinanceForm,
      staffAssisted: tenant.features.staffAssisted,
    },
    { headers: { "Cache-Control": PRIVATE_NO_CACHE } },
  );
}

/** What the salesperson reads about where the shopper came from: the car, or the codes and type the link gave. */
function queryLines(params: FinanceParams, vehicle: Vehicle | null): string[] {
  return [
    ...carLine(vehicle),
    ...(!vehicle && params.car_type ? [`Car type: ${params.car_type}`] : []),
    ...(!vehicle && params.vin ? [`VIN: ${params.vin}`] : []),
    ...(params.preferredDealership ? [`Preferred dealership: ${params.preferredDealership}`] : []),
  ];
}

type FinancePageValues = LeadFormValues & { whoIsHelping: string };

const fieldOf = (data: unknown, name: string): string => {
  const value = data instanceof FormData ? data.get(name) : (data as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : "";
};

/**
 * The finance form's schema with this dealer's own rules on top: the postcode required where the
 * dealer asks for it (the field rule's words, then 'Invalid postcode' from the platform's geocoder), and
 * the helper's name kept in staff-assisted mode.
 */
export function financePageValidator(
  tenant: TenantConfig,
  base: Validator<LeadFormValues>,
  geocoder: Geocoder,
): Validator<FinancePageValues> {
  return {
    async validate(data) {
      const result = await base.validate(data);
      const extra: Record<string, string> = {};
      if (tenant.features.postcodeOnFinanceForm) {
        const postcode = fieldOf(data, "postcode").trim();
        if (!/^\d{4}$/.test(postcode)) extra.postcode = POSTCODE_MUST_BE_4_DIGITS;
        else if (!(await isAustralianPostcode(geocoder, postcode))) extra.postcode = INVALID_POSTCODE;
      }
      if (result.error) return { ...result, error: { ...result.error, fieldErrors: { ...result.error.fieldErrors, ...extra } } };
      if (Object.keys(extra).length) return { error: { fieldErrors: extra }, data: undefined, submittedData: result.submittedData };
      const helper = tenant.features.staffAssisted ? fieldOf(data, "whoIsHelping").replace(/\s+/g, " ").trim().slice(0, 80) : "";
      return { ...result, data: { ...result.data, whoIsHelping: helper } };
    },
  };
}

export async function financeAction(args: ActionFunctionArgs) {
  const { platform, tenant, params, vehicle } = await financeQuery(args);
  const details = queryLines(params, vehicle);
  const rules = financeRules(tenant);
  return submitLeadForm({
    request: args.request,
    context: args.context,
    success: successPath(vehicle),
    forms: {
      finance: leadFormSpec({
        formId: leadFormId("finance"),
        validator: financePageValidator(
          tenant,
          leadFormValidator("finance", { messageRequired: false, now: new Date(), rules }),
          platform.geocoder,
        ),
        rules,
        lead: (values, path) => {
          const lead = enquiryLeadFor("finance", tenant, vehicle, values, path, [
            ...details,
            ...(values.whoIsHelping ? [`Helped by: ${values.whoIsHelping}`] : []),
          ]);
          const payload = {
            ...lead.payload,
            ...(params.car_type ? { car_type: vehicle?.car_type ?? params.car_type } : {}),
            ...(params.vin && !vehicle ? { vin: params.vin } : {}),
            ...(params.preferredDealership ? { preferredDealership: params.preferredDealership } : {}),
            ...(values.whoIsHelping ? { whoIsHelping: values.whoIsHelping } : {}),
          };
          return { ...lead, payload };
        },
        event: () => enquiryEvent(args.request, "finance", "enquiry", vehicle),
      }),
    },
  });
}
