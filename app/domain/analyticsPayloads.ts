/**
 * What a dealer's own tags are told (docs/analytics.md): a Google Tag Manager container gets objects in
 * `window.dataLayer`, a GA4 measurement id gets `gtag('event', ...)` calls, a Meta Pixel gets
 * `fbq('track' | 'trackCustom', ...)` calls. Three things are reported: a vehicle page seen (GA4
 * `view_item`, Meta `ViewContent`), a lead stored (GA4 `generate_lead`, Meta `Lead`) and the spec's
 * numbered events (app/domain/analyticsEvents.ts, `dealer_event_<id>`), plus page views.
 *
 * Privacy rule: no shopper's name, phone, e-mail, postcode, message or rego ever reaches an analytics
 * host. Every payload here is built field by field from an allow-list (a car's id, name, make, model,
 * year, body, type and price; a lead's category and subcategory; the numbered events' few detail keys),
 * never by copying an object, and any text that still looks like an e-mail address or a phone number
 * is dropped. Page addresses lose their personal query parameters (a postcode, a search typed as a
 * phone number). Pure: the browser's tag loader (app/utils/dealerTags.client.ts) and the server (the
 * lead summaries it hands to pages) both use it.
 */
import { ANALYTICS_EVENTS, type AnalyticsEventId } from "./analyticsEvents";
import type { CarType, ItemType } from "./vehicle";

/** Every amount on the site is in Australian dollars. */
export const TAG_CURRENCY = "AUD";

/** Prices of 10 or less are placeholders in dealer feeds (spec 000 section 9): no value is reported for them. */
const MIN_REPORTED_PRICE = 10;

/** A car as a dealer's tags see it. */
export interface TaggedCar {
  id: string;
  /** Year make model badge series. */
  name: string;
  make: string;
  model: string;
  year: number;
  /** The body type shoppers read ('SUV', 'Ute'), empty when the feed has none. */
  body: string;
  carType: CarType;
  itemType: ItemType;
  certified: boolean;
  /** The price a shopper pays (the offer price when there is one); 0 when the car shows none. */
  price: number;
}

/**
 * A stored lead as the page that learns of it reports it: its reference (kept in the browser so a reload
 * reports it once, never sent to a tag), its category and subcategory, and the car it is about.
 */
export interface ReportedLead {
  id: string;
  category: string;
  subcategory: string;
  car: { id: string; price: number; itemType: ItemType } | null;
}

export type TagEvent =
  | { type: "vehicle view"; car: TaggedCar }
  | { type: "lead"; lead: ReportedLead }
  | { type: "numbered"; id: AnalyticsEventId; details?: Readonly<Record<string, unknown>> }
  | { type: "page view"; href: string; title: string };

type Params = Record<string, unknown>;

/** What one event becomes for each kind of tag. */
export interface TagMessages {
  /** Objects pushed to `window.dataLayer`, for a Google Tag Manager container. */
  dataLayer: Params[];
  /** `gtag('event', name, params)` calls, for a GA4 measurement id. */
  gtag: { name: string; params: Params }[];
  /** `fbq(method, name, params)` calls, for a Meta Pixel; none where the page's own address carries personal details. */
  meta: { method: "track" | "trackCustom"; name: string; params: Params }[];
}

// --- What counts as personal ----------------------------------------------------------------------------------

const EMAIL_LIKE = /[^\s@]+@[^\s@]+/;
/** Eight or more digits, with the spaces, dots, dashes and brackets people write phone numbers with. */
const PHONE_LIKE = /\+?\d(?:[\s().-]*\d){7,}/;

/** True when text carries what looks like an e-mail address or a phone number. */
export function looksLikeContactDetails(text: string): boolean {
  return EMAIL_LIKE.test(text) || PHONE_LIKE.test(text);
}

/** Text fit to report: trimmed, at most `max` characters, and null when it looks like contact details. */
function reportable(text: unknown, max = 100): string | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim().slice(0, max);
  return trimmed && !looksLikeContactDetails(trimmed) ? trimmed : null;
}

/** A car id as the site stores them (the phone reveal checks the same shape): no spaces, no '@'. */
const CAR_ID = /^[A-Za-z0-9._~-]{1,100}$/;
const reportableCarId = (id: unknown): string | null => (typeof id === "string" && CAR_ID.test(id) ? id : null);

/** A short label from the site's own code ('favourite', 'finance-calculator', 'Used Vehicle Enquiry'). */
const LABEL = /^[\w .,&/'()+-]{1,80}$/;
const reportableLabel = (text: unknown): string | null => {
  const kept = reportable(text, 80);
  return kept && LABEL.test(kept) ? kept : null;
};

const reportablePrice = (price: unknown): number | null =>
  typeof price === "number" && Number.isFinite(price) && price > MIN_REPORTED_PRICE ? Math.round(price * 100) / 100 : null;

/** Query parameters that name or locate a shopper; an address never reaches a tag with them. */
const PERSONAL_PARAMETERS = new Set([
  "postcode",
  "email",
  "phone",
  "mobile",
  "name",
  "first_name",
  "last_name",
  "firstname",
  "lastname",
  "rego",
  "regplate",
  "message",
]);

/** A reference the site generates (a lead's, an order's): its runs of digits are not a phone number. */
const GENERATED_REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page's address as a tag may see it: without personal query parameters (a postcode, a contact field)
 * and without any parameter whose value looks like an e-mail address or phone number (a search typed as
 * one). `redacted` says whether anything was taken out.
 */
export function reportedPageAddress(href: string): { address: string; redacted: boolean } {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { address: "", redacted: true };
  }
  let redacted = false;
  for (const [name, value] of [...url.searchParams]) {
    if (PERSONAL_PARAMETERS.has(name.toLowerCase()) || (looksLikeContactDetails(value) && !GENERATED_REFERENCE.test(value))) {
      url.searchParams.delete(name);
      redacted = true;
    }
  }
  if (url.hash && looksLikeContactDetails(decodeURIComponent(url.hash))) {
    url.hash = "";
    redacted = true;
  }
  if (url.username || url.password) {
    url.username = "";
    url.password = "";
    redacted = true;
  }
  return { address: url.toString(), redacted };
}

/** A page title fit to report: contact-looking text in it (a search for a phone number) is taken out. */
function reportedTitle(title: string): string {
  return title
    .replace(new RegExp(EMAIL_LIKE.source, "g"), "")
    .replace(new RegExp(PHONE_LIKE.source, "g"), "")
    .replace(/\s{2,}/g, " ")
    .trim()
    .slice(0, 200);
}

// --- Leads -------------------------------------------------------------------------------------------------------

/** A lead's kind as the dealer reads it: its category, and its subcategory when that says more. */
export function leadKind(lead: Pick<ReportedLead, "category" | "subcategory">): string {
  const category = reportableLabel(lead.category) ?? "Enquiry";
  const subcategory = reportableLabel(lead.subcategory);
  return subcategory && subcategory !== category ? `${category} / ${subcategory}` : category;
}

/**
 * The summary of a stored lead a page reports, built on the server from the lead's row and its car: only
 * its reference, category, subcategory and the car's id, price and type, whatever else the row holds.
 */
export function reportedLead(
  lead: { id: string; category: string; subcategory?: string | null; car_id?: string | null },
  car: { id: string; price: number; offer_price: number; item_type: ItemType } | null,
): ReportedLead {
  const carId = reportableCarId(car?.id ?? lead.car_id);
  const price = car ? (car.offer_price > MIN_REPORTED_PRICE && car.offer_price !== car.price ? car.offer_price : car.price) : 0;
  return {
    id: String(lead.id),
    category: reportableLabel(lead.category) ?? "Enquiry",
    subcategory: reportableLabel(lead.subcategory) ?? "",
    car: carId ? { id: carId, price: reportablePrice(price) ?? 0, itemType: car?.item_type ?? "car" } : null,
  };
}

// --- The messages ------------------------------------------------------------------------------------------------

const CONDITION: Record<CarType, string> = { new: "New", demo: "Demo", used: "Used" };

/** Meta's automotive `state_of_vehicle`: New, Used or CPO. A demonstrator has been registered, so it is Used. */
const metaStateOfVehicle = (car: Pick<TaggedCar, "carType" | "certified">) =>
  car.carType === "new" ? "New" : car.certified ? "CPO" : "Used";

/** Meta's content type: 'vehicle' for what a vehicle catalogue lists (cars, trucks, motorcycles), 'product' otherwise. */
const metaContentType = (itemType: ItemType) => (itemType === "caravan" ? "product" : "vehicle");

/** Only the keys with a value: a tag is never sent `undefined` or an empty string. */
function present(params: Params): Params {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== ""));
}

function vehicleView(car: TaggedCar): TagMessages {
  const id = reportableCarId(car.id);
  if (!id) return { dataLayer: [], gtag: [], meta: [] };
  const name = reportable(car.name, 150);
  const make = reportable(car.make, 60);
  const model = reportable(car.model, 60);
  const body = reportable(car.body, 60);
  const price = reportablePrice(car.price);
  const year = Number.isInteger(car.year) && car.year > 1900 ? car.year : null;
  const condition = CONDITION[car.carType] ?? null;
  const item = present({
    item_id: id,
    item_name: name,
    item_brand: make,
    item_category: body ?? condition,
    item_category2: body ? condition : null,
    price,
    quantity: 1,
  });
  const ecommerce = present({ currency: price ? TAG_CURRENCY : null, value: price, items: [item] });
  const contentType = metaContentType(car.itemType);
  return {
    // Google's advice: clear the previous ecommerce object first, so GTM's data model does not merge them.
    dataLayer: [{ ecommerce: null }, { event: "view_item", ecommerce }],
    gtag: [{ name: "view_item", params: ecommerce }],
    meta: [
      {
        method: "track",
        name: "ViewContent",
        params: present({
          content_ids: [id],
          content_type: contentType,
          content_name: name,
          content_category: body ?? condition,
          value: price,
          currency: price ? TAG_CURRENCY : null,
          // Meta's automotive events (vehicle catalogues): the car's make, model, year and state.
          ...(contentType === "vehicle"
            ? { make, model, year, state_of_vehicle: metaStateOfVehicle(car), body_style: body?.toLowerCase() ?? null, price }
            : {}),
        }),
      },
    ],
  };
}

function leadStored(lead: ReportedLead): TagMessages {
  const kind = leadKind(lead);
  const carId = reportableCarId(lead.car?.id);
  const price = reportablePrice(lead.car?.price);
  const common = present({
    lead_kind: kind,
    lead_category: reportableLabel(lead.category) ?? "Enquiry",
    lead_subcategory: reportableLabel(lead.subcategory),
    car_id: carId,
    value: price,
    currency: price ? TAG_CURRENCY : null,
  });
  return {
    dataLayer: [{ event: "generate_lead", ...common }],
    gtag: [{ name: "generate_lead", params: common }],
    meta: [
      {
        method: "track",
        name: "Lead",
        params: present({
          content_name: kind,
          content_category: common.lead_category,
          lead_kind: kind,
          content_ids: carId ? [carId] : null,
          content_type: carId ? metaContentType(lead.car?.itemType ?? "car") : null,
          value: price,
          currency: price ? TAG_CURRENCY : null,
        }),
      },
    ],
  };
}

/** The numbered events' details a tag may see, each with the check its value must pass; any other key is dropped. */
const DETAIL_CHECKS: Record<string, (value: unknown) => string | null> = {
  car_id: reportableCarId,
  kind: reportableLabel,
  calculator: reportableLabel,
  form: reportableLabel,
  category: reportableLabel,
};

/** The allowed details of a numbered event, checked one by one. */
export function reportedDetails(details: Readonly<Record<string, unknown>> = {}): Params {
  const kept: Params = {};
  for (const [key, check] of Object.entries(DETAIL_CHECKS)) {
    if (!Object.hasOwn(details, key)) continue;
    const value = check(details[key]);
    if (value !== null) kept[key] = value;
  }
  return kept;
}

/** The spec's numbered event under its own id: `dealer_event_25` with `dealer_event_id: 25` and what it is. */
function numbered(id: AnalyticsEventId, details?: Readonly<Record<string, unknown>>): TagMessages {
  if (!Object.hasOwn(ANALYTICS_EVENTS, id)) return { dataLayer: [], gtag: [], meta: [] };
  const name = `dealer_event_${id}`;
  const params = { dealer_event_id: id, dealer_event_name: ANALYTICS_EVENTS[id], ...reportedDetails(details) };
  return {
    dataLayer: [{ event: name, ...params }],
    gtag: [{ name, params }],
    meta: [{ method: "trackCustom", name, params }],
  };
}

function pageView(href: string, title: string): TagMessages {
  const { address, redacted } = reportedPageAddress(href);
  if (!address) return { dataLayer: [], gtag: [], meta: [] };
  const params = { page_location: address, page_title: reportedTitle(title) };
  return {
    // A virtual page view for containers that count the site's in-page navigations (with the address cleaned).
    dataLayer: [{ event: "dealer_page_view", ...params }],
    gtag: [{ name: "page_view", params }],
    // The pixel reads the page's address itself: where that address carries personal details, it hears nothing.
    meta: redacted ? [] : [{ method: "track", name: "PageView", params: {} }],
  };
}

/** What an event becomes for each kind of tag; the loader sends each list only to a tag the dealer has. */
export function tagMessages(event: TagEvent, pageHref?: string): TagMessages {
  const messages =
    event.type === "vehicle view"
      ? vehicleView(event.car)
      : event.type === "lead"
        ? leadStored(event.lead)
        : event.type === "numbered"
          ? numbered(event.id, event.details)
          : pageView(event.href, event.title);
  // Meta reads the page's address with every event; on an address with personal details it gets none.
  if (pageHref !== undefined && reportedPageAddress(pageHref).redacted) messages.meta = [];
  return messages;
}
