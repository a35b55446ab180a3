/**
 * A stock feed file as text and as records: the bytes decoded (UTF-8, UTF-16 with its byte-order mark,
 * else Windows-1252, which spreadsheets on Windows still save), and an XML feed read into one record
 * per vehicle element with the line it starts on. XML is parsed by fast-xml-parser; a document that
 * declares entities (the "billion laughs" XML bomb, external entities) is refused before parsing.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type ImportFormat = "csv" | "tsv" | "json" | "xml";
export const IMPORT_FORMATS: readonly ImportFormat[] = ["csv", "tsv", "json", "xml"];

export class FeedFileError extends Error {}

export interface DecodedFeed {
  text: string;
  /** Said in the import report when the file was not UTF-8. */
  note?: string;
}

/** The feed's text. Bytes that are not UTF-8 are read as Windows-1252 (and the report says so), never as replacement characters. */
export function decodeFeed(bytes: Uint8Array): DecodedFeed {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)) };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return {
      text: new TextDecoder("windows-1252").decode(bytes),
      note: "the file is not UTF-8: it was read as Windows-1252 (Western European); save it as UTF-8 if letters look wrong",
    };
  }
}

/** The format a file name says, or null. */
export function formatOfFileName(name: string): ImportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === "csv") return "csv";
  if (ext === "tsv" || ext === "tab") return "tsv";
  if (ext === "json") return "json";
  if (ext === "xml") return "xml";
  return null;
}

export interface XmlItem {
  /** The file line its element starts on. */
  line: number;
  data: Record<string, unknown>;
}

const ATTRIBUTE = "@_";

/**
 * Elements with a `name` attribute become named fields of their parent, so Meta's
 * `<address><component name="city">Parramatta</component></address>` reads as `address.city`.
 */
function nameComponents(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nameComponents);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    out[key] = nameComponents(value);
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "object" || item === null) continue;
      const name = (item as Record<string, unknown>)[`${ATTRIBUTE}name`];
      if (typeof name === "string" && name && !(name in out)) out[name] = (item as Record<string, unknown>)["#text"] ?? "";
    }
  }
  return out;
}

/** The first element named one of `names` (case-insensitive), searched from the root level by level. */
function findItems(root: unknown, names: readonly string[]): unknown[] | null {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  let level: unknown[] = [root];
  for (let depth = 0; depth < 6 && level.length; depth++) {
    const next: unknown[] = [];
    for (const node of level) {
      if (typeof node !== "object" || node === null) continue;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key.startsWith(ATTRIBUTE) || key.startsWith("?")) continue;
        if (wanted.has(key.toLowerCase())) return Array.isArray(value) ? value : [value];
        next.push(...(Array.isArray(value) ? value : [value]));
      }
    }
    level = next;
  }
  return null;
}

/**
 * The vehicles of an XML feed: each element named one of `itemNames` (e.g. Meta's `<listing>`) as a
 * record of its child elements (nested ones stay nested: `mileage.value`, `image[0].url`), text only.
 */
export function readXmlItems(text: string, itemNames: readonly string[]): XmlItem[] {
  const body = text.replace(/^\uFEFF/, "");
  // Entity declarations are how XML bombs and external-entity reads work; no stock feed needs them.
  if (/<!ENTITY/i.test(body)) throw new FeedFileError("XML with entity declarations (<!ENTITY>) is not accepted as a stock feed");
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new FeedFileError(`not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    removeNSPrefix: true,
    captureMetaData: true,
    processEntities: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  let tree: unknown;
  try {
    tree = parser.parse(body);
  } catch (error) {
    throw new FeedFileError(`not valid XML (${(error as Error).message})`);
  }
  const items = findItems(tree, itemNames);
  if (!items)
    throw new FeedFileError(
      `no vehicles found: the XML has no <${itemNames[0]}> elements (looked for ${itemNames.map((n) => `<${n}>`).join(", ")})`,
    );
  const lineStarts = [0];
  for (let i = body.indexOf("\n"); i !== -1; i = body.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineAt = (index: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const meta = XMLParser.getMetaDataSymbol() as unknown as string;
  return items.map((item, i) => {
    const start =
      typeof item === "object" && item !== null ? (item as Record<string, { startIndex?: number }>)[meta]?.startIndex : undefined;
    const data = typeof item === "object" && item !== null ? (nameComponents(item) as Record<string, unknown>) : { value: item };
    return { line: typeof start === "number" ? lineAt(start) : i + 1, data };
  });
}

/** A pulled feed's format: its address's file extension, else its Content-Type, else what the text starts with. */
export function sniffFormat(url: string, contentType: string, text: string): ImportFormat {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: read it as a path.
  }
  const byName = formatOfFileName(path);
  if (byName) return byName;
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type.endsWith("json")) return "json";
  if (type.endsWith("xml")) return "xml";
  if (type === "text/tab-separated-values") return "tsv";
  if (type === "text/csv") return "csv";
  const start = text.replace(/^\uFEFF/, "").trimStart()[0];
  if (start === "<") return "xml";
  if (start === "[" || start === "{") return "json";
  return "csv";
}
