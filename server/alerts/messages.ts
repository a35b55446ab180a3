/**
 * What an alert message says (issue 27, docs/alerts.md): the SMS text and the e-mail (subject, HTML and
 * plain text) for one alert or a digest of several, from the payloads alerts-match stored
 * (server/alerts/types.ts). Pure: the worker gives the dealer, its site's address and the unsubscribe link.
 *
 * Every message names the dealer and says how to stop (the Spam Act 2003's identify and unsubscribe
 * rules): SMS ends "Reply STOP to opt out"; e-mails carry the one-click unsubscribe link (and headers,
 * added by the worker).
 */
import { formatMoney } from "~/domain/money";
import { htmlEscape } from "../leads/staffEmail";
import type { AlertCar, AlertPayload } from "./types";

/** What a message is built from besides its alerts. */
export interface MessageContext {
  /** The dealer's name as shoppers know it (tenant.name). */
  dealerName: string;
  /** The dealer's site, e.g. https://www.coastalgwm.com.au (no trailing slash). */
  origin: string;
  /** The garage path (tenant paths.watchlist), where saved cars and searches are. */
  garagePath: string;
  /** The whole one-click unsubscribe address (e-mail only). */
  unsubscribeUrl: string;
  /** The e-mail's buttons in the dealer's colours (tenant theme accent and accentContrast, #rrggbb, a checked pair). */
  buttonColours?: { background: string; text: string };
}

export const SMS_STOP_LINE = "Reply STOP to opt out";
/** Alerts an SMS digest lists one by one; the rest are counted, with the garage's link. */
export const SMS_DIGEST_ITEMS = 3;

/** A site path or address as a whole address on the dealer's host. */
export function siteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

// Control characters and line separators in stock data would break an SMS's or e-mail's layout.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line, no control characters: payload text is the dealer's stock data, never trusted as layout. */
function oneLine(value: string, max = 120): string {
  return value.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

/** The alert in a few words: 'New arrival', 'Price drop', 'Sold'. */
export function alertHeadline(payload: AlertPayload): string {
  if (payload.kind === "new-arrival") return "New arrival";
  if (payload.kind === "price-drop") return "Price drop";
  return "Sold";
}

/** The alert's car line: name and price, with the old price of a drop, or that it sold. */
export function alertLine(payload: AlertPayload): string {
  const name = oneLine(payload.car.name);
  if (payload.kind === "new-arrival") return `${name}, ${formatMoney(payload.car.price)}`;
  if (payload.kind === "price-drop") return `${name}, now ${formatMoney(payload.newPrice)} (was ${formatMoney(payload.oldPrice)})`;
  return `${name} has sold${payload.similar.length ? `; ${payload.similar.length} like it` : ""}`;
}

/** Where the alert's link goes: the car's page (a sold car's page says so and shows cars like it). */
const alertPath = (payload: AlertPayload): string => payload.car.path;

/** The SMS: the dealer, what happened, the car and price, a whole link on the dealer's host, and STOP. */
export function smsText(alerts: readonly AlertPayload[], context: Pick<MessageContext, "dealerName" | "origin" | "garagePath">): string {
  const dealer = oneLine(context.dealerName, 60);
  if (alerts.length === 1) {
    const [alert] = alerts as [AlertPayload];
    const about = alert.kind === "new-arrival" ? ` for "${oneLine(alert.searchName, 40)}"` : "";
    return `${dealer}: ${alertHeadline(alert)}${about}: ${alertLine(alert)}. ${siteUrl(context.origin, alertPath(alert))}\n${SMS_STOP_LINE}`;
  }
  const lines = alerts
    .slice(0, SMS_DIGEST_ITEMS)
    .map((a) => `- ${alertHeadline(a)}: ${alertLine(a)} ${siteUrl(context.origin, alertPath(a))}`);
  const more = alerts.length - SMS_DIGEST_ITEMS;
  if (more > 0) lines.push(`- and ${more} more: ${siteUrl(context.origin, context.garagePath)}`);
  return `${dealer}: ${alerts.length} updates on cars you follow\n${lines.join("\n")}\n${SMS_STOP_LINE}`;
}

/** The e-mail's subject: the one alert, or how many. */
export function emailSubject(alerts: readonly AlertPayload[], dealerName: string): string {
  if (alerts.length === 1) return oneLine(`${alertHeadline(alerts[0]!)}: ${alertLine(alerts[0]!)}`, 150);
  return oneLine(`${alerts.length} updates on cars you follow at ${dealerName}`, 150);
}

export interface EmailParts {
  subject: string;
  html: string;
  text: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A button's inline style: the dealer's colours when they are plain #rrggbb, else a dark blue. */
function buttonStyle(colours: MessageContext["buttonColours"]): string {
  const background = colours && HEX.test(colours.background) ? colours.background : "#1d3557";
  const text = colours && HEX.test(colours.text) ? colours.text : "#ffffff";
  return `display:inline-block;padding:10px 18px;background:${background};color:${text};text-decoration:none;border-radius:6px;font-weight:bold`;
}

function carCardHtml(car: AlertCar, line: string, button: string, origin: string, style: string): string {
  const href = htmlEscape(siteUrl(origin, car.path));
  const photo = car.photo
    ? `<a href="${href}"><img src="${htmlEscape(siteUrl(origin, car.photo))}" alt="${htmlEscape(oneLine(car.name))}" width="280" style="display:block;max-width:100%;height:auto;border-radius:6px;border:0"></a>`
    : "";
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px 0"><tr><td>${photo}
<p style="margin:8px 0 4px 0;font-size:17px;font-weight:bold">${htmlEscape(oneLine(car.name))}</p>
<p style="margin:0 0 10px 0">${htmlEscape(line)}</p>
<a href="${href}" style="${style}">${htmlEscape(button)}</a></td></tr></table>`;
}

function alertHtml(alert: AlertPayload, origin: string, style: string): string {
  const heading = `<h2 style="font-size:19px;margin:24px 0 8px 0">${htmlEscape(alertHeadline(alert))}${
    alert.kind === "new-arrival" ? ` for &ldquo;${htmlEscape(oneLine(alert.searchName, 80))}&rdquo;` : ""
  }</h2>`;
  if (alert.kind === "new-arrival") return heading + carCardHtml(alert.car, formatMoney(alert.car.price), "View this car", origin, style);
  if (alert.kind === "price-drop")
    return (
      heading +
      carCardHtml(alert.car, `Now ${formatMoney(alert.newPrice)}, was ${formatMoney(alert.oldPrice)}`, "View this car", origin, style)
    );
  const similar = alert.similar.length
    ? `<p style="margin:0 0 10px 0">Cars like it, available now:</p>${alert.similar
        .map((car) => carCardHtml(car, formatMoney(car.price), "View this car", origin, style))
        .join("\n")}`
    : "";
  return `${heading}<p style="margin:0 0 12px 0">The ${htmlEscape(oneLine(alert.car.name))} you saved has sold.</p>${similar}`;
}

function alertText(alert: AlertPayload, origin: string): string {
  const about = alert.kind === "new-arrival" ? ` for "${oneLine(alert.searchName, 80)}"` : "";
  const lines = [`${alertHeadline(alert)}${about}`, alertLine(alert), siteUrl(origin, alert.car.path)];
  if (alert.kind === "sold" && alert.similar.length) {
    lines.push("Cars like it, available now:");
    for (const car of alert.similar) lines.push(`  ${oneLine(car.name)}, ${formatMoney(car.price)}: ${siteUrl(origin, car.path)}`);
  }
  return lines.join("\n");
}

/** The e-mail: readable HTML (photo, name, price, buttons) and the same in plain text, the dealer named. */
export function emailParts(alerts: readonly AlertPayload[], context: MessageContext): EmailParts {
  const dealer = oneLine(context.dealerName, 100);
  const garage = siteUrl(context.origin, context.garagePath);
  const intro =
    alerts.length === 1 ? `News from ${dealer} about a car you follow.` : `${alerts.length} updates from ${dealer} on cars you follow.`;
  const footer = `You get these alerts because you asked ${dealer} for them when you saved a search on its website.`;
  const html = `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlEscape(
    emailSubject(alerts, dealer),
  )}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5"><tr><td style="padding:24px">
<p style="margin:0 0 4px 0;font-size:20px;font-weight:bold">${htmlEscape(dealer)}</p>
<p style="margin:0 0 8px 0">${htmlEscape(intro)}</p>
${alerts.map((a) => alertHtml(a, context.origin, buttonStyle(context.buttonColours))).join("\n")}
<p style="margin:24px 0 0 0"><a href="${htmlEscape(garage)}">Your saved searches and cars</a></p>
<p style="margin:16px 0 0 0;font-size:13px;color:#6b7280">${htmlEscape(footer)} <a href="${htmlEscape(context.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe from ${htmlEscape(dealer)}'s alerts</a>.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    dealer,
    intro,
    "",
    alerts.map((a) => alertText(a, context.origin)).join("\n\n"),
    "",
    `Your saved searches and cars: ${garage}`,
    "",
    footer,
    `Unsubscribe: ${context.unsubscribeUrl}`,
  ].join("\n");
  return { subject: emailSubject(alerts, dealer), html, text };
}
