/**
 * /online-payment (features.onlinePayment, else 404): a shopper pays the dealer an amount against an
 * invoice, order or stock number, through the platform's payments adapter (server/payments):
 * - Stripe Checkout: a pending payment and a Checkout session; the shopper pays on Stripe's page and
 *   comes back to ?payment={id}, checked with Stripe; once paid the dealer gets the 'Online Payment' lead;
 * - embedded (no provider): the request is recorded without taking money, the dealer gets the lead at
 *   once and the page says plainly that nothing was charged.
 * Gated where the dealer gates online-payment (loader and action alike). A plain form post, which passes
 * the lead forms' captcha where the dealer has it on (judged with the fields; a refusal keeps every
 * typed value and asks the server's question).
 */
import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { gatedSignInType } from "~/domain/gating";
import { formatPhone } from "~/domain/phone";
import { reportedLeadFor } from "@server/analytics.server";
import { requireShopper, shopperFromRequest } from "@server/auth/session";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { captchaOn, checkLeadCaptcha, fallbackQuestionFor, type FallbackQuestion } from "@server/captcha";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { readFormBody } from "@server/leads/formAction";
import { log } from "@server/log";
import {
  getOnlinePayment as getPayment,
  settleOnlinePayment as settle,
  cancelPendingPayment,
  createOnlinePayment,
  recordCheckoutSession,
  type OnlinePaymentRow as PaymentRow,
} from "@server/payments/onlinePayments";
import { PAYMENT_UNAVAILABLE_MESSAGE } from "@server/payments";
import type { Platform } from "@server/platform.server";
import type { TenantConfig } from "@server/tenants/schema";
import { PAYMENT_FIELDS, readPaymentForm, type PaymentValues } from "./paymentForm";

const headers = { "Cache-Control": PRIVATE_NO_STORE };
export const PAYMENT_NOT_STORED_MESSAGE = "An unexpected error occured";

async function paymentPage(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  if (!tenant.features.onlinePayment) throw new Response("Not found", { status: 404, headers });
  const url = new URL(args.request.url);
  const gate = gatedSignInType(url.pathname, url.searchParams, tenant.gating, tenant.paths);
  if (gate) await requireShopper(args, gate);
  return { platform, tenant, url };
}

/** A returning shopper's payment, brought up to date with the provider (paid, or given up). */
async function paymentOnReturn(platform: Platform, tenant: TenantConfig, url: URL): Promise<PaymentRow | null> {
  let row = await getPayment(platform.db, tenant.slug, url.searchParams.get("payment"));
  if (!row) return null;
  const payments = platform.payments;
  try {
    if (row.status === "pending" && row.checkout_session_id && payments.name === row.provider) {
      const session = await payments.getSession(row.checkout_session_id);
      if (session.state === "paid") row = await settle(platform, tenant, row, "paid");
      else if (url.searchParams.get("cancelled") === "1" || session.state === "expired")
        row = await settle(platform, tenant, row, "cancelled");
    } else if (row.status === "paid" || row.status === "recorded") {
      row = await settle(platform, tenant, row, row.status);
    }
  } catch (error) {
    log.warn("online payment not checked", { tenant: tenant.slug, payment: row.id, error: String(error) });
  }
  return row;
}

export async function paymentLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, url } = await paymentPage(args);
  const row = await paymentOnReturn(platform, tenant, url);
  const shopper = await shopperFromRequest(platform, tenant, args.request);
  return data(
    {
      siteName: tenant.name,
      takesMoney: platform.payments.takesMoney,
      showPaymentsStrip: tenant.footer.showPaymentsStrip,
      // What the form starts from: the signed-in shopper's details, and a reference from a link (?reference=).
      defaults: {
        reference: (url.searchParams.get("reference") ?? "").slice(0, 40),
        first_name: shopper?.first_name ?? "",
        last_name: shopper?.last_name ?? "",
        email: shopper?.email ?? "",
        phone: shopper ? formatPhone(shopper.phone) : "",
      },
      payment: row ? { status: row.status, reference: row.reference, amountCents: row.amount_cents } : null,
      captcha: captchaOn(platform, tenant),
      // For a shopper without JavaScript the question is in the page from the start (the widget replaces it).
      captchaQuestion: fallbackQuestionFor(platform, tenant),
      // The payment's lead once filed (paid, or recorded without a payment provider), for the dealer's own tags.
      dealerLead: await reportedLeadFor(platform.db, tenant, row?.lead_id),
    },
    { headers },
  );
}

type ActionAnswer = {
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  formError: string | null;
  /** The captcha's question when the form did not pass it (or passed it by the question, shown again). */
  captcha: FallbackQuestion | null;
};
const refuse = (answer: Partial<ActionAnswer>, status = 400) =>
  data<ActionAnswer>({ fieldErrors: {}, values: {}, formError: null, captcha: null, ...answer }, { status, headers });

export async function paymentAction(args: ActionFunctionArgs) {
  const { platform, tenant, url } = await paymentPage(args);
  const data = await readFormBody(args.request);
  if (!data) return refuse({ formError: "Please fill in the form and send it again." });
  const form = readPaymentForm(Object.fromEntries([...data].filter(([, v]) => typeof v === "string")));
  const address = clientAddressOf(args.context);
  const captcha = await checkLeadCaptcha(platform, tenant, data, { remoteIp: address === "unknown" ? undefined : address });
  const sent = Object.fromEntries(PAYMENT_FIELDS.map((name) => [name, String(data.get(name) ?? "").slice(0, 200)]));
  // The fields and the captcha judged together, so the shopper fixes both in one go.
  if (!form.ok || !captcha.passed) {
    return refuse(
      {
        fieldErrors: { ...(form.ok ? {} : form.fieldErrors), ...(captcha.passed ? {} : { captcha_answer: captcha.message }) },
        values: form.ok ? sent : form.sent,
        captcha: captcha.question,
      },
      captcha.passed ? 400 : 422,
    );
  }
  const values: PaymentValues = form.values;
  const payments = platform.payments;
  const id = randomBytes(18).toString("base64url");
  const page = `${url.origin}${url.pathname}`;
  let row: PaymentRow;
  try {
    row = await createOnlinePayment(platform.db, tenant.slug, {
      id,
      reference: values.reference,
      amountCents: values.amount,
      firstName: values.first_name,
      lastName: values.last_name,
      email: values.email,
      phone: values.phone,
      provider: payments.name,
      sourcePath: url.pathname,
    });
  } catch (error) {
    log.error("online payment not stored", { tenant: tenant.slug, error: String(error) });
    return refuse({ values: sent, formError: PAYMENT_NOT_STORED_MESSAGE }, 503);
  }
  try {
    const start = await payments.startDeposit({
      reservationId: id,
      tenant: tenant.slug,
      carId: "",
      description: `Payment to ${tenant.name}: reference ${values.reference}`,
      purpose: "payment",
      amountCents: values.amount,
      successUrl: `${page}?payment=${id}`,
      cancelUrl: `${page}?payment=${id}&cancelled=1`,
      customerEmail: values.email,
    });
    if (start.kind === "redirect") {
      await recordCheckoutSession(platform.db, id, start.sessionId);
      return redirect(start.url, { headers });
    }
    await settle(platform, tenant, row, "recorded");
  } catch (error) {
    log.error("online payment not started", { tenant: tenant.slug, payment: id, error: String(error) });
    await cancelPendingPayment(platform.db, id);
    return refuse({ values: sent, formError: PAYMENT_UNAVAILABLE_MESSAGE }, 502);
  }
  return redirect(`${url.pathname}?payment=${id}`, { headers });
}
