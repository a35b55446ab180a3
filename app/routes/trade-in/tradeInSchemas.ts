/**
 * The trade-in steps' schemas, judged the same way in the browser (loaded with the form, on first touch)
 * and in the action (always). The rego, the car and the contact details follow the forms kit's trade-in
 * rules word for word; the condition step's answers are the ones the server offered.
 */
import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { tradeInSchema } from "~/components/forms/leadSchemas";
import { ADJUSTMENT_PROMPTS, type AdjustmentChoices, type TradeInIntent } from "./tradeInSteps";

const CHOICE_MESSAGES: Record<keyof AdjustmentChoices, string> = {
  accident: "Please tell us about any accident damage.",
  service: "Please choose its service history.",
  keys: "Please tell us how many keys you have.",
  financeOwing: "Please tell us whether there is finance owing.",
  condition: "Please choose its overall condition.",
};

function choice(values: readonly { value: string }[], message: string) {
  return z.string({ required_error: message, invalid_type_error: message }).refine((v) => values.some((c) => c.value === v), message);
}

/** Step 1: the rego and its state. */
export function regoSchema(now: Date) {
  return tradeInSchema(now).pick({ rego: true, state: true });
}

/** The car by hand when the rego is not found: year, make, model, badge (optional) and kilometres. */
export function vehicleSchema(now: Date) {
  return tradeInSchema(now)
    .pick({ year: true, make: true, model: true, km: true })
    .extend({ badge: z.string().trim().max(60, "Please keep this under 60 characters.").optional().default("") });
}

/** Step 2: the odometer, the condition questions and the shopper's contact details. */
export function adjustmentsSchema(now: Date, choices: AdjustmentChoices) {
  const answers = Object.fromEntries(
    (Object.keys(ADJUSTMENT_PROMPTS) as (keyof AdjustmentChoices)[]).map((q) => [q, choice(choices[q], CHOICE_MESSAGES[q])]),
  ) as Record<keyof AdjustmentChoices, z.ZodEffects<z.ZodString>>;
  return tradeInSchema(now).pick({ km: true, first_name: true, last_name: true, email: true, phone: true, opt_in: true }).extend(answers);
}

/** The accept or decline buttons. */
export const decisionSchema = z.object({
  decision: z.enum(["accept", "decline"], { errorMap: () => ({ message: "Please accept or decline the offer." }) }),
});

export type RegoValues = z.infer<ReturnType<typeof regoSchema>>;
export type VehicleValues = z.infer<ReturnType<typeof vehicleSchema>>;
export type AdjustmentValues = z.infer<ReturnType<typeof adjustmentsSchema>>;

/** The validator of one step's form, as the browser's form holds it (the action judges each step with its own typed schema). */
export function stepValidator(
  step: Extract<TradeInIntent, "rego" | "vehicle" | "adjustments">,
  choices: AdjustmentChoices,
  now = new Date(),
): Validator<Record<string, unknown>> {
  const schema: z.ZodType<Record<string, unknown>, z.ZodTypeDef, unknown> = step === "rego"
    ? regoSchema(now)
    : step === "vehicle"
      ? vehicleSchema(now)
      : adjustmentsSchema(now, choices);
  return withZod(schema);
}
