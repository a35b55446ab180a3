/**
 * A small RFC 4180 CSV reader for dealer stock feeds (and their tab-separated cousins): quoted fields,
 * doubled quotes, delimiters and line breaks inside quotes, CRLF or LF line ends, a leading byte-order mark. Each record keeps the line
 * it starts on so a bad row can be reported where the dealer will find it in a spreadsheet.
 */

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** `delimiter` is "," for CSV, a tab for TSV (Google's and Meta's tab-separated feeds). */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let fields: string[] = [];
  let field = "";
  let recordLine = 1;
  let quoted = false;
  let quoteOpenedOn = 0;
  // A record that is only one empty field is a blank line: feeds often end with several.
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === "\r" && text[i + 1] === "\n") {
        field += "\n";
        line++;
        i += 2;
        continue;
      }
      if (ch === "\n" || ch === "\r") line++;
      field += ch === "\r" ? "\n" : ch;
      i++;
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      quoteOpenedOn = line;
      i++;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = "";
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // A quote in the middle of an unquoted field is kept as written (spreadsheets export `12" wheels`).
    field += ch;
    i++;
  }
  if (quoted) throw new CsvError(quoteOpenedOn, "a quoted field is never closed");
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}

/** Quotes a value for CSV output when it needs it (used by tests and the documentation's example). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The delimiter of a delimited file from its header line: a tab when it has tabs and no commas. */
export function sniffDelimiter(text: string): "," | "\t" {
  const header = text.slice(0, Math.max(0, text.search(/\r|\n/)) || text.length);
  return header.includes("\t") && !header.includes(",") ? "\t" : ",";
}
