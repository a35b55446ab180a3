/**
 * The vehicle brochure PDF (issue 5 item 10): main photo, title, price by the display order, key
 * specifications, features, dealer comments and the dealer's contact details and licence, on A4 a
 * dealer can hand over the counter or email.
 *
 * The PDF is tagged for screen readers (issue 26): its language and title, a structure tree in reading
 * order (headings, paragraphs, the photo as a figure with its alternative text, the specifications as a
 * table, the features as a list), and the drawn decoration (bands, rules, panels) marked as artifacts.
 * Text is set in an embedded font with wide coverage (./fonts.ts), so every name prints as written.
 */
import PDFDocument from "pdfkit";
import { BODY_FONT, BOLD_FONT, registerBrochureFonts } from "./fonts";

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
/** The dealers' sites are written in Australian English (the pages' own lang="en-AU"). */
export const BROCHURE_LANGUAGE = "en-AU";

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

export function renderBrochure(data: BrochureData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: A4.height - CONTENT_BOTTOM, left: MARGIN, right: MARGIN },
    info: { Title: data.title, Author: data.dealer.name, Subject: `${data.title} — ${data.price.text}`, Creator: data.dealer.name },
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: BROCHURE_LANGUAGE,
    displayTitle: true,
  });
  registerBrochureFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const document = doc.struct("Document");
  doc.addStructure(document);

  header(doc, document, data);
  let y = 96;

  tag(
    document,
    doc.struct("H1", {}, () => doc.fillColor(TEXT).font(BOLD_FONT).fontSize(20).text(data.title, MARGIN, y, { width: CONTENT_WIDTH })),
  );
  y = doc.y + 2;
  tag(
    document,
    doc.struct("P", {}, () => doc.fillColor(MUTED).font(BODY_FONT).fontSize(11).text(data.subtitle, MARGIN, y, { width: CONTENT_WIDTH })),
  );
  y = doc.y + 10;

  // Wide enough for a 3:2 photo at a height that leaves the price, specifications and features on page one.
  const photoHeight = 270;
  photo(doc, document, data, { x: MARGIN, y, width: CONTENT_WIDTH, height: photoHeight });
  y += photoHeight + 14;

  y = priceBlock(doc, document, data, y);
  y = specsTable(doc, document, data.specs, y + 6);
  y = featureList(doc, document, data.features, y + 8);
  comments(doc, document, data.comments, y + 8);
  footers(doc, document, data);
  document.end();
  doc.end();
  return done;
}

/** Adds a structure element to its parent (which runs its drawing) and returns the parent. */
function tag(parent: Struct, child: Struct): Struct {
  parent.add(child);
  return parent;
}

/** Decoration a screen reader should skip: bands, rules, panels. */
function artifact(doc: Doc, draw: () => void) {
  doc.markContent("Artifact");
  draw();
  doc.endMarkedContent();
}

function header(doc: Doc, document: Struct, data: BrochureData) {
  artifact(doc, () => doc.rect(0, 0, A4.width, 72).fill(data.brand));
  const part = doc.struct("Sect");
  document.add(part);
  tag(
    part,
    doc.struct("P", {}, () =>
      doc
        .fillColor(data.brandContrast)
        .font(BOLD_FONT)
        .fontSize(18)
        .text(data.dealer.name, MARGIN, 22, { width: CONTENT_WIDTH * 0.6, lineBreak: false }),
    ),
  );
  doc.font(BODY_FONT).fontSize(10);
  for (const [text, top] of [
    [data.dealer.phone, 22],
    [data.dealer.website, 38],
  ] as const) {
    tag(
      part,
      doc.struct("P", {}, () => doc.text(text, MARGIN + CONTENT_WIDTH * 0.55, top, { width: CONTENT_WIDTH * 0.45, align: "right" })),
    );
  }
  part.end();
}

function photo(doc: Doc, document: Struct, data: BrochureData, box: { x: number; y: number; width: number; height: number }) {
  artifact(doc, () => {
    doc.save();
    doc.roundedRect(box.x, box.y, box.width, box.height, 6).fill("#f4f6f8");
    doc.restore();
  });
  let drawn = false;
  if (data.image) {
    try {
      // Opened before it is tagged, so an unreadable picture never leaves an empty figure behind.
      const opened = openImage(doc, data.image.data);
      tag(
        document,
        doc.struct("Figure", { alt: `Photo of the ${data.title}` }, () =>
          doc.image(opened, box.x, box.y, { fit: [box.width, box.height], align: "center", valign: "center" }),
        ),
      );
      drawn = true;
    } catch {
      drawn = false;
    }
  }
  if (!drawn) {
    // No usable photo yet: a clean panel naming the body type rather than an empty hole.
    tag(
      document,
      doc.struct("P", {}, () => {
        doc
          .fillColor(MUTED)
          .font(BOLD_FONT)
          .fontSize(22)
          .text(data.bodyLabel || "Vehicle", box.x, box.y + box.height / 2 - 26, { width: box.width, align: "center" });
        doc
          .font(BODY_FONT)
          .fontSize(12)
          .text("Photos coming soon", box.x, box.y + box.height / 2 + 4, { width: box.width, align: "center" });
      }),
    );
  }
  artifact(doc, () => doc.roundedRect(box.x, box.y, box.width, box.height, 6).lineWidth(0.8).stroke(RULE));
  if (data.soldNote) {
    artifact(doc, () => {
      doc.save();
      doc.rect(box.x, box.y + 16, 110, 28).fill("#c62828");
      doc.restore();
    });
    tag(
      document,
      doc.struct("P", {}, () =>
        doc
          .fillColor("#ffffff")
          .font(BOLD_FONT)
          .fontSize(14)
          .text("SOLD", box.x, box.y + 23, { width: 110, align: "center" }),
      ),
    );
  }
}

/**
 * pdfkit's own check of a picture (JPEG or PNG, readable), which its type definitions leave out; it
 * throws on anything else. Its result is what doc.image draws.
 */
function openImage(doc: Doc, bytes: Buffer): PDFKit.Mixins.ImageSrc {
  return (doc as unknown as { openImage(src: Buffer): PDFKit.Mixins.ImageSrc }).openImage(bytes);
}

function priceBlock(doc: Doc, document: Struct, data: BrochureData, y: number): number {
  tag(
    document,
    doc.struct("P", {}, () => {
      doc
        .fillColor(data.brand)
        .font(BOLD_FONT)
        .fontSize(26)
        .text(data.price.text, MARGIN, y, { continued: Boolean(data.price.priceType) });
      if (data.price.priceType) doc.fillColor(MUTED).font(BODY_FONT).fontSize(12).text(`  ${data.price.priceType}`);
    }),
  );
  // A line continued in a smaller size reports the smaller line's height; the price is the tall part.
  let bottom = Math.max(doc.y, y + 32);
  const line = (text: string, font: string, size: number, colour: string, gap: number, options: PDFKit.Mixins.TextOptions = {}) => {
    tag(
      document,
      doc.struct("P", {}, () =>
        doc
          .fillColor(colour)
          .font(font)
          .fontSize(size)
          .text(text, MARGIN, bottom + gap, { width: CONTENT_WIDTH, ...options }),
      ),
    );
    bottom = doc.y;
  };
  if (data.price.wasPrice) line(`Was ${data.price.wasPrice}`, BODY_FONT, 11, MUTED, 2, { strike: true });
  if (data.price.note) line(data.price.note, BODY_FONT, 11, TEXT, 2);
  if (data.soldNote) line(data.soldNote, BOLD_FONT, 11, "#c62828", 4);
  return bottom + 4;
}

function sectionTitle(doc: Doc, section: Struct, title: string, y: number): number {
  if (y > CONTENT_BOTTOM - 60) {
    doc.addPage();
    y = MARGIN;
  }
  tag(
    section,
    doc.struct("H2", {}, () => doc.fillColor(TEXT).font(BOLD_FONT).fontSize(13).text(title, MARGIN, y)),
  );
  const below = doc.y + 3;
  artifact(doc, () =>
    doc
      .moveTo(MARGIN, below)
      .lineTo(MARGIN + CONTENT_WIDTH, below)
      .lineWidth(0.8)
      .stroke(RULE),
  );
  return below + 6;
}

function specsTable(doc: Doc, document: Struct, specs: BrochureData["specs"], y: number): number {
  if (!specs.length) return y;
  const section = doc.struct("Sect");
  document.add(section);
  y = sectionTitle(doc, section, "Key specifications", y);
  const table = doc.struct("Table");
  section.add(table);
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
      // Each label and its value is a row of its own: read as 'Transmission, 6 Speed Automatic'.
      const row = doc.struct("TR");
      table.add(row);
      tag(
        row,
        doc.struct("TH", {}, () =>
          doc
            .fillColor(MUTED)
            .font(BODY_FONT)
            .fontSize(9.5)
            .text(item.label, x, y, { width: colWidth * 0.4 - 6 }),
        ),
      );
      const labelBottom = doc.y;
      tag(
        row,
        doc.struct("TD", {}, () =>
          doc
            .fillColor(TEXT)
            .font(BOLD_FONT)
            .fontSize(9.5)
            .text(item.value, x + colWidth * 0.4, y, { width: colWidth * 0.6 - 12 }),
        ),
      );
      row.end();
      rowBottom = Math.max(rowBottom, labelBottom, doc.y);
    }
    y = rowBottom + 3;
  }
  table.end();
  section.end();
  return y;
}

function featureList(doc: Doc, document: Struct, features: string[], y: number): number {
  if (!features.length) return y;
  const section = doc.struct("Sect");
  document.add(section);
  y = sectionTitle(doc, section, "Features", y);
  const shown = features.slice(0, MAX_FEATURES);
  if (features.length > MAX_FEATURES) shown.push(`and ${features.length - MAX_FEATURES} more`);
  const cols = 3;
  const colWidth = CONTENT_WIDTH / cols;
  const rows = Math.ceil(shown.length / cols);
  // Printed row by row but read down each column, as the eye reads them: each item's marked text is
  // kept by its place in the list and the list is built in that order once all are printed.
  const items: PDFKit.PDFStructureContent[] = [];
  doc.font(BODY_FONT).fontSize(9.5).fillColor(TEXT);
  for (let r = 0; r < rows; r++) {
    if (y + 13 > CONTENT_BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    let rowBottom = y;
    for (let c = 0; c < cols; c++) {
      const index = r + c * rows;
      const f = shown[index];
      if (!f) continue;
      items[index] = doc.markStructureContent("LBody");
      doc.text(`•  ${f}`, MARGIN + c * colWidth, y, { width: colWidth - 8 });
      doc.endMarkedContent();
      rowBottom = Math.max(rowBottom, doc.y);
    }
    y = rowBottom + 2;
  }
  section.add(
    doc.struct(
      "L",
      {},
      items.map((content) => doc.struct("LI", {}, [doc.struct("LBody", {}, [content])])),
    ),
  );
  section.end();
  return y;
}

function comments(doc: Doc, document: Struct, paragraphs: string[], y: number) {
  if (!paragraphs.length) return;
  const section = doc.struct("Sect");
  document.add(section);
  y = sectionTitle(doc, section, "Dealer comments", y);
  doc.fillColor(TEXT).font(BODY_FONT).fontSize(10);
  paragraphs.forEach((paragraph, i) => {
    tag(
      section,
      doc.struct("P", {}, () => doc.text(paragraph, MARGIN, i === 0 ? y : doc.y + 6, { width: CONTENT_WIDTH, lineGap: 1.5 })),
    );
  });
  section.end();
}

/**
 * Every page ends with the dealer's contact details and licence. The first page's footer is read
 * once, at the end of the brochure; its copies on later pages are pagination artifacts.
 */
function footers(doc: Doc, document: Struct, data: BrochureData) {
  const range = doc.bufferedPageRange();
  const footer = doc.struct("Sect");
  document.add(footer);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const first = i === range.start;
    const top = A4.height - 58;
    // Writing inside the bottom margin must not start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact(doc, () =>
      doc
        .moveTo(MARGIN, top - 6)
        .lineTo(MARGIN + CONTENT_WIDTH, top - 6)
        .lineWidth(0.8)
        .stroke(RULE),
    );
    const contact = [data.dealer.location, data.dealer.address, data.dealer.phone, data.dealer.email].filter(Boolean).join("  ·  ");
    const licence = data.dealer.licence ? `Dealer Licence ${data.dealer.licence}  ·  ` : "";
    const drawContact = () =>
      doc.fillColor(TEXT).font(BOLD_FONT).fontSize(8.5).text(contact, MARGIN, top, { width: CONTENT_WIDTH, lineBreak: true });
    const drawSmallPrint = () =>
      doc
        .fillColor(MUTED)
        .font(BODY_FONT)
        .fontSize(7.5)
        .text(
          `${licence}${data.url}  ·  Prepared ${data.generatedOn}. Price and availability may change; please confirm with us before you buy.  Page ${i - range.start + 1} of ${range.count}`,
          MARGIN,
          doc.y + 2,
          { width: CONTENT_WIDTH },
        );
    if (first) {
      tag(footer, doc.struct("P", {}, drawContact));
      tag(footer, doc.struct("P", {}, drawSmallPrint));
    } else {
      doc.markContent("Artifact", { type: "Pagination" });
      drawContact();
      drawSmallPrint();
      doc.endMarkedContent();
    }
    doc.page.margins.bottom = bottomMargin;
  }
  footer.end();
}
