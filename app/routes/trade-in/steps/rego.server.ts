/**
 * Step 1 of the trade-in valuation: the rego and its state. The form is judged with the captcha where the
 * dealer has it on (judgeLeadForm), the car is looked up through the VehicleLookup port, the shopper's
 * row is created (at the condition step when the car was found, else at describing it by hand) and the
 * start lead is stored.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { withoutFrameworkParams } from "~/domain/frameworkParams";
import { toLocalDigits } from "~/domain/phone";
import { findDealerCar } from "@server/leads/enquiryPages";
import { judgeLeadForm, LEAD_NOT_STORED_MESSAGE, leadAttributesOf, refuseForm } from "@server/leads/formAction";
import { log } from "@server/log";
import { startLead } from "@server/tradeIn/leads";
import { plateKey } from "@server/tradeIn/plates";
import type { TradeInVehicle } from "@server/tradeIn/port";
import { createValuation, updateValuation, type ValuationRow } from "@server/tradeIn/store";
import { regoSchema } from "../tradeInSchemas";
import { TRADE_IN_FORM_IDS } from "../tradeInSteps";
import { readQuery, sendStepLead, spendLeadAllowance, toValuation, type StepContext } from "./shared.server";

/** Step 1: the rego and state; the car looked up; the row and the start lead. */
export async function startValuation(step: StepContext) {
  const { platform, tenant, url, shopper, data, typed, request } = step;
  const formId = TRADE_IN_FORM_IDS.rego;
  // The rego and the captcha judged together; a refusal keeps what was typed (and asks the question).
  const judged = await judgeLeadForm({
    platform,
    tenant,
    context: step.loadContext,
    data,
    validator: withZod(regoSchema(new Date())),
    formId,
    typed,
  });
  if (!judged.ok) return judged.response;
  const refused = await spendLeadAllowance(step, { email: "", phone: "" }, formId);
  if (refused) return refused;

  const rego = plateKey(judged.values.rego);
  const regoState = judged.values.state;
  let found: TradeInVehicle | null = null;
  try {
    found = await platform.tradeIn.lookup.lookup(tenant, { rego, regoState });
    if (found && !(found.year > 1900 && found.make && found.model)) found = null;
  } catch (error) {
    // The shopper describes the car by hand instead.
    log.warn("rego lookup failed", { tenant: tenant.slug, error: error instanceof Error ? error.message : String(error) });
  }
  const car = await findDealerCar(platform, tenant, readQuery(url).car_id);
  let row: ValuationRow;
  try {
    row = await createValuation(platform.db, tenant.slug, {
      car_id: car?.id ?? null,
      rego,
      rego_state: regoState,
      status: found ? "adjustments" : "vehicle",
      vehicle: found,
      user_id: shopper?.userId ?? null,
      source_path: url.pathname,
    });
  } catch (error) {
    log.error("trade-in valuation not stored", { tenant: tenant.slug, error: String(error) });
    return refuseForm(formId, LEAD_NOT_STORED_MESSAGE, typed, { status: 503 });
  }

  const here = withoutFrameworkParams(new URL(request.url));
  const sent = await sendStepLead(
    step,
    startLead({
      tenant,
      row,
      car,
      url: here.toString(),
      userAgent: request.headers.get("User-Agent") ?? "",
      attributes: leadAttributesOf(request, data),
      contact: shopper
        ? { name: shopper.first_name, last_name: shopper.last_name, email: shopper.email, phone: toLocalDigits(shopper.phone) }
        : null,
    }),
    "start",
  );
  if (sent)
    row = (await updateValuation(platform.db, tenant.slug, row.id, [row.status], { lead_id: sent.lead.id }).catch(() => null)) ?? row;
  return toValuation(step, row, sent?.lead.id);
}
