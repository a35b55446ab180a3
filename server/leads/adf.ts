/**
 * ADF/XML 1.0, the automotive lead standard ("Auto-lead Data Format") that dealer CRMs import: one
 * <prospect> per lead with the request date, the vehicle(s), the customer, the vendor (the dealership)
 * and the provider (this website). Element order follows the ADF 1.0 DTD. Every text and attribute
 * value is escaped, and characters XML 1.0 cannot carry are dropped. Pure.
 */
import type { Vehicle } from "~/domain/vehicle";
import { sellingPrice } from "~/domain/priceDisplay";
import type { StoredLead } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";
import { leadDealership, providerName } from "./config";

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
  value === undefined || value === null || value === "" || value === 0 ? "" : text(name, value, attrs);
const group = (name: string, attrs: Attrs, children: Array<Node | "">): Node => ({ name, attrs, children });

/** ISO 8601 with seconds and the UTC zone, as ADF's requestdate expects. */
export function adfDate(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

const payloadText = (payload: Record<string, unknown>, key: string): string => {
  const value = payload[key];
  return typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
};

/** ADF's interest for the lead's form: a test drive request, else a purchase. */
function interestOf(lead: StoredLead): "test-drive" | "buy" {
  return /test[ -]?drive/i.test(`${lead.category} ${lead.subcategory}`) ? "test-drive" : "buy";
}

function carVehicle(lead: StoredLead, v: Vehicle): Node {
  const price = sellingPrice(v);
  return group("vehicle", { interest: interestOf(lead), status: v.car_type === "new" ? "new" : "used" }, [
    text("id", v.id, { sequence: 1, source: "stock" }),
    text("year", v.year || ""),
    text("make", v.make),
    text("model", v.model),
    optional("vin", v.vin),
    optional("stock", v.stocknum),
    optional("trim", [v.badge, v.series].filter(Boolean).join(" ")),
    optional("doors", v.doors),
    optional("bodystyle", v.body),
    optional("transmission", v.trans),
    optional("odometer", v.km, { status: "unknown", units: "km" }),
    v.colour ? group("colorcombination", {}, [optional("interiorcolor", v.interior_colour), text("exteriorcolor", v.colour)]) : "",
    optional("price", price > 0 ? price : "", { type: "asking", currency: "AUD" }),
    optional("comments", v.car_type === "demo" ? "Demonstrator" : ""),
  ]);
}

/** The car the lead is about when it is no longer in stock: what the form recorded about it. */
function recordedVehicle(lead: StoredLead): Node {
  const p = lead.payload;
  return group("vehicle", { interest: interestOf(lead), status: payloadText(p, "car_type") === "new" ? "new" : "used" }, [
    text("year", ""),
    text("make", payloadText(p, "Vehicle Make")),
    text("model", payloadText(p, "Vehicle Model")),
    optional("stock", payloadText(p, "stock_number")),
  ]);
}

/** The shopper's own car offered in trade (trade-in forms record rego, make, model, year and km). */
function tradeInVehicle(lead: StoredLead): Node | "" {
  const p = lead.payload;
  if (!payloadText(p, "rego") || !payloadText(p, "make") || !payloadText(p, "model")) return "";
  return group("vehicle", { interest: "trade-in", status: "used" }, [
    text("year", payloadText(p, "year")),
    text("make", payloadText(p, "make")),
    text("model", payloadText(p, "model")),
    optional("odometer", payloadText(p, "km"), { status: "unknown", units: "km" }),
    text("comments", `Registration ${payloadText(p, "rego")}${payloadText(p, "state") ? ` (${payloadText(p, "state")})` : ""}`),
  ]);
}

function customer(lead: StoredLead): Node {
  const names: Node[] = [
    ...(lead.name ? [text("name", lead.name, { part: "first" })] : []),
    ...(lead.last_name ? [text("name", lead.last_name, { part: "last" })] : []),
  ];
  const contact = group("contact", { primarycontact: 1 }, [
    ...(names.length ? names : [text("name", "", { part: "full" })]),
    optional("email", lead.email),
    optional("phone", lead.phone, { type: "voice" }),
    lead.postcode ? group("address", {}, [text("postalcode", lead.postcode), text("country", "AU")]) : "",
  ]);
  const heading = [lead.category, lead.subcategory && lead.subcategory !== lead.category ? lead.subcategory : ""]
    .filter(Boolean)
    .join(": ");
  const optIn = lead.payload.opt_in === true ? "The customer agreed to receive marketing." : "";
  const comments = [heading, lead.message, optIn].filter(Boolean).join("\n\n");
  return group("customer", {}, [contact, optional("comments", comments)]);
}

function vendor(tenant: TenantConfig, lead: StoredLead): Node {
  const dealership = leadDealership(tenant, lead);
  const location = dealership?.location;
  const email = location?.contact_detail.email ?? tenant.contact.email;
  const phone = location?.contact_detail.phone ?? tenant.contact.phone;
  return group("vendor", {}, [
    text("id", dealership?.id ?? tenant.slug, { sequence: 1, source: tenant.name }),
    text("vendorname", dealership?.name ?? tenant.name),
    group("contact", { primarycontact: 1 }, [
      text("name", location?.name ?? dealership?.name ?? tenant.name, { part: "full" }),
      optional("email", email),
      optional("phone", phone, { type: "voice" }),
      location
        ? group("address", {}, [
            text("street", location.address.street, { line: 1 }),
            text("city", location.address.city),
            text("regioncode", location.address.state),
            text("postalcode", location.address.postcode),
            text("country", "AU"),
          ])
        : "",
    ]),
  ]);
}

function provider(tenant: TenantConfig, lead: StoredLead): Node {
  const domain = tenant.domains[0];
  return group("provider", {}, [
    text("name", providerName(tenant), { part: "full" }),
    optional("service", lead.source_path ? `Web form at ${lead.source_path}` : ""),
    optional("url", domain ? `https://${domain}${lead.source_path || "/"}` : ""),
    group("contact", { primarycontact: 1 }, [text("name", tenant.name, { part: "full" }), optional("email", tenant.contact.email)]),
  ]);
}

export interface AdfLead {
  lead: StoredLead;
  /** The stored car the lead is about, when it still exists. */
  vehicle: Vehicle | null;
  tenant: TenantConfig;
}

/** The lead as an ADF 1.0 document (UTF-8). */
export function buildAdf({ lead, vehicle, tenant }: AdfLead): string {
  const tradeIn = tradeInVehicle(lead);
  const wanted = vehicle
    ? carVehicle(lead, vehicle)
    : lead.car_id || payloadText(lead.payload, "Vehicle Make")
      ? recordedVehicle(lead)
      : "";
  // The DTD asks for at least one vehicle; a general enquiry names none, so it gets an empty one.
  const vehicles = [wanted, tradeIn].filter((v): v is Node => v !== "");
  if (!vehicles.length)
    vehicles.push(
      group("vehicle", { interest: interestOf(lead), status: "used" }, [text("year", ""), text("make", ""), text("model", "")]),
    );
  const prospect = group("prospect", { status: "new" }, [
    text("id", lead.id, { sequence: 1, source: providerName(tenant) }),
    text("requestdate", adfDate(lead.created_at)),
    ...vehicles,
    customer(lead),
    vendor(tenant, lead),
    provider(tenant, lead),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n${serialise(group("adf", {}, [prospect]))}\n`;
}
