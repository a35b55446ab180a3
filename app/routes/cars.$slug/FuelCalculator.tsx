/**
 * Fuel calculator (spec 000 section 9, spec 001 section 9): kilometres a week, consumption and fuel
 * price give a weekly and yearly cost. A form of the forms kit, loaded with the calculator
 * (FuelCalculatorForm.tsx).
 */
import { lazyForm } from "~/components/forms/lazyForm";
import type { FuelInputs } from "~/domain/fuelCost";

export interface FuelCalculatorProps {
  carId: string;
  /** This car's figures, used where the shopper gives none. */
  defaults: FuelInputs;
}

export const FuelCalculator = lazyForm<FuelCalculatorProps>(
  () => import("./FuelCalculatorForm").then((m) => m.FuelCalculatorForm),
  "FuelCalculator",
);
