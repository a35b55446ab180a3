/**
 * The embedded finance broker, for a dealer without one: quotes from the dealer's own rate table and
 * fees (quoteEngine.ts, docs/decisions/0015), and applications kept in finance_customers for the
 * dealer's finance team, the shopper sent to the dealer's 'application received' page with a reference.
 */
import pRetry from "p-retry";
import { financeCustomerSchema, quoteRequestSchema } from "~/domain/finance/financeForm";
import type { Database } from "../db/database";
import type { TenantConfig } from "../tenants/schema";
import { FinanceBrokerError, type FinanceBroker, type FinanceCustomer, type Quote, type QuoteRequest } from "./port";
import { quoteFor } from "./quoteEngine";
import { newApplicationReference } from "./reference";
import { recordFinanceCustomer } from "./store";

/** The shopper's page once the application is in (app/routes/finance-application.$reference). */
export const applicationPath = (reference: string) => `/finance-application/${reference}`;

/** An application the dealer's finance team has yet to pick up. */
export const APPLICATION_RECEIVED = "received";

/** What went wrong, field by field, without echoing what was sent. */
function refusal(what: string, issues: { path: (string | number)[] }[]): FinanceBrokerError {
  const fields = [...new Set(issues.map((i) => i.path.join(".") || "body"))].join(", ");
  return new FinanceBrokerError(`${what}: invalid ${fields}`);
}

export class EmbeddedFinanceBroker implements FinanceBroker {
  readonly kind = "embedded" as const;
  private readonly db: Database;
  private readonly now: () => Date;

  constructor(options: { db: Database; now?: () => Date }) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
  }

  async quote(dealer: TenantConfig, request: QuoteRequest): Promise<Quote> {
    const parsed = quoteRequestSchema(boundsOf(dealer)).safeParse(request);
    if (!parsed.success) throw refusal("quote refused", parsed.error.issues);
    return quoteFor(dealer.finance, parsed.data, this.now().getFullYear());
  }

  async createCustomer(
    dealer: TenantConfig,
    data: FinanceCustomer,
    additionalData: Record<string, unknown>,
  ): Promise<{ redirectUrl: string; reference: string }> {
    const parsed = financeCustomerSchema({ bounds: boundsOf(dealer), postcodeRequired: dealer.features.postcodeOnFinanceForm }).safeParse(
      data,
    );
    if (!parsed.success) throw refusal("customer refused", parsed.error.issues);
    const customer = parsed.data;
    const quote = quoteFor(dealer.finance, customer, this.now().getFullYear());
    // A reference is unique per dealer; a clash (about one in 10^17) is simply drawn again, twice at most.
    const store = async () => {
      const reference = newApplicationReference();
      const redirectUrl = applicationPath(reference);
      await recordFinanceCustomer(this.db, dealer.slug, {
        data: customer,
        additionalData,
        reference,
        redirectUrl,
        broker: "embedded",
        status: APPLICATION_RECEIVED,
        quote,
      });
      return { redirectUrl, reference };
    };
    try {
      return await pRetry(store, { retries: 2, minTimeout: 0 });
    } catch (error) {
      throw new FinanceBrokerError("the application could not be stored", { cause: error });
    }
  }
}

function boundsOf(dealer: TenantConfig) {
  return { min: dealer.finance.quote.priceMin, max: dealer.finance.quote.priceMax };
}
