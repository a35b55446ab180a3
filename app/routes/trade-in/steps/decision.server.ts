/**
 * Step 3 of the trade-in valuation: the online offer, accepted or declined. The page shows the offer as
 * the row keeps it (never a figure from a form); the decision stores the decision lead, event 18 on
 * acceptance and, where the dealer keeps it (features.saveValuation), the accepted valuation's data.
 */
import { redirect } from "@remix-run/node";
import { changeOverLine } from "~/domain/changeOver";
import { sellingPrice } from "~/domain/priceDisplay";
import type { Vehicle } from "~/domain/vehicle";
import { EVENT } from "~/domain/analyticsEvents";
import { trackEvent } from "@server/analytics.server";
import { submitLead } from "@server/leads";
import { findDealerCar } from "@server/leads/enquiryPages";
import { LEAD_NOT_STORED_MESSAGE, refuseForm } from "@server/leads/formAction";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { decisionLead } from "@server/tradeIn/leads";
import { getMiscellaneousValuation, saveValuationData, updateValuation, type ValuationRow } from "@server/tradeIn/store";
import { decisionSchema } from "../tradeInSchemas";
import { ENHANCED_FIELD, TRADE_IN_FORM_IDS } from "../tradeInSteps";
import { findValuation, noStore, toValuation, type StepContext, type TradeInOffer } from "./shared.server";

/** How long an online offer stands, subject to the inspection. */
export const OFFER_VALID_DAYS = 7;

/** The offer as the row keeps it, with the change-over price where the valuation is for the dealer's car. */
export function offerOf(row: ValuationRow, car: Vehicle | null): TradeInOffer | null {
  const workings = row.valuation;
  if (row.offer_price == null || workings?.kind !== "offer") return null;
  const carPrice = car ? sellingPrice(car) : 0;
  return {
    price: row.offer_price,
    marketValue: workings.marketValue,
    basis: workings.basis,
    lines: workings.lines,
    validDays: OFFER_VALID_DAYS,
    changeOver: carPrice > 10 ? { carPrice, line: changeOverLine(carPrice, row.offer_price) } : null,
  };
}

/** Whether the page's script is to save the accepted valuation's data: the dealer keeps it, and it is not saved yet. */
export async function pageSavesValuation(platform: Platform, tenant: TenantConfig, row: ValuationRow | null): Promise<boolean> {
  return (
    tenant.features.saveValuation &&
    row?.status === "accepted" &&
    !(await getMiscellaneousValuation(platform.db, tenant.slug, row.id).catch(() => null))
  );
}

/** Step 3: accept or decline; the decision lead, event 18 on acceptance and, where the dealer keeps it, the valuation data. */
export async function decide(step: StepContext, row: ValuationRow) {
  const { platform, tenant } = step;
  if (row.status !== "offer") return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.decision;
  const parsed = decisionSchema.safeParse({ decision: step.data.get("decision") ?? undefined });
  if (!parsed.success) return refuseForm(formId, "Please accept or decline the offer.", step.typed, { status: 422 });
  const accepted = parsed.data.decision === "accept";
  const decided = await updateValuation(platform.db, tenant.slug, row.id, ["offer"], {
    status: accepted ? "accepted" : "declined",
    offer_accepted: accepted,
    form_completed: true,
  });
  // Sent twice at once: the first decision stands.
  if (!decided) return toValuation(step, (await findValuation(platform, tenant, row.id, step.shopper)) ?? row);

  const car = await findDealerCar(platform, tenant, decided.car_id ?? undefined);
  let stored: Awaited<ReturnType<typeof submitLead>>;
  try {
    stored = await submitLead(platform, tenant, decisionLead({ tenant, row: decided, car }));
  } catch (error) {
    log.error("trade-in decision lead not stored", { tenant: tenant.slug, error: String(error) });
    // The offer stands for another try; nothing the dealer has not heard of is marked done.
    await updateValuation(platform.db, tenant.slug, row.id, [decided.status], {
      status: "offer",
      offer_accepted: false,
      form_completed: false,
    }).catch(() => null);
    return refuseForm(formId, LEAD_NOT_STORED_MESSAGE, step.typed, { status: 500 });
  }
  if (accepted && !stored.duplicate) {
    await trackEvent(platform.db, tenant.slug, EVENT.offerAccepted, {
      path: step.url.pathname,
      payload: { form: "trade-in", valuation_id: decided.id, ...(car ? { car_id: car.id } : {}) },
    });
  }
  // With script the page makes the spec's call itself (POST /api/miscellaneous); without, it is saved here.
  if (accepted && tenant.features.saveValuation && step.data.get(ENHANCED_FIELD) !== "1") {
    await saveValuationData(platform.db, tenant.slug, decided, log);
  }
  // A multi-step form ends on /success (spec 000), which shows the decision from its lead.
  const success = new URLSearchParams({ lead: stored.lead.id });
  if (car) success.set("car", car.slug);
  return redirect(`/success?${success}`, { headers: noStore });
}
