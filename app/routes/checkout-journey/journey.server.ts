/**
 * /checkout-journey?car_id={slug or id}: the online purchase journey, only where the dealer's
 * features.checkoutJourney flag is on (a 404 elsewhere). Gated with sign-in type checkout where the
 * dealer gates checkout. The journey's answers live on a checkout_orders row under an unguessable id
 * (?order=), also kept in a cookie and tied to the signed-in shopper, so the journey resumes after a
 * sign-in, a trip to the finance journey or the trade-in valuation. One step per post, without
 * JavaScript; the review's submit files one 'Online Purchase' lead with every step's answers, once it
 * has passed the captcha where the dealer has it on (the lead forms' check, server/captcha).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { leadEventId } from "~/domain/leadEvents";
import { toLocalDigits } from "~/domain/phone";
import { isAvailable, type Vehicle } from "~/domain/vehicle";
import { reportedLeadFor, trackEvent } from "@server/analytics.server";
import { shopperFromRequest, requireShopper, type Shopper } from "@server/auth/session";
import type { Queryable } from "@server/db/database";
import {
  createCheckoutOrder,
  getCheckoutOrder,
  latestOpenCheckoutOrder,
  markCheckoutOrderSubmitted,
  saveCheckoutAnswers,
  type CheckoutOrder,
} from "@server/db/checkoutOrders";
import { getVehicleById } from "@server/db/vehicles";
import { deliveryOutcome } from "@server/delivery";
import { PRIVATE_NO_CACHE, PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { captchaOn, checkLeadCaptcha, fallbackQuestionFor, type FallbackQuestion } from "@server/captcha";
import { clientAddressOf, dealerFrom } from "@server/http/loadContext";
import { carLine, enquiryCar, enquirySite } from "@server/leads/enquiryPages";
import {
  LEAD_NOT_STORED_MESSAGE,
  leadAllowanceSpent,
  readFormBody,
  TOO_MANY_LEADS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "@server/leads/formAction";
import { submitLead } from "@server/leads/submit";
import { log } from "@server/log";
import type { Platform } from "@server/platform.server";
import { bookableLocations } from "@server/testDrive/availability";
import { getValuation } from "@server/tradeIn/store";
import type { TenantConfig } from "@server/tenants/schema";
import { SLUG_PATTERN } from "~/domain/slug";
import {
  deliverySchema,
  detailsSchema,
  fieldErrors,
  isComplete,
  JOURNEY_STEPS,
  orderLines,
  orderReference,
  paymentSchema,
  stepToShow,
  tradeInSchema,
  VALUATION_ID,
  type JourneyStep,
  type OrderAnswers,
  type TradeInAnswers,
} from "./journeySteps";

const ORDER_ID = /^[A-Za-z0-9_-]{24}$/;
const ORDER_COOKIE = "checkout_order";
const ORDER_COOKIE_DAYS = 14;
export { ORDER_CATEGORY } from "@server/leads/successOutcome";
import { ORDER_CATEGORY } from "@server/leads/successOutcome";
export const VALUATION_NOT_FOUND = "We couldn't find that valuation. Check the reference, or tell us about your car instead.";

const query = z.object({
  car_id: z.string().trim().max(200).regex(SLUG_PATTERN).optional().catch(undefined),
  order: z.string().regex(ORDER_ID).optional().catch(undefined),
  step: z.enum(JOURNEY_STEPS).optional().catch(undefined),
  valuation: z.string().regex(VALUATION_ID).optional().catch(undefined),
});

type OrderRow = CheckoutOrder<OrderAnswers>;

/** An order another signed-in shopper started is not this shopper's to see or change. */
function mayUse(order: OrderRow, shopper: Shopper | null): boolean {
  return !order.userId || order.userId === shopper?.userId;
}

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

function orderCookie(request: Request, id: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${ORDER_COOKIE}=${id}; Path=/checkout-journey; HttpOnly; SameSite=Lax; Max-Age=${ORDER_COOKIE_DAYS * 86400}${secure}`;
}

/** The dealer's car the journey is for: by id (the buttons send it) or by slug (spec 000 section 2). */
async function journeyCar(platform: Platform, tenant: TenantConfig, carId: string | undefined): Promise<Vehicle | null> {
  if (!carId) return null;
  try {
    return (await getVehicleById(platform.db, tenant.slug, carId)) ?? (await platform.search.getBySlug(tenant, carId));
  } catch (error) {
    log.warn("checkout car lookup failed", { tenant: tenant.slug, car: carId, error: String(error) });
    return null;
  }
}

function gatesCheckout(tenant: TenantConfig): boolean {
  return tenant.gating.enabled && tenant.gating.kinds.includes("checkout");
}

async function journeyContext(args: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(args.context);
  if (!tenant.features.checkoutJourney) throw new Response("Not found", { status: 404 });
  const url = new URL(args.request.url);
  const q = query.parse(Object.fromEntries(url.searchParams));
  const vehicle = await journeyCar(platform, tenant, q.car_id);
  if (!vehicle) throw new Response("Not found", { status: 404 });
  // From a direct link, the sign-in's 'back' is the car (not the home page).
  const shopper = gatesCheckout(tenant)
    ? await requireShopper(args, "checkout", `/cars/${encodeURIComponent(vehicle.slug)}`)
    : await shopperFromRequest(platform, tenant, args.request);
  // The order: the one the address names, else this shopper's open one for the car, else the cookie's.
  let order: OrderRow | null = null;
  const candidates = [q.order, readCookie(args.request, ORDER_COOKIE)].filter((id): id is string => Boolean(id && ORDER_ID.test(id)));
  for (const id of candidates) {
    const found = await getCheckoutOrder<OrderAnswers>(platform.db, tenant.slug, id);
    if (found && found.carId === vehicle.id && mayUse(found, shopper) && (id === q.order || !found.submittedAt)) {
      order = found;
      break;
    }
  }
  if (!order && shopper) order = await latestOpenCheckoutOrder<OrderAnswers>(platform.db, tenant.slug, shopper.userId, vehicle.id);
  return { platform, tenant, vehicle, shopper, order, q, url };
}

/** The journey's address for a step of an order. */
function journeyPath(vehicle: Vehicle, order: OrderRow | { id: string } | null, step?: JourneyStep | "done") {
  const params = new URLSearchParams({ car_id: vehicle.slug });
  if (order) params.set("order", order.id);
  if (step) params.set("step", step);
  return `/checkout-journey?${params}`;
}

/** A valuation from /cars/trade-in on this dealer, as the order keeps it (never another shopper's). */
async function readValuation(db: Queryable, tenant: string, id: string, shopper: Shopper | null) {
  const row = await getValuation(db, tenant, id);
  if (!row) return null;
  if (row.user_id && row.user_id !== shopper?.userId) return null;
  const { vehicle } = row;
  const described = vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.badge].filter(Boolean).join(" ") : "";
  return {
    id,
    status: row.status,
    vehicle: described || (row.rego ? `rego ${row.rego}` : ""),
    offerPrice: row.offer_price,
    offerAccepted: row.offer_accepted,
  };
}

function pickupLocation(tenant: TenantConfig, vehicle: Vehicle) {
  const yards = bookableLocations(tenant);
  return yards.find((l) => l.id === vehicle.location_id) ?? yards.find((l) => l.primary) ?? tenant.locations[0];
}

export async function journeyLoader(args: LoaderFunctionArgs) {
  const { platform, tenant, vehicle, shopper, order, q, url } = await journeyContext(args);
  const answers = order?.answers ?? {};
  const submitted = Boolean(order?.submittedAt);
  const step = stepToShow(answers, q.step ?? null);
  const pickup = pickupLocation(tenant, vehicle);
  const page = {
    ...enquirySite(tenant),
    car: enquiryCar(tenant, vehicle),
    available: isAvailable(vehicle),
    orderId: order?.id ?? null,
    submitted,
    step,
    answers,
    // A signed-in shopper's account details start the details step.
    prefill: shopper
      ? {
          first_name: shopper.first_name,
          last_name: shopper.last_name,
          email: shopper.email,
          phone: toLocalDigits(shopper.phone),
          postcode: "",
        }
      : null,
    steps: JOURNEY_STEPS.map((s) => ({ step: s, open: JOURNEY_STEPS.indexOf(s) <= JOURNEY_STEPS.indexOf(stepToShow(answers, "review")) })),
    // A valuation handed over in the address (back from /cars/trade-in) fills the trade-in step.
    valuationGiven: q.valuation ?? null,
    tradeInHref: `/cars/trade-in?car_id=${encodeURIComponent(vehicle.id)}`,
    financeHref: tenant.features.financeProvider !== "none" ? `/personalised/finance?car_id=${encodeURIComponent(vehicle.id)}` : null,
    pickupName: pickup ? `${pickup.name}, ${pickup.address.street}, ${pickup.address.city}` : tenant.name,
    showPaymentsStrip: tenant.footer.showPaymentsStrip,
    // The review's captcha question, for a shopper without JavaScript (the widget replaces it); a page view's own.
    captcha: captchaOn(platform, tenant),
    captchaQuestion: step === "review" && !submitted ? fallbackQuestionFor(platform, tenant) : null,
    action: `${url.pathname}?${new URLSearchParams({ car_id: vehicle.slug, ...(order ? { order: order.id } : {}) })}`,
    // The order's lead, for the dealer's own analytics tags: the page that says it was received reports it.
    dealerLead: submitted ? await reportedLeadFor(platform.db, tenant, order?.leadId) : null,
  };
  return data(page, { headers: { "Cache-Control": PRIVATE_NO_CACHE } });
}

const noStore = { "Cache-Control": PRIVATE_NO_STORE };

function refuse(
  step: JourneyStep,
  errors: Record<string, string>,
  values: Record<string, string>,
  status = 400,
  captcha: FallbackQuestion | null = null,
) {
  return data({ step, errors, values, captcha }, { status, headers: noStore });
}

/** What the shopper typed (text only, shortened), to show the form again after a refusal. */
function typed(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of data) if (typeof value === "string" && key !== "intent") values[key] ??= value.slice(0, 500);
  return values;
}

export async function journeyAction(args: ActionFunctionArgs) {
  const { platform, tenant, vehicle, shopper, order, url } = await journeyContext(args);
  const data = await readFormBody(args.request);
  if (!data) return refuse("details", { form: UNREADABLE_FORM_MESSAGE }, {});
  const intent = String(data.get("intent") ?? "");
  const values = typed(data);
  if (!isAvailable(vehicle)) return refuse("details", { form: "Sorry, this car is no longer available." }, values, 409);
  if (order?.submittedAt) return redirect(journeyPath(vehicle, order, "done"), { status: 303 });
  const answers: OrderAnswers = { ...(order?.answers ?? {}) };

  let next: JourneyStep | "done";
  switch (intent) {
    case "details": {
      const parsed = detailsSchema.safeParse(Object.fromEntries(data));
      if (!parsed.success) return refuse("details", fieldErrors(parsed.error), values);
      answers.details = parsed.data;
      next = "trade-in";
      break;
    }
    case "trade-in": {
      const parsed = tradeInSchema.safeParse(Object.fromEntries(data));
      if (!parsed.success) return refuse("trade-in", fieldErrors(parsed.error), values);
      let tradeIn: TradeInAnswers = { has: "no" };
      if (parsed.data.has_trade_in === "yes") {
        const valuation = parsed.data.valuation ? await readValuation(platform.db, tenant.slug, parsed.data.valuation, shopper) : null;
        if (parsed.data.valuation && !valuation) return refuse("trade-in", { valuation: VALUATION_NOT_FOUND }, values);
        tradeIn = { has: "yes", valuation, car: parsed.data.trade_car, rego: parsed.data.trade_rego };
      }
      answers.tradeIn = tradeIn;
      next = "payment";
      break;
    }
    case "payment": {
      const parsed = paymentSchema.safeParse(Object.fromEntries(data));
      if (!parsed.success) return refuse("payment", fieldErrors(parsed.error), values);
      answers.payment = { method: parsed.data.payment_method };
      next = "delivery";
      break;
    }
    case "delivery": {
      const parsed = deliverySchema.safeParse(Object.fromEntries(data));
      if (!parsed.success) return refuse("delivery", fieldErrors(parsed.error), values);
      if (parsed.data.delivery_method === "pickup") {
        answers.delivery = { method: "pickup", location: pickupLocation(tenant, vehicle)?.name ?? tenant.name };
      } else {
        const outcome = await deliveryOutcome(platform.delivery, tenant, parsed.data.delivery_postcode);
        answers.delivery = {
          method: "delivery",
          postcode: parsed.data.delivery_postcode,
          estimate: outcome.kind === "estimate" ? { price: outcome.estimate.price, name: outcome.estimate.name } : null,
        };
      }
      next = "review";
      break;
    }
    case "submit":
      return submitOrder({ platform, tenant, vehicle, order, answers, context: args.context, path: url.pathname, values, data });
    default:
      return refuse("details", { form: "Please use the form on this page." }, {});
  }
  // Steps after details need an order; a post out of order starts again at the right step.
  if (intent !== "details" && !order) return redirect(journeyPath(vehicle, null), { status: 303 });

  const saved = order
    ? await saveAnswers(platform.db, tenant.slug, order.id, answers, shopper)
    : await createOrder(platform.db, tenant.slug, vehicle.id, answers, shopper);
  return redirect(journeyPath(vehicle, saved, next), { status: 303, headers: { "Set-Cookie": orderCookie(args.request, saved.id) } });
}

async function createOrder(db: Queryable, tenant: string, carId: string, answers: OrderAnswers, shopper: Shopper | null) {
  const id = randomBytes(18).toString("base64url");
  await createCheckoutOrder(db, tenant, { id, carId, userId: shopper?.userId ?? null, answers });
  return { id };
}

async function saveAnswers(db: Queryable, tenant: string, id: string, answers: OrderAnswers, shopper: Shopper | null) {
  await saveCheckoutAnswers(db, tenant, id, answers, shopper?.userId ?? null);
  return { id };
}

async function submitOrder(input: {
  platform: Platform;
  tenant: TenantConfig;
  vehicle: Vehicle;
  order: OrderRow | null;
  answers: OrderAnswers;
  context: ActionFunctionArgs["context"];
  path: string;
  values: Record<string, string>;
  data: FormData;
}) {
  const { platform, tenant, vehicle, order, answers } = input;
  if (!order || !isComplete(answers) || !answers.details) return redirect(journeyPath(vehicle, order), { status: 303 });
  const address = clientAddressOf(input.context);
  const captcha = await checkLeadCaptcha(platform, tenant, input.data, { remoteIp: address === "unknown" ? undefined : address });
  if (!captcha.passed) {
    // The order's answers stay on its row; the review comes back with the question to answer.
    return refuse("review", { captcha_answer: captcha.message }, { ...input.values, captcha_answer: "" }, 422, captcha.question);
  }
  const d = answers.details;
  const retryAfter = await leadAllowanceSpent({ limits: platform, tenant: tenant.slug, context: input.context, contact: d });
  if (retryAfter !== null) return refuse("review", { form: TOO_MANY_LEADS_MESSAGE }, input.values, 429);
  const pickup = pickupLocation(tenant, vehicle);
  const lines = [
    ...carLine(vehicle),
    `Order reference: ${orderReference(order.id)} (order ${order.id})`,
    ...orderLines(answers, { pickupName: pickup?.name }),
  ];
  let leadId: string;
  try {
    const { lead, duplicate } = await submitLead(platform, tenant, {
      category: ORDER_CATEGORY,
      subcategory: "Order",
      car_id: vehicle.id,
      name: d.first_name,
      last_name: d.last_name,
      email: d.email,
      phone: d.phone,
      postcode: d.postcode,
      message: lines.join("\n"),
      source_path: input.path,
      payload: {
        dealership_slug: vehicle.dealership_slug,
        car_id: vehicle.id,
        stock_number: vehicle.stocknum,
        "Vehicle Make": vehicle.make,
        "Vehicle Model": vehicle.model,
        car_type: vehicle.car_type,
        vehicle_status: vehicle.status,
        subcategory: "Order",
        order_id: order.id,
        order_reference: orderReference(order.id),
        order: answers,
      },
    });
    await markCheckoutOrderSubmitted(platform.db, tenant.slug, order.id, lead.id);
    leadId = lead.id;
    if (!duplicate) {
      await trackEvent(platform.db, tenant.slug, leadEventId("enquiry", vehicle), {
        path: input.path,
        payload: { form: "checkout-journey", car_id: vehicle.id, order_id: order.id },
      });
    }
  } catch (error) {
    log.error("order lead not stored", { tenant: tenant.slug, order: order.id, error: String(error) });
    return refuse("review", { form: LEAD_NOT_STORED_MESSAGE }, input.values, 500);
  }
  // A multi-step form ends on /success (spec 000), which shows the order's reference from its lead.
  return redirect(`/success?${new URLSearchParams({ lead: leadId, car: vehicle.slug, order: order.id })}`, { status: 303 });
}
