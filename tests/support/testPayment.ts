import type { PaymentField } from "~/routes/online-payment/paymentForm";

/**
 * What a shopper types into a dealer's /online-payment form: a complete, valid request ($1,250.50
 * against invoice INV-1042, from Ava Lee); override what the test is about.
 */
export function testPaymentForm(overrides: Partial<Record<PaymentField, string>> = {}): Record<PaymentField, string> {
  return {
    reference: "INV-1042",
    amount: "1,250.50",
    first_name: "Ava",
    last_name: "Lee",
    email: "ava@example.com",
    phone: "0412 345 678",
    ...overrides,
  };
}

/**
 * The form's post to the dealer's /online-payment as a browser sends it; a string body (with its own
 * content type) for what no browser sends.
 */
export function paymentPost(dealerSlug: string, form: Record<string, string> | string, contentType = "application/x-www-form-urlencoded") {
  return new Request(`http://${dealerSlug}.localhost/online-payment`, {
    method: "POST",
    body: typeof form === "string" ? form : new URLSearchParams(form),
    headers: { "Content-Type": contentType },
  });
}
