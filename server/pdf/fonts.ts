/**
 * The typeface of the dealer's PDFs. pdfkit's standard Helvetica knows only WinAnsi characters, so a
 * Māori place name such as 'Ōtautahi', a shopper's Vietnamese name or a Chinese dealer name printed as
 * garbage. DejaVu Sans Condensed (the `dejavu-fonts-ttf` package, a free licence derived from Bitstream
 * Vera) covers Latin, Greek, Cyrillic and much more at about Helvetica's width; pdfkit embeds only the
 * glyphs a brochure uses, with the map back to Unicode that copy, search and screen readers need.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

export const BODY_FONT = "Brochure";
export const BOLD_FONT = "Brochure-Bold";

const FILES = {
  [BODY_FONT]: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf",
  [BOLD_FONT]: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf",
} as const;

/** The font files' bytes, read on the first brochure and kept: they never change while the server runs. */
let loaded: Record<keyof typeof FILES, Buffer> | null = null;

function fontFiles(): Record<keyof typeof FILES, Buffer> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = {
      [BODY_FONT]: fs.readFileSync(require.resolve(FILES[BODY_FONT])),
      [BOLD_FONT]: fs.readFileSync(require.resolve(FILES[BOLD_FONT])),
    };
  }
  return loaded;
}

/** Registers the brochure's regular and bold faces on a document, under BODY_FONT and BOLD_FONT. */
export function registerBrochureFonts(doc: PDFKit.PDFDocument): void {
  const files = fontFiles();
  doc.registerFont(BODY_FONT, files[BODY_FONT]);
  doc.registerFont(BOLD_FONT, files[BOLD_FONT]);
}
