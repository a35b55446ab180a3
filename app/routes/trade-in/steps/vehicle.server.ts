/**
 * The car by hand, where the rego was not found or the shopper said the car found was not theirs: the
 * page's lists and starting values, the 'vehicle' post (year, make, model, badge, kilometres) and the
 * 'Not your car?' post ('manual') that comes back here from the condition step.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { modelSuggestions, TRADE_IN_MAKES } from "@server/tradeIn/catalogueLists";
import type { TradeInVehicle } from "@server/tradeIn/port";
import { updateValuation, type ValuationRow } from "@server/tradeIn/store";
import { vehicleSchema } from "../tradeInSchemas";
import { TRADE_IN_FORM_IDS } from "../tradeInSteps";
import { noStore, text, toValuation, type StepContext, type TradeInPageData } from "./shared.server";

function yearsOffered(now: Date): number[] {
  const newest = now.getFullYear() + 1;
  return Array.from({ length: 41 }, (_, i) => newest - i);
}

/** The lists for describing the car by hand. */
export async function vehicleLists(platform: Platform, tenant: TenantConfig): Promise<NonNullable<TradeInPageData["lists"]>> {
  return { makes: TRADE_IN_MAKES, models: await modelSuggestions(platform.db, tenant.slug), years: yearsOffered(new Date()) };
}

/** The form's starting values: the car as far as it is known (found by the rego, or typed before). */
export function vehicleDefaults(row: ValuationRow): Record<string, string> {
  const v = row.vehicle;
  return v ? { year: text(v.year), make: v.make, model: v.model, badge: v.badge, km: text(v.km) } : {};
}

/** The car by hand (the rego was not found, or the shopper said it was not their car). */
export async function describeVehicle(step: StepContext, row: ValuationRow) {
  if (row.status !== "vehicle") return toValuation(step, row);
  const formId = TRADE_IN_FORM_IDS.vehicle;
  const result = await withZod(vehicleSchema(new Date())).validate(step.data);
  if (result.error) return validationError({ ...result.error, formId }, step.typed, { headers: noStore });
  const { year, make, model, badge, km } = result.data;
  const vehicle: TradeInVehicle = { year, make, model, badge, km, source: "shopper" };
  const changed = await updateValuation(step.platform.db, step.tenant.slug, row.id, ["vehicle"], {
    status: "adjustments",
    vehicle,
    adjustment_answers: { ...row.adjustment_answers, km },
  });
  return toValuation(step, changed ?? row);
}

/** 'Not your car?': back to describing it by hand, the found details kept as a start. */
export async function enterByHand(step: StepContext, row: ValuationRow) {
  const changed = await updateValuation(step.platform.db, step.tenant.slug, row.id, ["adjustments"], { status: "vehicle" });
  return toValuation(step, changed ?? row);
}
