/**
 * The `staff` lead e-mail, for the people at the dealership who answer it: who sent what, about which
 * car (its photo, price, stock number and a link to its page), their message, their phone as a tel:
 * link and e-mail as a mailto: link, and the lead's facts (leadFacts.ts). HTML laid out with tables and
 * inline styles as mail programs need, in the dealer's brand colours, and the same as plain text. Every
 * value from the lead is escaped; links go only to the dealer's own site. Pure.
 */
import { formatMoney, formatNumber } from "~/domain/money";
import { formatPhone, telHref } from "~/domain/phone";
import { photoUrlAt } from "~/domain/photos";
import { sellingPrice } from "~/domain/priceDisplay";
import { timeZoneForState } from "~/domain/testDriveSlots";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";
import type { StoredLead } from "../db/leads";
import type { TenantConfig } from "../tenants/schema";
import { siteOrigin } from "./adf";
import type { DeliveryContext } from "./channels/types";
import { leadFacts, leadReferences, type LeadFact } from "./leadFacts";
import { routedDealerName } from "./routing";

/** Text for HTML content and attribute values. */
export function htmlEscape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const shopperName = (lead: StoredLead) => [lead.name, lead.last_name].filter(Boolean).join(" ");

/** When the lead came in, at the dealership's clock: "Fri 27 Nov 2026, 7:52 pm (Sydney time)". */
export function receivedAt(lead: StoredLead, tenant: TenantConfig, state: string | undefined): string {
  const zone = tenant.timeZone ?? timeZoneForState(state ?? "NSW");
  const date = new Date(lead.created_at);
  if (Number.isNaN(date.getTime())) return lead.created_at;
  const text = new Intl.DateTimeFormat("en-AU", {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
  return `${text} (${zone.split("/").pop()?.replace(/_/g, " ")} time)`;
}

interface CarCard {
  title: string;
  url: string | null;
  photo: string | null;
  lines: string[];
}

function carCard(v: Vehicle, origin: string | null): CarCard {
  const price = sellingPrice(v);
  const photo = v.primary_image_url || v.images[0]?.url || "";
  return {
    title: vehicleTitle(v),
    url: origin ? `${origin}/cars/${encodeURIComponent(v.slug)}` : null,
    photo: origin && photo ? `${origin}${photoUrlAt(photo, 640)}` : null,
    lines: [
      price > 0 ? formatMoney(price) : "Price on request",
      [v.stocknum && `Stock ${v.stocknum}`, v.vin && `VIN ${v.vin}`].filter(Boolean).join(" · "),
      [v.car_type === "new" ? "New" : v.car_type === "demo" ? "Demonstrator" : "Used", v.km > 0 && `${formatNumber(v.km)} km`, v.colour]
        .filter(Boolean)
        .join(" · "),
    ].filter(Boolean),
  };
}

/** The car as the form recorded it when it has left stock. */
function recordedCard(lead: StoredLead): CarCard | null {
  const p = lead.payload;
  const make = typeof p["Vehicle Make"] === "string" ? p["Vehicle Make"] : "";
  const model = typeof p["Vehicle Model"] === "string" ? p["Vehicle Model"] : "";
  if (!lead.car_id && !make) return null;
  const stock = typeof p.stock_number === "string" && p.stock_number ? `Stock ${p.stock_number} · ` : "";
  return { title: [make, model].filter(Boolean).join(" ") || "A car", url: null, photo: null, lines: [`${stock}no longer in stock`] };
}

export interface StaffEmailParts {
  subject: string;
  text: string;
  html: string;
}

const cell = "padding:16px 24px;border-top:1px solid #e5e7eb";
const labelStyle = "color:#5f6b7a;font-size:13px;padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap";
const valueStyle = "font-size:14px;padding:4px 0;vertical-align:top;word-break:break-word;overflow-wrap:anywhere";

function factRows(facts: LeadFact[]): string {
  return facts
    .map((f) => `<tr><td style="${labelStyle}">${htmlEscape(f.label)}</td><td style="${valueStyle}">${htmlEscape(f.value)}</td></tr>`)
    .join("");
}

/** The staff e-mail's subject, plain text and HTML. */
export function staffEmailParts(context: Pick<DeliveryContext, "lead" | "vehicle" | "tenant" | "route">): StaffEmailParts {
  const { lead, vehicle, tenant, route } = context;
  const origin = siteOrigin(tenant);
  const shopper = shopperName(lead) || "A shopper";
  const dealership = routedDealerName(tenant, route);
  const car = vehicle ? carCard(vehicle, origin) : recordedCard(lead);
  const facts = [...leadFacts(lead, route, tenant), ...leadReferences(lead)];
  const received = receivedAt(lead, tenant, route.location?.address.state);
  const sourceUrl = origin && lead.source_path ? `${origin}${lead.source_path}` : null;
  const stock = vehicle?.stocknum ? ` (stock ${vehicle.stocknum})` : "";
  const subject = `New lead: ${route.label}${car ? ` - ${car.title}${stock}` : ""} from ${shopper}`;

  const text = [
    `${shopper} sent a ${route.label} through the ${tenant.name} website, for ${dealership}.`,
    "",
    ...(lead.phone ? [`Phone: ${formatPhone(lead.phone)}`] : []),
    ...(lead.email ? [`E-mail: ${lead.email}`] : []),
    ...(!lead.phone && !lead.email ? ["The shopper left no phone or e-mail."] : []),
    ...(car ? ["", `Car: ${car.title}`, ...car.lines, ...(car.url ? [car.url] : [])] : []),
    ...(lead.message ? ["", "Message:", lead.message] : []),
    "",
    ...facts.map((f) => `${f.label}: ${f.value}`),
    ...(sourceUrl ? [`Sent from: ${sourceUrl}`] : []),
    `Received: ${received}`,
    `Lead id: ${lead.id}`,
    "",
    lead.email || lead.phone ? "The lead is attached in ADF/XML for your CRM. Reply to this e-mail to answer the shopper." : "",
  ].join("\n");

  const brand = tenant.theme.brand;
  const onBrand = tenant.theme.brandContrast;
  const button = (href: string, label: string) =>
    `<a href="${htmlEscape(href)}" style="display:inline-block;background:${brand};color:${onBrand};text-decoration:none;font-weight:bold;font-size:14px;padding:10px 16px;border-radius:6px;margin:8px 8px 0 0">${htmlEscape(label)}</a>`;
  const contactLines = [
    lead.phone
      ? `Phone: <a href="${htmlEscape(telHref(lead.phone))}" style="color:${brand}">${htmlEscape(formatPhone(lead.phone))}</a>`
      : "",
    lead.email ? `E-mail: <a href="mailto:${htmlEscape(lead.email)}" style="color:${brand}">${htmlEscape(lead.email)}</a>` : "",
    !lead.phone && !lead.email ? "The shopper left no phone or e-mail." : "",
  ].filter(Boolean);
  const carHtml = car
    ? `<tr><td style="${cell}">
${car.photo ? `<img src="${htmlEscape(car.photo)}" width="552" alt="${htmlEscape(car.title)}" style="display:block;width:100%;max-width:552px;height:auto;border-radius:6px;margin-bottom:12px">` : ""}
<div style="font-size:18px;font-weight:bold;margin-bottom:4px">${car.url ? `<a href="${htmlEscape(car.url)}" style="color:#1f2933;text-decoration:none">${htmlEscape(car.title)}</a>` : htmlEscape(car.title)}</div>
${car.lines.map((l, i) => `<div style="font-size:${i === 0 ? "18px;font-weight:bold;color:" + brand : "14px;color:#5f6b7a"}">${htmlEscape(l)}</div>`).join("\n")}
${car.url ? `<div>${button(car.url, "View the car on the website")}</div>` : ""}
</td></tr>`
    : "";
  const messageHtml = lead.message
    ? `<tr><td style="${cell}"><div style="font-size:13px;color:#5f6b7a;margin-bottom:6px">Message</div><div style="font-size:15px;line-height:1.5;white-space:pre-wrap">${htmlEscape(lead.message)}</div></td></tr>`
    : "";
  const html = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlEscape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${brand};color:${onBrand};padding:16px 24px"><div style="font-size:13px;opacity:.9">${htmlEscape(tenant.name)} website</div><div style="font-size:20px;font-weight:bold">New ${htmlEscape(route.label)}</div><div style="font-size:13px">for ${htmlEscape(dealership)} · ${htmlEscape(received)}</div></td></tr>
<tr><td style="padding:16px 24px"><div style="font-size:18px;font-weight:bold;margin-bottom:6px">${htmlEscape(shopper)}</div>
${contactLines.map((l) => `<div style="font-size:15px;line-height:1.6">${l}</div>`).join("\n")}
<div>${lead.phone ? button(telHref(lead.phone), `Call ${lead.name || "the shopper"}`) : ""}${lead.email ? button(`mailto:${lead.email}`, "Reply by e-mail") : ""}</div>
</td></tr>
${carHtml}
${messageHtml}
<tr><td style="${cell}"><table role="presentation" cellpadding="0" cellspacing="0">${factRows(facts)}${sourceUrl ? `<tr><td style="${labelStyle}">Sent from</td><td style="${valueStyle}"><a href="${htmlEscape(sourceUrl)}" style="color:${brand}">${htmlEscape(lead.source_path)}</a></td></tr>` : ""}</table></td></tr>
<tr><td style="${cell};font-size:12px;color:#5f6b7a">Lead ${htmlEscape(lead.id)}.${lead.email || lead.phone ? " The lead is attached as ADF/XML for your CRM. Reply to this e-mail to answer the shopper." : ""}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}
