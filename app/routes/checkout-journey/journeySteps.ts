/**
 * The online purchase journey's steps (/checkout-journey?car_id=): the shopper's details, trade-in,
 * payment method, delivery or pick-up, then review and submit. Each step is one form post, judged by
 * its schema here (the action's only judge), and its answers are kept on the order's row; a step can be
 * opened once the ones before it are answered. Pure: no I/O.
 */
import { z } from "zod";
import { isAustralianMobile, toLocalDigits } from "~/domain/phone";
import { deliveryPriceText, JOURNEY_STEPS, type JourneyStep, type OrderAnswers } from "./journeyNames";
import { formatMoney } from "~/domain/money";

export * from "./journeyNames";

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);

export const detailsSchema = z.object({
  first_name: text(60).min(1, "Please enter your first name."),
  last_name: text(60).min(1, "Please enter your last name."),
  email: z.string().trim().min(1, "Please enter your email address.").max(120).email("Please enter a valid email address."),
  phone: z
    .string()
    .trim()
    .min(1, "Please enter your mobile number.")
    .max(20, "Please enter a valid Australian mobile number.")
    .refine((p) => /^[0-9+()\s-]+$/.test(p) && isAustralianMobile(p), "Please enter a valid Australian mobile number.")
    .transform(toLocalDigits),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number."),
});

/** An id of the trade-in valuation (/cars/trade-in), as the valuation's own address carries it. */
export const VALUATION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const tradeInSchema = z
  .object({
    has_trade_in: z.enum(["no", "yes"], { errorMap: () => ({ message: "Please tell us whether you have a car to trade in." }) }),
    valuation: z
      .string()
      .trim()
      .max(64)
      .optional()
      .default("")
      .refine((v) => v === "" || VALUATION_ID.test(v), "Please check the valuation reference."),
    trade_car: text(200).optional().default(""),
    trade_rego: z
      .string()
      .trim()
      .toUpperCase()
      .max(10)
      .optional()
      .default("")
      .refine((v) => v === "" || /^[A-Z0-9 -]{1,10}$/.test(v), "Please enter a registration of up to 9 letters and numbers."),
  })
  .superRefine((v, ctx) => {
    if (v.has_trade_in === "yes" && !v.valuation && !v.trade_car) {
      ctx.addIssue({ code: "custom", path: ["trade_car"], message: "Please tell us about your car, or give your valuation reference." });
    }
  });

export const paymentSchema = z.object({
  payment_method: z.enum(["cash", "finance"], { errorMap: () => ({ message: "Please choose how you'd like to pay." }) }),
});

export const deliverySchema = z
  .object({
    delivery_method: z.enum(["pickup", "delivery"], { errorMap: () => ({ message: "Please choose delivery or pick-up." }) }),
    delivery_postcode: z.string().trim().max(10).optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.delivery_method !== "delivery") return;
    // The delivery calculator's rules (spec 000 sections 5 and 8): required, four digits here too.
    if (!v.delivery_postcode) ctx.addIssue({ code: "custom", path: ["delivery_postcode"], message: "Please enter a postcode." });
    else if (!/^\d{4}$/.test(v.delivery_postcode)) {
      ctx.addIssue({ code: "custom", path: ["delivery_postcode"], message: "Invalid postcode. Please enter a 4-digit number." });
    }
  });

const ANSWERED: Record<Exclude<JourneyStep, "review">, (a: OrderAnswers) => boolean> = {
  details: (a) => Boolean(a.details),
  "trade-in": (a) => Boolean(a.tradeIn),
  payment: (a) => Boolean(a.payment),
  delivery: (a) => Boolean(a.delivery),
};

/** The first step not yet answered (review once every step is). */
export function nextStep(answers: OrderAnswers): JourneyStep {
  return JOURNEY_STEPS.find((s) => s !== "review" && !ANSWERED[s](answers)) ?? "review";
}

/** The step the shopper asked for if they may open it (every step before it answered), else the next one to answer. */
export function stepToShow(answers: OrderAnswers, asked: string | null): JourneyStep {
  const next = nextStep(answers);
  const wanted = JOURNEY_STEPS.find((s) => s === asked);
  if (!wanted) return next;
  return JOURNEY_STEPS.indexOf(wanted) <= JOURNEY_STEPS.indexOf(next) ? wanted : next;
}

export function isComplete(answers: OrderAnswers): boolean {
  return nextStep(answers) === "review";
}

/** A step's field messages from a zod failure (the first message of each field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Every step's answers as the salesperson reads them in the order lead. */
export function orderLines(answers: OrderAnswers, options: { pickupName?: string } = {}): string[] {
  const lines: string[] = [];
  const t = answers.tradeIn;
  if (t?.has === "no") lines.push("Trade-in: none");
  else if (t?.has === "yes") {
    if (t.valuation) {
      const offer = t.valuation.offerPrice != null ? `, online offer ${formatMoney(t.valuation.offerPrice)}` : ", no online figure";
      lines.push(
        `Trade-in: ${t.valuation.vehicle || "car"} (valuation ${t.valuation.id}${offer}${t.valuation.offerAccepted ? ", accepted" : ""})`,
      );
    }
    if (t.car || t.rego) lines.push(`Trade-in: ${[t.car, t.rego ? `rego ${t.rego}` : ""].filter(Boolean).join(", ")}`);
  }
  if (answers.payment)
    lines.push(`Payment: ${answers.payment.method === "cash" ? "Cash / own funds" : "Finance (finance journey offered)"}`);
  const d = answers.delivery;
  if (d?.method === "pickup") lines.push(`Pick-up from ${options.pickupName ?? d.location}`);
  if (d?.method === "delivery") {
    lines.push(
      d.estimate
        ? `Delivery to ${d.postcode}: ${d.estimate.name}, estimate ${deliveryPriceText(d.estimate.price)}`
        : `Delivery to ${d.postcode}: no estimate, to be quoted`,
    );
  }
  return lines;
}
