/**
 * The vehicle page's calculators as forms of the forms kit: one zod schema each, judged in the browser
 * before asking (loaded with the shopper's first touch of the calculator, never with the page) and on
 * the server when a shopper without JavaScript sends the plain GET form. The wording and reading rules
 * stay those of the specs (deliveryEstimate.ts, fuelCost.ts).
 */
import { z } from "zod";
import { POSTCODE_REQUIRED } from "./deliveryEstimate";
import { FUEL_PARAMS, readFuelInputs, type FuelInputs } from "./fuelCost";

/** The delivery calculator: a postcode is required and nothing else is checked (the region lookup answers the rest). */
export const deliveryQuerySchema = z.object({
  postcode: z
    .string({ required_error: POSTCODE_REQUIRED, invalid_type_error: POSTCODE_REQUIRED })
    .trim()
    .min(1, POSTCODE_REQUIRED)
    .transform((postcode) => postcode.slice(0, 10)),
});

/**
 * The fuel calculator: the shopper's distance, consumption and price. Nothing is refused: a blank or
 * unreadable figure is this car's default and the others are kept within sensible bounds, so the
 * answer is always a cost.
 */
export function fuelQuerySchema(defaults: FuelInputs) {
  const figure = z.string().nullish();
  return z
    .object({ [FUEL_PARAMS.km]: figure, [FUEL_PARAMS.consumption]: figure, [FUEL_PARAMS.price]: figure })
    .transform((query): FuelInputs =>
      readFuelInputs({ km: query[FUEL_PARAMS.km], consumption: query[FUEL_PARAMS.consumption], price: query[FUEL_PARAMS.price] }, defaults),
    );
}
