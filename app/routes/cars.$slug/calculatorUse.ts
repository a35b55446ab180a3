import { sendAnalyticsEvent } from "~/utils/analytics";
import { EVENT } from "~/domain/analyticsEvents";

/** Cars whose calculators have been used on this page visit: event 26 fires once (spec 001 section 4). */
const used = new Set<string>();

export function noteCalculatorUse(carId: string, calculator: "fuel" | "delivery" | "finance") {
  if (used.has(carId)) return;
  used.add(carId);
  sendAnalyticsEvent(EVENT.calculatorFirstUse, { car_id: carId, calculator });
}
