/**
 * The final step's 'Finance Enquiry' lead (tags ['YouX'], lead_attributes), the same for the browser's
 * 'lead' call (beside its POST /api/youx/create-customer) and the page's 'submit' (submit.server.ts):
 * its lines for the salesperson, the pages and link the form carried, and the lead filed with its
 * analytics event.
 */
import { detailErrors, hasErrors, leadAttributes } from "~/components/finance/journey";
import type { DetailValues, QuoteFigures, QuoteValues } from "~/components/finance/journeyCopy";
import { JOURNEY_PATH } from "~/components/finance/journeyAddress";
import { CREDIT_SCORE_LABELS, LEAD_SUBMISSION_FAILED, mobileForSubmit } from "~/domain/finance/financeForm";
import { leadEventId } from "~/domain/leadEvents";
import { formatMoney } from "~/domain/money";
import { toLocalDigits } from "~/domain/phone";
import type { Vehicle } from "~/domain/vehicle";
import { reportedLeadFor, trackEvent } from "@server/analytics.server";
import type { LeadInput } from "@server/db/leads";
import { submitLead } from "@server/leads/submit";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { answer, journeyUrlOf, postcodeRefusal, refused, text, type JourneyPost } from "./shared.server";

/** The lead's lines for the salesperson who reads it. */
function leadMessage(v: Vehicle | null, values: QuoteValues, quote: QuoteFigures | null): string {
  return [
    v ? `Car: ${[v.year || "", v.make, v.model, v.badge].filter(Boolean).join(" ")}${v.stocknum ? ` (stock #${v.stocknum})` : ""}` : "",
    `Purchase price: ${formatMoney(values.price)}`,
    `Loan term: ${values.loanTerm} years`,
    `Credit history: ${CREDIT_SCORE_LABELS[values.credit]}`,
    quote ? `Quick quote: ${formatMoney(quote.weeklyRepaymentAmount)} per week at ${quote.advertisedRate}% p.a.` : "",
    values.whoIsHelping ? `Helped by: ${values.whoIsHelping}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The 'Finance Enquiry' lead (tags ['YouX'], lead_attributes), the same for the browser's call and the page's post. */
export function journeyLead(
  tenant: TenantConfig,
  v: Vehicle | null,
  values: QuoteValues,
  details: DetailValues,
  attributes: ReturnType<typeof leadAttributes>,
  sourcePath: string,
): LeadInput {
  return {
    category: "Finance Enquiry",
    subcategory: "Finance Enquiry",
    car_id: v?.id ?? null,
    name: details.firstName.trim(),
    last_name: details.lastName.trim(),
    email: details.email.trim(),
    phone: mobileForSubmit(details.phone),
    postcode: tenant.features.postcodeOnFinanceForm ? details.postcode.trim() : "",
    message: leadMessage(v, values, null),
    source_path: sourcePath,
    payload: {
      dealership_slug: v?.dealership_slug || tenant.dealerships[0]?.slug || tenant.slug,
      tags: ["YouX"],
      lead_attributes: attributes,
      ...(v ? { car_id: v.id, stock_number: v.stocknum, "Vehicle Make": v.make, "Vehicle Model": v.model, car_type: v.car_type } : {}),
      selfAssessedCreditScore: values.credit,
      purchasePrice: values.price,
      loanTerm: values.loanTerm,
      ...(values.whoIsHelping ? { whoIsHelping: values.whoIsHelping } : {}),
      subscribe: details.subscribe,
      opt_in: details.subscribe,
      subcategory: "Finance Enquiry",
    },
  };
}

/** The pages and the link's query the form carried (hidden fields), as lead_attributes. */
export function attributesFrom(data: FormData, request: Request) {
  const visited = data.getAll("visited_page").map(String).slice(0, 20);
  const here = journeyUrlOf(request);
  for (const name of ["from", "linked"]) here.searchParams.delete(name);
  let linked: Record<string, string> = {};
  const linkedText = text(data, "linked_query", 2000);
  if (linkedText) linked = Object.fromEntries(new URLSearchParams(linkedText));
  return leadAttributes([...visited, `${here.pathname}${here.search}`], linked);
}

/** Files the lead and its analytics event; throws when it could not be stored. */
export async function fileLead(
  platform: Platform,
  tenant: TenantConfig,
  request: Request,
  lead: LeadInput,
  vehicle: Vehicle | null,
): Promise<string> {
  const { lead: stored, duplicate } = await submitLead(platform, tenant, lead);
  if (!duplicate) {
    await trackEvent(platform.db, tenant.slug, leadEventId("enquiry", vehicle), {
      path: JOURNEY_PATH,
      payload: { form: "finance-journey", ...(vehicle ? { car_id: vehicle.id } : {}) },
    });
  }
  return stored.id;
}

/** 'lead': the browser's half of the final step, only for the shopper this mobile was just verified for. */
export async function leadStep(post: JourneyPost) {
  const { platform, tenant, request, data, details, shopper, start, url } = post;
  if (!shopper || !details.phone || mobileForSubmit(details.phone) !== toLocalDigits(shopper.phone)) {
    return refused({ form: LEAD_SUBMISSION_FAILED }, details, true, 401);
  }
  const errors = {
    ...detailErrors(details, { postcode: tenant.features.postcodeOnFinanceForm }, false),
    ...(await postcodeRefusal(platform.geocoder, tenant, details)),
  };
  if (hasErrors(errors)) return refused(errors, details, true, 422);
  try {
    const lead = journeyLead(tenant, start.vehicle, start.values, details, attributesFrom(data, request), url.pathname);
    const leadId = await fileLead(platform, tenant, request, lead, start.vehicle);
    // The browser learns here that the lead was stored: the dealer's own tags hear of it from this answer.
    return answer({ status: "leadStored", leadId, dealerLead: await reportedLeadFor(platform.db, tenant, leadId) });
  } catch (error) {
    log.error("finance lead not stored", { tenant: tenant.slug, error: String(error) });
    return refused({ form: LEAD_SUBMISSION_FAILED }, details, true, 500);
  }
}
