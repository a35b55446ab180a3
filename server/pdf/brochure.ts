/**
 * The vehicle brochure PDF (issue 5 item 10): main photo, title, price by the display order, key
 * specifications, features, dealer comments and the dealer's contact details and licence, on A4 a
 * dealer can hand over the counter or email.
 */
import PDFDocument from "pdfkit";

export interface BrochureImage {
  /** The car's photo as the photo route makes it (JPEG): a dealer's photo, or the site's drawing rasterised by sharp. */
  data: Buffer;
}

export interface BrochureData {
  title: string;
  /** 'Used · 42,000 km · Stock T1001' */
  subtitle: string;
  price: { text: string; priceType: string; wasPrice: string | null; note: string | null };
  /** Shown over the photo when the car is no longer available. */
  soldNote: string | null;
  image: BrochureImage | null;
  /** For the panel drawn when there is no photo: 'SUV', 'Ute'... */
  bodyLabel: string;
  specs: { label: string; value: string }[];
  features: string[];
  comments: string[];
  dealer: {
    name: string;
    location: string;
    address: string;
    phone: string;
    email: string;
    licence: string;
    website: string;
  };
  url: string;
  brand: string;
  brandContrast: string;
  generatedOn: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT_WIDTH = A4.width - MARGIN * 2;
const MUTED = "#5f6b7a";
const TEXT = "#1f2933";
const RULE = "#d9dee4";
/** Beyond this many features the list ends with 'and N more' so the brochure stays readable. */
const MAX_FEATURES = 24;
/** Content stops here; the dealer's footer sits below it on every page. */
const CONTENT_BOTTOM = A4.height - 78;

export function renderBrochure(data: BrochureData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: A4.height - CONTENT_BOTTOM, left: MARGIN, right: MARGIN },
    info: { Title: data.title, Author: data.dealer.name, Subject: `${data.title} — ${data.price.text}`, Creator: data.dealer.name },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  header(doc, data);
  let y = 96;

  doc.fillColor(TEXT).font("Helvetica-Bold").fontSize(20).text(data.title, MARGIN, y, { width: CONTENT_WIDTH });
  y = doc.y + 2;
  doc.fillColor(MUTED).font("Helvetica").fontSize(11).text(data.subtitle, MARGIN, y, { width: CONTENT_WIDTH });
  y = doc.y + 10;

  // Wide enough for a 3:2 photo at a height that leaves the price, specifications and features on page one.
  const photoHeight = 270;
  photo(doc, data, { x: MARGIN, y, width: CONTENT_WIDTH, height: photoHeight });
  y += photoHeight + 14;

  y = priceBlock(doc, data, y);
  y = specsTable(doc, data.specs, y + 6);
  y = featureList(doc, data.features, y + 8);
  comments(doc, data.comments, y + 8);
  footers(doc, data);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, data: BrochureData) {
  doc.rect(0, 0, A4.width, 72).fill(data.brand);
  doc
    .fillColor(data.brandContrast)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(data.dealer.name, MARGIN, 22, { width: CONTENT_WIDTH * 0.6, lineBreak: false });
  doc.font("Helvetica").fontSize(10);
  doc.text(data.dealer.phone, MARGIN + CONTENT_WIDTH * 0.55, 22, { width: CONTENT_WIDTH * 0.45, align: "right" });
  doc.text(data.dealer.website, MARGIN + CONTENT_WIDTH * 0.55, 38, { width: CONTENT_WIDTH * 0.45, align: "right" });
}

function photo(doc: PDFKit.PDFDocument, data: BrochureData, box: { x: number; y: number; width: number; height: number }) {
  doc.save();
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).fill("#f4f6f8");
  doc.restore();
  let drawn = false;
  if (data.image) {
    try {
      doc.image(data.image.data, box.x, box.y, { fit: [box.width, box.height], align: "center", valign: "center" });
      drawn = true;
    } catch {
      drawn = false;
    }
  }
  if (!drawn) {
    // No usable photo yet: a clean panel naming the body type rather than an empty hole.
    doc
      .fillColor(MUTED)
      .font("Helvetica-Bold")
      .fontSize(22)
      .text(data.bodyLabel || "Vehicle", box.x, box.y + box.height / 2 - 26, { width: box.width, align: "center" });
    doc
      .font("Helvetica")
      .fontSize(12)
      .text("Photos coming soon", box.x, box.y + box.height / 2 + 4, { width: box.width, align: "center" });
  }
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).lineWidth(0.8).stroke(RULE);
  if (data.soldNote) {
    doc.save();
    doc.rect(box.x, box.y + 16, 110, 28).fill("#c62828");
    doc
      .fillColor("#ffffff")
      .font("Helvetica-Bold")
      .fontSize(14)
      .text("SOLD", box.x, box.y + 23, { width: 110, align: "center" });
    doc.restore();
  }
}

function priceBlock(doc: PDFKit.PDFDocument, data: BrochureData, y: number): number {
  doc
    .fillColor(data.brand)
    .font("Helvetica-Bold")
    .fontSize(26)
    .text(data.price.text, MARGIN, y, { continued: Boolean(data.price.priceType) });
  if (data.price.priceType) doc.fillColor(MUTED).font("Helvetica").fontSize(12).text(`  ${data.price.priceType}`);
  // A line continued in a smaller size reports the smaller line's height; the price is the tall part.
  let bottom = Math.max(doc.y, y + 32);
  if (data.price.wasPrice) {
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(11)
      .text(`Was ${data.price.wasPrice}`, MARGIN, bottom + 2, { strike: true });
    bottom = doc.y;
  }
  if (data.price.note) {
    doc
      .fillColor(TEXT)
      .font("Helvetica")
      .fontSize(11)
      .text(data.price.note, MARGIN, bottom + 2, { width: CONTENT_WIDTH });
    bottom = doc.y;
  }
  if (data.soldNote) {
    doc
      .fillColor("#c62828")
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(data.soldNote, MARGIN, bottom + 4, { width: CONTENT_WIDTH });
    bottom = doc.y;
  }
  return bottom + 4;
}

function sectionTitle(doc: PDFKit.PDFDocument, title: string, y: number): number {
  if (y > CONTENT_BOTTOM - 60) {
    doc.addPage();
    y = MARGIN;
  }
  doc.fillColor(TEXT).font("Helvetica-Bold").fontSize(13).text(title, MARGIN, y);
  const below = doc.y + 3;
  doc
    .moveTo(MARGIN, below)
    .lineTo(MARGIN + CONTENT_WIDTH, below)
    .lineWidth(0.8)
    .stroke(RULE);
  return below + 6;
}

function specsTable(doc: PDFKit.PDFDocument, specs: BrochureData["specs"], y: number): number {
  if (!specs.length) return y;
  y = sectionTitle(doc, "Key specifications", y);
  const colWidth = CONTENT_WIDTH / 2;
  const rows = Math.ceil(specs.length / 2);
  for (let r = 0; r < rows; r++) {
    if (y + 14 > CONTENT_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    let rowBottom = y;
    for (let c = 0; c < 2; c++) {
      const item = specs[r + c * rows];
      if (!item) continue;
      const x = MARGIN + c * colWidth;
      doc
        .fillColor(MUTED)
        .font("Helvetica")
        .fontSize(9.5)
        .text(item.label, x, y, { width: colWidth * 0.4 - 6 });
      const labelBottom = doc.y;
      doc
        .fillColor(TEXT)
        .font("Helvetica-Bold")
        .fontSize(9.5)
        .text(item.value, x + colWidth * 0.4, y, { width: colWidth * 0.6 - 12 });
      rowBottom = Math.max(rowBottom, labelBottom, doc.y);
    }
    y = rowBottom + 3;
  }
  return y;
}

function featureList(doc: PDFKit.PDFDocument, features: string[], y: number): number {
  if (!features.length) return y;
  y = sectionTitle(doc, "Features", y);
  const shown = features.slice(0, MAX_FEATURES);
  if (features.length > MAX_FEATURES) shown.push(`and ${features.length - MAX_FEATURES} more`);
  const cols = 3;
  const colWidth = CONTENT_WIDTH / cols;
  const rows = Math.ceil(shown.length / cols);
  doc.font("Helvetica").fontSize(9.5).fillColor(TEXT);
  for (let r = 0; r < rows; r++) {
    if (y + 13 > CONTENT_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    let rowBottom = y;
    for (let c = 0; c < cols; c++) {
      const f = shown[r + c * rows];
      if (!f) continue;
      doc.text(`•  ${f}`, MARGIN + c * colWidth, y, { width: colWidth - 8 });
      rowBottom = Math.max(rowBottom, doc.y);
    }
    y = rowBottom + 2;
  }
  return y;
}

function comments(doc: PDFKit.PDFDocument, paragraphs: string[], y: number) {
  if (!paragraphs.length) return;
  y = sectionTitle(doc, "Dealer comments", y);
  doc.fillColor(TEXT).font("Helvetica").fontSize(10);
  doc.text(paragraphs.join("\n"), MARGIN, y, { width: CONTENT_WIDTH, paragraphGap: 6, lineGap: 1.5 });
}

/** Every page ends with the dealer's contact details and licence. */
function footers(doc: PDFKit.PDFDocument, data: BrochureData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const top = A4.height - 58;
    // Writing inside the bottom margin must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, top - 6)
      .lineTo(MARGIN + CONTENT_WIDTH, top - 6)
      .lineWidth(0.8)
      .stroke(RULE);
    const contact = [data.dealer.location, data.dealer.address, data.dealer.phone, data.dealer.email].filter(Boolean).join("  ·  ");
    doc.fillColor(TEXT).font("Helvetica-Bold").fontSize(8.5).text(contact, MARGIN, top, { width: CONTENT_WIDTH, lineBreak: true });
    const licence = data.dealer.licence ? `Dealer Licence ${data.dealer.licence}  ·  ` : "";
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(7.5)
      .text(
        `${licence}${data.url}  ·  Prepared ${data.generatedOn}. Price and availability may change; please confirm with us before you buy.  Page ${i - range.start + 1} of ${range.count}`,
        MARGIN,
        doc.y + 2,
        { width: CONTENT_WIDTH },
      );
    doc.page.margins.bottom = bottomMargin;
  }
}
