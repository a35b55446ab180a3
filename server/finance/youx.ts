/**
 * The YouX finance broker over HTTP (YOUX_URL, YOUX_API_KEY; docs/decisions/0015): the quick quote is
 * `POST {YOUX_URL}/quote` with the spec's seven fields, the customer `POST {YOUX_URL}/create-customer`
 * with `{ data, additionalData }`, both JSON with the key as a bearer token. Requests are checked with
 * the finance form's rules before they leave, answers are checked before they are believed. Every
 * call goes through the outbound helper (server/http/outbound.ts) with a time limit; only the quote,
 * which changes nothing at YouX, is tried again (on a network failure, a time-out, 429 or 5xx, with
 * growing pauses): a customer is never created twice. Failures become FinanceBrokerError with the status
 * or cause, never the key. Customers handed to YouX are kept in finance_customers (broker youx) with our
 * own reference.
 */
import { z } from "zod";
import { financeCustomerSchema, quoteRequestSchema } from "~/domain/finance/financeForm";
import type { Database } from "../db/database";
import { outboundJson } from "../http/outbound";
import { log } from "../log";
import type { TenantConfig } from "../tenants/schema";
import { FinanceBrokerError, type FinanceBroker, type FinanceCustomer, type Quote, type QuoteRequest } from "./port";
import { newApplicationReference } from "./reference";
import { recordFinanceCustomer } from "./store";

export interface YouxOptions {
  /** YOUX_URL: the API's base address (paths are appended to it). */
  url: string;
  /** YOUX_API_KEY: sent as `Authorization: Bearer`, to YOUX_URL only. */
  apiKey: string;
  db: Database;
  /** Per attempt of the quote (the quote box waits for it). Default 5 s. */
  quoteTimeoutMs?: number;
  /** The customer call, tried once. Default 20 s. */
  customerTimeoutMs?: number;
  /** Further tries of a failed quote. Default 2. */
  quoteRetries?: number;
  /** The pause before the first retry, doubled for each next one and jittered. Default 250 ms. */
  backoffMs?: number;
}

const rate = z.number().finite().min(0).max(100);
const quoteAnswer = z.object({ weeklyRepaymentAmount: z.number().finite().positive(), advertisedRate: rate, comparisonRate: rate });

const customerAnswer = z.object({
  redirectUrl: z.string().optional().nullable(),
  customerId: z.union([z.string(), z.number()]).optional().nullable(),
});

/** A redirect YouX may send a shopper to: an absolute http(s) address, nothing else. */
function safeRedirect(url: string | null | undefined): string {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : "";
  } catch {
    return "";
  }
}

export class YouxFinanceBroker implements FinanceBroker {
  readonly kind = "youx" as const;
  private readonly base: string;
  private readonly options: Required<Omit<YouxOptions, "db" | "url">>;
  private readonly db: Database;

  constructor(options: YouxOptions) {
    this.base = options.url.replace(/\/+$/, "");
    this.db = options.db;
    this.options = {
      apiKey: options.apiKey,
      quoteTimeoutMs: options.quoteTimeoutMs ?? 5_000,
      customerTimeoutMs: options.customerTimeoutMs ?? 20_000,
      quoteRetries: options.quoteRetries ?? 2,
      backoffMs: options.backoffMs ?? 250,
    };
  }

  async quote(dealer: TenantConfig, request: QuoteRequest): Promise<Quote> {
    const { priceMin, priceMax } = dealer.finance.quote;
    const parsed = quoteRequestSchema({ min: priceMin, max: priceMax }).safeParse(request);
    if (!parsed.success) throw new FinanceBrokerError(`YouX quote not sent: invalid ${fieldsOf(parsed.error)}`);
    const answer = await this.post("/quote", parsed.data, this.options.quoteTimeoutMs, this.options.quoteRetries);
    const quote = quoteAnswer.safeParse(answer);
    if (!quote.success) throw new FinanceBrokerError("YouX quote: the answer had no usable figures");
    return quote.data;
  }

  async createCustomer(
    dealer: TenantConfig,
    data: FinanceCustomer,
    additionalData: Record<string, unknown>,
  ): Promise<{ redirectUrl: string; reference: string }> {
    const { priceMin, priceMax } = dealer.finance.quote;
    const schema = financeCustomerSchema({
      bounds: { min: priceMin, max: priceMax },
      postcodeRequired: dealer.features.postcodeOnFinanceForm,
    });
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new FinanceBrokerError(`YouX customer not sent: invalid ${fieldsOf(parsed.error)}`);
    const customer = parsed.data;
    // Never retried: a second try after a lost answer would create the customer twice.
    const answer = customerAnswer.safeParse(
      await this.post("/create-customer", { data: customer, additionalData }, this.options.customerTimeoutMs, 0),
    );
    if (!answer.success) throw new FinanceBrokerError("YouX customer: the answer was not understood");
    const redirectUrl = safeRedirect(answer.data.redirectUrl);
    const reference = newApplicationReference();
    try {
      await recordFinanceCustomer(this.db, dealer.slug, {
        data: customer,
        additionalData: { ...additionalData, youxCustomerId: answer.data.customerId ?? null },
        reference,
        redirectUrl,
        broker: "youx",
        status: redirectUrl ? "sent" : "no-redirect",
      });
    } catch (error) {
      // YouX has the customer; the shopper goes on. The dealer still has the lead sent beside it.
      log.error("YouX customer created but not kept", { tenant: dealer.slug, reference, error: String(error) });
    }
    return { redirectUrl, reference };
  }

  /** One JSON POST, each try within `timeoutMs`; failures as FinanceBrokerError naming the path and status. */
  private async post(path: string, body: unknown, timeoutMs: number, retries: number): Promise<unknown> {
    try {
      return await outboundJson({
        provider: `YouX ${path}`,
        url: `${this.base}${path}`,
        method: "POST",
        headers: { Authorization: `Bearer ${this.options.apiKey}` },
        json: body,
        timeoutMs,
        retries,
        backoffMs: this.options.backoffMs,
      });
    } catch (error) {
      throw new FinanceBrokerError(error instanceof Error ? error.message : `YouX ${path}: ${String(error)}`, { cause: error });
    }
  }
}

function fieldsOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.path.join(".") || "body"))].join(", ");
}
