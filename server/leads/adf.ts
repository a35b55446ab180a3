/**
 * ADF/XML 1.0, the automotive lead standard ("Auto-lead Data Format") that dealer CRMs import: one
 * <prospect> per lead with the request date, the vehicle(s), the customer, the vendor (the dealership the
 * lead is routed to) and the provider (this website). Every document is valid against the DTD published
 * with the standard (tests/fixtures/adf): elements in the DTD's order, only the elements and attribute
 * values it declares, a contact with an e-mail or a phone, an address only with a street, a colour
 * combination with its preference. What the DTD has no element for (the lead kind, the department,
 * the pages the shopper visited, the link's query, marketing consent, a postcode without a street, a
 * test drive's time) is written into <comments>, and references (order, reservation, valuation,
 * payment) into extra <id>s, as the standard intends. Values are never invented: a lead about no car
 * carries the one <vehicle> the DTD requires with empty year, make and model and says so in its
 * comments. Every text and attribute value is escaped, and characters XML 1.0 cannot carry are dropped.
 * Pure. A lead without an e-mail or a phone cannot be valid ADF (hasCustomerContact): it is never built.
 */
import { formatMoney } from "~/domain/money";
import { isAustralianMobile } from "~/domain/phone";
import { photoUrlAt } from "~/domain/photos";
import { sellingPrice } from "~/domain/priceDisplay";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import type { StoredLead } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";
import { providerName } from "./config";
import { DEPARTMENT_LABEL } from "./kinds";
import { leadFacts, leadReferences, payloadNumber, payloadObject, payloadText } from "./leadFacts";
import { routedDealerName, routeLead, type LeadRoute } from "./routing";

// Characters outside XML 1.0's Char production: C0 controls except tab, LF, CR; lone surrogates; U+FFFE/F.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matches exactly the control characters XML cannot hold
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for an XML element or attribute: escaped, with characters XML cannot hold dropped. */
export function xmlEscape(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Attrs = Record<string, string | number | undefined>;

/** An element to write: text content, or child elements (empty strings stand for "left out"). */
interface Node {
  name: string;
  attrs: Attrs;
  text?: unknown;
  children?: Array<Node | "">;
}

/** Writes an element, children indented; text content is written as it is (escaped), never re-indented. */
function serialise(node: Node, depth = 0): string {
  const pad = "  ".repeat(depth);
  const attributes = Object.entries(node.attrs)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join("");
  if (node.children) {
    const inner = node.children.filter((c): c is Node => c !== "").map((c) => serialise(c, depth + 1));
    return `${pad}<${node.name}${attributes}>\n${inner.join("\n")}\n${pad}</${node.name}>`;
  }
  return `${pad}<${node.name}${attributes}>${xmlEscape(node.text)}</${node.name}>`;
}

const text = (name: string, value: unknown, attrs: Attrs = {}): Node => ({ name, attrs, text: value });
const optional = (name: string, value: unknown, attrs: Attrs = {}): Node | "" =>
  value === undefined || value === null || value === "" ? "" : text(name, value, attrs);
const group = (name: string, attrs: Attrs, children: Array<Node | "">): Node => ({ name, attrs, children });
const lines = (...parts: Array<string | false | null | undefined>) => parts.filter(Boolean).join("\n");

/** ISO 8601 with seconds and the UTC zone, as ADF's requestdate expects. */
export function adfDate(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

// --- Reading the lead's payload ------------------------------------------------------------------------------

/** Whole dollars as ADF prices are written (no thousands separators, no currency sign). */
const dollars = (amount: number) => String(Math.round(amount));

/** The site's address for links in the lead (the dealer's first domain). */
export function siteOrigin(tenant: Pick<TenantConfig, "domains">): string | null {
  return tenant.domains[0] ? `https://${tenant.domains[0]}` : null;
}

// --- Vehicles -----------------------------------------------------------------------------------------------

/** ADF's interest for the dealer's car, from the lead's kind: a test drive, else a purchase. */
function carInterest(route: LeadRoute): "test-drive" | "buy" {
  return route.kind === "test-drive" ? "test-drive" : "buy";
}

/** ADF knows new and used; a demonstrator has been registered and driven, so it is used (and says so). */
const adfStatus = (carType: string): "new" | "used" => (carType === "new" ? "new" : "used");

/** The money the lead is about, for the car it wants: a loan, an order's payment method. */
function financeOf(lead: StoredLead, route: LeadRoute, price: number | null): Node | "" {
  const p = lead.payload;
  const amount = (value: number, type: "total" | "downpayment" | "monthly") =>
    text("amount", dollars(value), { type, limit: "exact", currency: "AUD" });
  if (route.kind === "finance") {
    // The finance page asks how much to borrow (and a deposit); the finance journey, the purchase price.
    const borrow = payloadNumber(p, "amount") ?? payloadNumber(p, "purchasePrice");
    if (borrow === null || borrow <= 0) return "";
    const deposit = payloadNumber(p, "deposit");
    return group("finance", {}, [
      text("method", "finance"),
      amount(borrow, "total"),
      deposit && deposit > 0 ? amount(deposit, "downpayment") : "",
    ]);
  }
  if (route.kind === "order") {
    const method = payloadText(payloadObject(payloadObject(p, "order") ?? {}, "payment") ?? {}, "method");
    if ((method === "cash" || method === "finance") && price && price > 0)
      return group("finance", {}, [text("method", method), amount(price, "total")]);
  }
  return "";
}

/** What the lead says about the car's price beyond the asking price: a reservation's deposit. */
function priceCommentsOf(lead: StoredLead, route: LeadRoute): string {
  if (route.kind !== "reserve") return "";
  const cents = payloadNumber(lead.payload, "deposit_cents");
  if (cents === null) return "";
  const status = payloadText(lead.payload, "reservation_status");
  const paid = status === "paid" || status === "paid-unheld";
  return `Reservation deposit ${formatMoney(cents / 100)} ${paid ? "paid online" : "to be taken by the dealer (no money taken online)"}`;
}

function carVehicle(lead: StoredLead, route: LeadRoute, v: Vehicle, origin: string | null): Node {
  const price = sellingPrice(v);
  const photo = v.primary_image_url || v.images[0]?.url || "";
  const colours = v.colour || v.interior_colour;
  const url = origin ? `${origin}/cars/${encodeURIComponent(v.slug)}` : "";
  return group("vehicle", { interest: carInterest(route), status: adfStatus(v.car_type) }, [
    text("id", v.id, { sequence: 1, source: "stock" }),
    text("year", v.year || ""),
    text("make", v.make),
    text("model", v.model),
    optional("vin", v.vin),
    optional("stock", v.stocknum),
    optional("trim", [v.badge, v.series].filter(Boolean).join(" ")),
    optional("doors", v.doors > 0 ? v.doors : ""),
    optional("bodystyle", v.body),
    optional("transmission", v.trans),
    optional("odometer", v.km >= 0 && v.car_type !== "new" ? v.km : "", { status: "unknown", units: "km" }),
    colours
      ? group("colorcombination", {}, [
          optional("interiorcolor", v.interior_colour),
          optional("exteriorcolor", v.colour),
          text("preference", 1),
        ])
      : "",
    photo && origin ? text("imagetag", `${origin}${photoUrlAt(photo, 1280)}`, { alttext: vehicleTitle(v) }) : "",
    optional("price", price > 0 ? dollars(price) : "", { type: "asking", currency: "AUD" }),
    optional("pricecomments", priceCommentsOf(lead, route)),
    financeOf(lead, route, price > 0 ? price : null),
    optional("comments", lines(v.car_type === "demo" && "Demonstrator", url && `On the website: ${url}`)),
  ]);
}

/** The car the lead is about when it is no longer in stock: what the form recorded about it, nothing more. */
function recordedVehicle(lead: StoredLead, route: LeadRoute): Node {
  const p = lead.payload;
  return group("vehicle", { interest: carInterest(route), status: adfStatus(payloadText(p, "car_type")) }, [
    ...(lead.car_id ? [text("id", lead.car_id, { sequence: 1, source: "stock" })] : []),
    text("year", ""),
    text("make", payloadText(p, "Vehicle Make")),
    text("model", payloadText(p, "Vehicle Model")),
    optional("stock", payloadText(p, "stock_number")),
    optional("pricecomments", priceCommentsOf(lead, route)),
    financeOf(lead, route, null),
    text("comments", "This car has left stock since the lead was sent; the website recorded its make, model and stock number."),
  ]);
}

/** A general enquiry names no car, but the DTD asks for a vehicle: one with the interest the form means, and nothing invented. */
function noCarVehicle(lead: StoredLead, route: LeadRoute): Node {
  const p = lead.payload;
  // A car enquiry from the contact page (New/Used Vehicle Enquiry), a finance enquiry or a test drive wants a car.
  const wantsCar = ["vehicle-enquiry", "finance", "test-drive", "similar"].includes(route.kind);
  const status = /^New /.test(lead.category) ? "new" : /^(Used|Demo) /.test(lead.category) ? "used" : undefined;
  return group("vehicle", wantsCar ? { interest: carInterest(route), status } : {}, [
    text("year", ""),
    text("make", ""),
    text("model", ""),
    financeOf(lead, route, null),
    text(
      "comments",
      `No car was chosen: ${route.label}${payloadText(p, "rego") ? `; the customer's own car has rego ${payloadText(p, "rego")}` : ""}.`,
    ),
  ]);
}

/** The shopper's own car offered in trade: from a valuation (rego, the car found or described, the offer) or an order's trade-in step. */
function tradeInVehicle(lead: StoredLead): Node | "" {
  const p = lead.payload;
  const order = payloadObject(payloadObject(p, "order") ?? {}, "tradeIn");
  if (order && payloadText(order, "has") === "yes") {
    const valuation = payloadObject(order, "valuation");
    const offer = valuation ? payloadNumber(valuation, "offerPrice") : null;
    return group("vehicle", { interest: "trade-in", status: "used" }, [
      text("year", ""),
      text("make", ""),
      text("model", ""),
      optional("price", offer && offer > 0 ? dollars(offer) : "", { type: "appraisal", currency: "AUD" }),
      text(
        "comments",
        lines(
          `The customer's description: ${payloadText(order, "car") || (valuation ? payloadText(valuation, "vehicle") : "") || "not given"}`,
          payloadText(order, "rego") && `Registration ${payloadText(order, "rego")}`,
          valuation &&
            `Online valuation ${payloadText(valuation, "id")} (${payloadText(valuation, "status")})${valuation.offerAccepted === true ? ", offer accepted" : ""}`,
        ),
      ),
    ]);
  }
  const rego = payloadText(p, "rego");
  const valuationId = payloadText(p, "valuation_id");
  // Only a trade-in names the shopper's car: a service enquiry's rego is their car too, but it is not for sale.
  if (!valuationId && !(rego && payloadText(p, "make"))) return "";
  const car = payloadObject(p, "vehicle");
  const field = (key: string) => (car ? payloadText(car, key) : payloadText(p, key));
  const answers = payloadObject(p, "adjustmentAnswers");
  const km = (answers ? payloadNumber(answers, "km") : null) ?? (car ? payloadNumber(car, "km") : payloadNumber(p, "km"));
  const offer = payloadNumber(p, "offer_price");
  const state = payloadText(p, "regoState") || payloadText(p, "state");
  const colour = car ? payloadText(car, "colour") : "";
  const decided = typeof p.offer_accepted === "boolean" && p.form_completed === true;
  return group("vehicle", { interest: "trade-in", status: "used" }, [
    text("year", field("year") === "0" ? "" : field("year")),
    text("make", field("make")),
    text("model", field("model")),
    optional("vin", car ? payloadText(car, "vin") : ""),
    optional("trim", car ? payloadText(car, "badge") : ""),
    optional("bodystyle", car ? payloadText(car, "body") : ""),
    optional("odometer", km !== null && km >= 0 ? Math.round(km) : "", { status: "unknown", units: "km" }),
    colour ? group("colorcombination", {}, [text("exteriorcolor", colour), text("preference", 1)]) : "",
    optional("price", offer !== null && offer > 0 ? dollars(offer) : "", { type: "appraisal", currency: "AUD" }),
    text(
      "comments",
      lines(
        rego ? `Registration ${rego}${state ? ` (${state})` : ""}` : "",
        valuationId && `Online valuation ${valuationId}`,
        offer !== null && offer > 0 && (decided ? `Offer ${p.offer_accepted ? "accepted" : "declined"}` : "Offer shown to the customer"),
        payloadText(p, "no_online_estimate") && "No online figure: the customer is waiting for the dealer's call",
      ) || "The customer's car",
    ),
  ]);
}

// --- Customer, vendor, provider -----------------------------------------------------------------------------

/** An Australian mobile is a cellphone to a CRM; anything else a voice line. */
const phoneType = (phone: string) => (isAustralianMobile(phone) ? "cellphone" : "voice");

/** Everything the dealer needs that the DTD has no element for (leadFacts.ts), a line each, and the shopper's message. */
function customerComments(lead: StoredLead, route: LeadRoute, tenant: TenantConfig): string {
  const facts = leadFacts(lead, route, tenant).map((f) => `${f.label}: ${f.value}`);
  const [kind, desk, ...rest] = facts;
  return lines(kind, desk, lead.message && `Message:\n${lead.message}`, ...rest);
}

function customer(lead: StoredLead, route: LeadRoute, tenant: TenantConfig): Node {
  const names = [
    ...(lead.name ? [text("name", lead.name, { part: "first", type: "individual" })] : []),
    ...(lead.last_name ? [text("name", lead.last_name, { part: "last", type: "individual" })] : []),
  ];
  // ADF's contact: name+, then an e-mail, a phone or both (the caller made sure there is one), no address without a street.
  const contact = group("contact", {}, [
    ...(names.length ? names : [text("name", "", { part: "full" })]),
    optional("email", lead.email),
    optional("phone", lead.phone, { type: phoneType(lead.phone) }),
  ]);
  return group("customer", {}, [contact, text("comments", customerComments(lead, route, tenant))]);
}

function vendor(tenant: TenantConfig, route: LeadRoute, origin: string | null): Node {
  const location = route.location;
  const name = routedDealerName(tenant, route);
  const email = location?.contact_detail.email ?? tenant.contact.email;
  const phone = location?.contact_detail.phone ?? tenant.contact.phone;
  const a = location?.address;
  const deskName = [location?.name ?? name, route.department ? DEPARTMENT_LABEL[route.department] : ""].filter(Boolean).join(", ");
  return group("vendor", {}, [
    text("id", route.dealership?.id ?? tenant.slug, { sequence: 1, source: tenant.name }),
    text("vendorname", name),
    optional("url", origin ?? ""),
    group("contact", {}, [
      text("name", deskName, { part: "full", type: "business" }),
      text("email", email),
      text("phone", phone, { type: "voice" }),
      a
        ? group("address", { type: "work" }, [
            text("street", a.street, { line: 1 }),
            text("city", a.city),
            text("regioncode", a.state),
            text("postalcode", a.postcode),
            text("country", "AU"),
          ])
        : "",
    ]),
  ]);
}

function provider(tenant: TenantConfig, lead: StoredLead, origin: string | null): Node {
  return group("provider", {}, [
    text("name", providerName(tenant), { part: "full", type: "business" }),
    optional("service", lead.source_path ? `Web form at ${lead.source_path}` : "Website"),
    optional("url", origin ? `${origin}${lead.source_path || "/"}` : ""),
    group("contact", {}, [
      text("name", tenant.name, { part: "full", type: "business" }),
      text("email", tenant.contact.email),
      text("phone", tenant.contact.phone, { type: "voice" }),
    ]),
  ]);
}

export interface AdfLead {
  lead: StoredLead;
  /** The stored car the lead is about, when it still exists. */
  vehicle: Vehicle | null;
  tenant: TenantConfig;
  /** The lead's routing, when the caller has it already (else worked out here). */
  route?: LeadRoute;
}

/** The lead as an ADF 1.0 document (UTF-8). The lead must have an e-mail or a phone (hasCustomerContact). */
export function buildAdf({ lead, vehicle, tenant, route = routeLead(tenant, lead, vehicle) }: AdfLead): string {
  const origin = siteOrigin(tenant);
  const tradeIn = tradeInVehicle(lead);
  const wanted = vehicle
    ? carVehicle(lead, route, vehicle, origin)
    : lead.car_id || payloadText(lead.payload, "Vehicle Make")
      ? recordedVehicle(lead, route)
      : // A trade-in on its own needs no empty vehicle beside it.
        tradeIn
        ? ""
        : noCarVehicle(lead, route);
  const prospect = group("prospect", { status: "new" }, [
    text("id", lead.id, { sequence: 1, source: providerName(tenant) }),
    ...leadReferences(lead).map((ref, i) => text("id", ref.value, { sequence: i + 2, source: ref.label })),
    text("requestdate", adfDate(lead.created_at)),
    wanted,
    tradeIn,
    customer(lead, route, tenant),
    vendor(tenant, route, origin),
    provider(tenant, lead, origin),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n${serialise(group("adf", {}, [prospect]))}\n`;
}
