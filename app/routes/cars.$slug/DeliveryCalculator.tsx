/**
 * Delivery calculator (spec 000 sections 3, 5 and 8): a postcode gives the delivery price and region;
 * empty reads 'Please enter a postcode.'; a postcode no region covers reads the 'Sorry...' message.
 * A form of the forms kit, loaded with the calculator (DeliveryCalculatorForm.tsx).
 */
import { lazyForm } from "~/components/forms/lazyForm";
import type { DeliveryOutcome } from "~/domain/deliveryEstimate";

export interface DeliveryCalculatorProps {
  carId: string;
  /** The page loader's answer to the plain GET form (`?postcode=`), if the shopper sent it. */
  initial: DeliveryOutcome | null;
}

export const DeliveryCalculator = lazyForm<DeliveryCalculatorProps>(
  () => import("./DeliveryCalculatorForm").then((m) => m.DeliveryCalculatorForm),
  "DeliveryCalculator",
);
