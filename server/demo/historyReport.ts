/**
 * The history report behind the 'history report' button for demo stock (the `file` field). Real
 * dealers link their own report provider's file; demo cars get this one-page PDF, plainly marked as a
 * sample so nobody mistakes it for a register search.
 */
import PDFDocument from "pdfkit";
import { formatLongDate } from "~/domain/regoExpiry";
import type { Vehicle } from "~/domain/vehicle";
import { brochureDate, dealerTimeZone } from "../pdf/brochureData";
import { BOLD_FONT, BODY_FONT, registerBrochureFonts } from "../pdf/fonts";
import type { TenantConfig } from "../tenants/schema";

const MARGIN = 48;
const WIDTH = 595.28 - MARGIN * 2;

export function renderHistoryReport(vehicle: Vehicle, tenant: TenantConfig, generatedOn: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Vehicle history report: ${vehicle.name}`, Author: tenant.name, Creator: tenant.name },
    lang: "en-AU",
    displayTitle: true,
  });
  // The brochure's typeface (server/pdf/fonts.ts): a dealer or car name beyond WinAnsi prints as written.
  registerBrochureFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.rect(0, 0, 595.28, 70).fill(tenant.theme.brand);
  doc.fillColor(tenant.theme.brandContrast).font(BOLD_FONT).fontSize(18).text("Vehicle history report", MARGIN, 24);
  doc.font(BODY_FONT).fontSize(10).text(tenant.name, MARGIN, 26, { width: WIDTH, align: "right" });

  doc.fillColor("#1f2933").font(BOLD_FONT).fontSize(16).text(vehicle.name, MARGIN, 96, { width: WIDTH });
  doc.moveDown(0.3).font(BODY_FONT).fontSize(10).fillColor("#5f6b7a");
  doc.text(`Stock number ${vehicle.stocknum} · report prepared ${brochureDate(generatedOn, dealerTimeZone(tenant, vehicle.state))}`);

  const facts: [string, string][] = [
    ["VIN", vehicle.vin || "Not recorded"],
    ["Registration", vehicle.regplate ? `${vehicle.regplate} (${vehicle.state})` : "Not registered"],
    ["Registration expiry", vehicle.rego_expiry ? longDate(vehicle.rego_expiry) : "Not registered"],
    ["Build date", longDate(vehicle.build_date)],
    ["Compliance date", longDate(vehicle.compliance_date)],
    ["Odometer at listing", `${vehicle.km.toLocaleString("en-AU")} km`],
    ["Colour", vehicle.colour || "Not recorded"],
  ];
  const checks: [string, string][] = [
    ["Written-off vehicle register", "No record found"],
    ["Stolen vehicle register", "No record found"],
    ["Money owing (PPSR)", "No security interest recorded"],
    ["Odometer", "Consistent with service history"],
    ["Safety recalls", "None outstanding"],
  ];
  let y = doc.y + 18;
  y = table(doc, "Vehicle details", facts, y);
  y = table(doc, "Checks", checks, y + 14);

  doc
    .font(BODY_FONT)
    .fontSize(9)
    .fillColor("#5f6b7a")
    .text(
      "Sample report for demonstration stock. It is not a PPSR certificate or a search of any government register. Before buying, obtain a current PPSR certificate for the VIN above.",
      MARGIN,
      y + 20,
      { width: WIDTH },
    );
  doc.end();
  return done;
}

/** A date the way the site writes dates ('March 1, 2027'); one it cannot read as it was given. */
function longDate(isoDate: string | undefined): string {
  if (!isoDate) return "Not recorded";
  return formatLongDate(isoDate.slice(0, 10)) ?? isoDate;
}

function table(doc: PDFKit.PDFDocument, title: string, rows: [string, string][], top: number): number {
  doc.font(BOLD_FONT).fontSize(12).fillColor("#1f2933").text(title, MARGIN, top);
  let y = doc.y + 6;
  for (const [label, value] of rows) {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor("#d9dee4")
      .stroke();
    doc
      .font(BODY_FONT)
      .fontSize(10)
      .fillColor("#5f6b7a")
      .text(label, MARGIN, y + 6, { width: WIDTH * 0.45 });
    doc.fillColor("#1f2933").text(value, MARGIN + WIDTH * 0.45, y + 6, { width: WIDTH * 0.55 });
    y += 24;
  }
  return y;
}
