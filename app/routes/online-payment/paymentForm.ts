/**
 * The online payment form's rules (/online-payment): what the shopper pays the dealer against (an
 * invoice, order or stock number), how much (Australian dollars, $1 to $50,000, to the cent) and who
 * they are. Pure, shared by the page and its action.
 */
import { z } from "zod";
import { isAustralianMobile } from "~/domain/phone";

export const MIN_PAYMENT_CENTS = 100;
export const MAX_PAYMENT_CENTS = 5_000_000;

/** "1,250.50", "$1250.5", " 99 " -> cents; anything else (letters, three decimals, negative) -> null. */
export function amountCents(input: string): number | null {
  const text = input.replace(/^\s*\$?\s*/, "").trim();
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text)) return null;
  const [dollars, cents = ""] = text.replace(/,/g, "").split(".");
  const value = Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
  return Number.isSafeInteger(value) ? value : null;
}

export { formatCents } from "~/domain/money";

const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const paymentSchema = z.object({
  reference: required("Reference", 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9 ./#-]*$/,
    "Use the letters and numbers on your invoice, order or stock number",
  ),
  amount: z.string({ required_error: "Amount is required" }).transform((value, ctx) => {
    const cents = amountCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "Enter an amount in dollars, e.g. 1500 or 1,500.00" });
      return z.NEVER;
    }
    if (cents < MIN_PAYMENT_CENTS || cents > MAX_PAYMENT_CENTS) {
      ctx.addIssue({ code: "custom", message: "Enter an amount between $1 and $50,000" });
      return z.NEVER;
    }
    return cents;
  }),
  first_name: required("First name", 60),
  last_name: required("Last name", 60),
  email: required("Email", 120).email("Enter a valid email address"),
  phone: required("Mobile", 20).refine(isAustralianMobile, "Enter an Australian mobile number, e.g. 0412 345 678"),
});

export type PaymentValues = z.infer<typeof paymentSchema>;
export const PAYMENT_FIELDS = ["reference", "amount", "first_name", "last_name", "email", "phone"] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** The form's values checked: the values, or one message per field (the first of each), and what was sent to show again. */
export function readPaymentForm(
  form: Record<string, unknown>,
): { ok: true; values: PaymentValues } | { ok: false; fieldErrors: Record<string, string>; sent: Record<string, string> } {
  const sent = Object.fromEntries(
    PAYMENT_FIELDS.map((name) => [name, typeof form[name] === "string" ? (form[name] as string).slice(0, 200) : ""]),
  );
  const result = paymentSchema.safeParse(sent);
  if (result.success) return { ok: true, values: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  return { ok: false, fieldErrors, sent };
}
