/**
 * The finance broker (spec 001 sections 3, 7 and 8: the quick quote and the customer creation that
 * hands the shopper on to an application). Two adapters: the YouX HTTP adapter when YOUX_URL and
 * YOUX_API_KEY are set, else the embedded broker (a quote engine on the dealer's rate table and an
 * application store whose redirect is the dealer's own 'application received' page).
 */
import type { CreditScore } from "~/domain/finance/financeForm";
import type { TenantConfig as Tenant } from "../tenants/schema";

// One list for the browser and the server: the finance form's rules define it.
export { CREDIT_SCORES, type CreditScore } from "~/domain/finance/financeForm";

/** The quick quote's question (spec 001 section 7, POST /api/youx/quote). */
export interface QuoteRequest {
  selfAssessedCreditScore: CreditScore;
  purchasePrice: number;
  /** Years, 1 to 7. */
  loanTerm: number;
  /** The car's build year; null when the shopper has no car chosen. */
  year: number | null;
  vin: string;
  nvic: string;
  whoIsHelping: string;
}

/** The quick quote's answer: rates in percent a year (8.99 means 8.99% p.a.). */
export interface Quote {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
}

/** The customer creation payload (spec 001 section 3), word for word. */
export interface FinanceCustomer {
  nvic: string;
  vin: string;
  selfAssessedCreditScore: CreditScore;
  purchasePrice: number;
  year: number | null;
  loanTerm: number;
  /** Local form, a leading 61 turned into 0 on submit (0412345678). */
  phoneNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  subscribe: boolean;
  postCode: string;
}

export interface FinanceBroker {
  quote(dealer: Tenant, request: QuoteRequest): Promise<Quote>;
  /** additionalData carries the lead (and its id, when the page has one) alongside the customer. */
  createCustomer(
    dealer: Tenant,
    data: FinanceCustomer,
    additionalData: Record<string, unknown>,
  ): Promise<{ redirectUrl: string; reference: string }>;
}

/** The broker could not answer (refused, failed, timed out, or answered without what we need). */
export class FinanceBrokerError extends Error {}
