/**
 * The calculators' browser validators (the forms kit's `withZod` over the shared schemas in
 * app/domain/calculatorSchemas.ts). Fetched with the shopper's first touch of a calculator, with zod.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { deliveryQuerySchema, fuelQuerySchema } from "~/domain/calculatorSchemas";
import type { FuelInputs } from "~/domain/fuelCost";

export const deliveryValidator = withZod(deliveryQuerySchema);

export const fuelValidator = (defaults: FuelInputs) => withZod(fuelQuerySchema(defaults));
