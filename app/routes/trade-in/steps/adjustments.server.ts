/**
 * Step 2 of the trade-in valuation: the condition answers, the kilometres and the shopper's contact
 * details; then an offer from the Valuation port, or our team's call (none online for cars over 7 years
 * old or 100,000 km, nor when the port has no figure or fails). The adjustments lead goes out either way.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import { formatPhone, toLocalDigits } from "~/domain/phone";
import type { Shopper } from "@server/auth/session";
import { findDealerCar } from "@server/leads/enquiryPages";
import { log } from "@server/log";
import { adjustmentsLead } from "@server/tradeIn/leads";
import { noOnlineEstimateReason } from "@server/tradeIn/onlineEstimate";
import type { AdjustmentAnswers } from "@server/tradeIn/port";
import { updateValuation, type ValuationRow, type Workings } from "@server/tradeIn/store";
import { adjustmentsSchema } from "../tradeInSchemas";
import { TRADE_IN_FORM_IDS } from "../tradeInSteps";
import { CHOICES, noStore, sendStepLead, spendLeadAllowance, text, toValuation, type StepContext } from "./shared.server";

/** The form's starting values: the answers and details given before, else what the dealer knows of a signed-in shopper. */
export function adjustmentsDefaults(row: ValuationRow, shopper: Shopper | null): Record<string, string> {
  const v = row.vehicle;
  const answers = row.adjustment_answers;
  const contact = row.contact;
  return {
    km: text(answers.km ?? v?.km),
    ...Object.fromEntries(Object.entries(answers).map(([k, value]) => [k, text(value)])),
    first_name: contact?.name ?? shopper?.first_name ?? "",
    last_name: contact?.last_name ?? shopper?.last_name ?? "",
    email: contact?.email ?? shopper?.email ?? "",
    phone: contact ? formatPhone(contact.phone) : shopper ? formatPhone(shopper.phone) : "",
    opt_in: contact && !contact.opt_in ? "" : "on",
  };
}

/** Step 2: the answers and contact details; then the offer, or our team's call. */
export async function valueCar(step: StepContext, row: ValuationRow) {
  const { platform, tenant } = step;
  if (row.status !== "adjustments" || !row.vehicle) return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.adjustments;
  const result = await withZod(adjustmentsSchema(new Date(), CHOICES)).validate(step.data);
  if (result.error) return validationError({ ...result.error, formId }, step.typed, { headers: noStore });
  const values = result.data;
  const refused = await spendLeadAllowance(step, values, formId);
  if (refused) return refused;

  const answers: AdjustmentAnswers = {
    km: values.km,
    accident: values.accident as AdjustmentAnswers["accident"],
    service: values.service as AdjustmentAnswers["service"],
    keys: values.keys as AdjustmentAnswers["keys"],
    financeOwing: values.financeOwing as AdjustmentAnswers["financeOwing"],
    condition: values.condition as AdjustmentAnswers["condition"],
  };
  const contact = {
    name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: toLocalDigits(values.phone),
    // Where the dealer hides the opt-in box, the spec's default (opted in) stands.
    opt_in: tenant.features.enquiryOptInShown ? values.opt_in : true,
  };
  const now = new Date();
  const valuedAt = now.toISOString();
  let workings: Workings;
  let offerPrice: number | null = null;
  const reason = noOnlineEstimateReason({ year: row.vehicle.year, km: answers.km }, now);
  if (reason) {
    workings = { kind: "call", reason, valuedAt };
  } else {
    const valuation = platform.tradeIn.valuation;
    try {
      const offer = await valuation.value(
        tenant,
        { vehicle: row.vehicle, rego: row.rego, regoState: row.rego_state, adjustmentAnswers: answers },
        now,
      );
      if (offer) {
        offerPrice = offer.offerPrice;
        workings = {
          kind: "offer",
          basis: offer.basis,
          marketValue: offer.marketValue,
          lines: offer.lines,
          adapter: valuation.name,
          valuedAt,
        };
      } else {
        workings = { kind: "call", reason: "no-data", valuedAt };
      }
    } catch (error) {
      log.warn("trade-in valuation failed", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
      workings = { kind: "call", reason: "unavailable", valuedAt };
    }
  }
  const changed = await updateValuation(platform.db, tenant.slug, row.id, ["adjustments"], {
    status: workings.kind === "offer" ? "offer" : "call",
    adjustment_answers: answers,
    contact,
    offer_price: offerPrice,
    valuation: workings,
    // Without an online figure the shopper's part is done: the adjustments lead asks the dealer to call.
    form_completed: workings.kind === "call",
  });
  if (!changed) return toValuation(step, row);
  const car = await findDealerCar(platform, tenant, changed.car_id ?? undefined);
  const sent = await sendStepLead(step, adjustmentsLead({ tenant, row: changed, car }), "adjustments");
  return toValuation(step, changed, sent?.lead.id);
}
