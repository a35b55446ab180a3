/**
 * Every customer handed to a finance broker is kept in finance_customers, whichever broker took it: the
 * shopper's details and figures, the car and the lead that came with it (when the page named them),
 * the reference and where the broker sent the shopper next.
 */
import { toInternationalMobile } from "~/domain/phone";
import type { Database } from "../db/database";
import { saveFinanceCustomer, type FinanceBrokerKind } from "../db/finance";
import type { FinanceCustomer, Quote } from "./port";

const ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** A car id or lead id named in additionalData, when it looks like one. */
function idFrom(additionalData: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = additionalData[key];
    if (typeof value === "string" && ID.test(value)) return value;
  }
  return null;
}

export async function recordFinanceCustomer(
  db: Database,
  tenant: string,
  input: {
    data: FinanceCustomer;
    additionalData: Record<string, unknown>;
    reference: string;
    redirectUrl: string;
    broker: FinanceBrokerKind;
    status: string;
    /** The figures quoted when the application was made (the embedded broker's own). */
    quote?: Quote;
  },
): Promise<void> {
  await saveFinanceCustomer(db, tenant, {
    car_id: idFrom(input.additionalData, "car_id", "carId"),
    lead_id: idFrom(input.additionalData, "lead_id", "leadId"),
    phone: toInternationalMobile(input.data.phoneNumber) ?? input.data.phoneNumber,
    payload: { ...input.data, ...(input.quote ? { quote: input.quote } : {}), additionalData: input.additionalData },
    redirect_url: input.redirectUrl,
    reference: input.reference,
    broker: input.broker,
    status: input.status,
  });
}
