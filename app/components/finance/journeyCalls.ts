/**
 * The finance journey's calls from the browser (spec 001 sections 4 and 7): the pages the shopper came
 * through, and the final step's calls (journey.ts JourneyCalls): the route's action answered as JSON
 * (app/routes/api.finance-journey, with the journey's query), the rate limit and the broker's customer.
 */
import { LEAD_SUBMISSION_FAILED, SMS_TIMEOUT_MS, UNKNOWN_ERROR } from "~/domain/finance/financeForm";
import { reportLead } from "~/utils/dealerTags";
import { customerAdditionalData, customerData, leadAttributes, type JourneyCalls } from "./journey";
import {
  JOURNEY_API_PATH,
  type DetailValues,
  type JourneyAnswer,
  type JourneyData,
  type JourneyIntent,
  type QuoteValues,
} from "./journeyCopy";

/** The pages the shopper came through: the server's (Referer), the page before this one, and this one. */
export function browserVisitedPages(fromServer: string[]): string[] {
  const pages = [...fromServer];
  try {
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (from.origin === window.location.origin) pages.push(from.pathname + from.search);
    }
  } catch {
    // A referrer that is not an address is ignored.
  }
  pages.push(window.location.pathname + window.location.search);
  return leadAttributes(pages, {}).visited_pages;
}

function detailForm(intent: JourneyIntent, details: DetailValues, extra: { pages: string[]; linkedQuery: string }): FormData {
  const form = new FormData();
  form.set("intent", intent);
  form.set("name", details.firstName);
  form.set("last_name", details.lastName);
  form.set("email", details.email);
  form.set("phone", details.phone);
  form.set("postcode", details.postcode);
  form.set("subscribe", details.subscribe ? "on" : "");
  if (intent === "verify") form.set("code", details.code);
  for (const page of extra.pages) form.append("visited_page", page);
  if (extra.linkedQuery) form.set("linked_query", extra.linkedQuery);
  return form;
}

/** A post to the journey's action, answered as JSON (app/routes/api.finance-journey, with the journey's query). */
async function routePost(query: string, form: FormData, timeoutMs?: number): Promise<JourneyAnswer> {
  const url = `${JOURNEY_API_PATH}${query ? `?${query}` : ""}`;
  const response = await fetch(url, {
    method: "POST",
    body: form,
    headers: { Accept: "application/json" },
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  const body = (await response.json().catch(() => null)) as JourneyAnswer | null;
  if (!body || typeof body !== "object" || !("status" in body))
    throw new Error(`the journey's answer was not readable (${response.status})`);
  return body;
}

export function browserCalls(context: {
  query: URLSearchParams;
  linkedQuery: string;
  pages: string[];
  details: DetailValues;
  values: QuoteValues;
  data: JourneyData;
}): JourneyCalls {
  const { query, linkedQuery, pages, values, data } = context;
  const extra = { pages, linkedQuery };
  return {
    async mayRequestCode(phone) {
      const response = await fetch("/api/rate-limit", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ phone }),
      });
      return response.ok;
    },
    async sendCode(details) {
      // The code request gives up after 15 s (spec 001 section 9); the shopper can send again.
      const answer = await routePost(query.toString(), detailForm("send", details, extra), SMS_TIMEOUT_MS);
      return answer.status === "verificationSent" ? null : answer.status === "refused" ? answer.errors : { code: UNKNOWN_ERROR };
    },
    async verifyCode(details) {
      const answer = await routePost(query.toString(), detailForm("verify", details, extra));
      return answer.status === "verified" ? null : answer.status === "refused" ? answer.errors : { code: UNKNOWN_ERROR };
    },
    async createCustomer() {
      const details = context.details;
      const attributes = leadAttributes(pages, Object.fromEntries(new URLSearchParams(linkedQuery)));
      const response = await fetch("/api/youx/create-customer", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          data: customerData(values, details, data.vehicle, data.options.postcode),
          additionalData: customerAdditionalData(data.car?.id ?? null, attributes, window.location.pathname),
        }),
      });
      const body = (await response.json().catch(() => null)) as { redirectUrl?: string; error?: string } | null;
      if (!response.ok) return { error: body?.error || `status ${response.status}` };
      return { redirectUrl: body?.redirectUrl ?? null };
    },
    async submitLead() {
      const answer = await routePost(query.toString(), detailForm("lead", context.details, extra));
      if (answer.status === "leadStored") {
        reportLead(answer.dealerLead);
        return { ok: true };
      }
      return { error: answer.status === "refused" ? answer.errors.form || LEAD_SUBMISSION_FAILED : LEAD_SUBMISSION_FAILED };
    },
  };
}
