/**
 * Imports a dealer's stock feed (CSV, TSV, JSON or XML, in any built-in or dealer-configured layout:
 * profiles.ts) into the database. A row is rejected only when it has no readable make, model, year or
 * (for a car on sale) price; any other value that cannot be read is a warning naming the line, column
 * and value, and that field is left empty. A row without a stock number is numbered from its VIN, else
 * from its year, make, model and odometer, so importing the same file again updates the same cars (and
 * changes nothing when nothing changed). With markMissingSold the feed is the whole stock: available
 * cars missing from it are marked sold. A dry run reports all of it and changes nothing.
 *
 * This runs inside whichever process owns the database (the server, or the CLI when no server is
 * running), because the embedded database may only be opened by one process.
 */
import { createHash } from "node:crypto";
import type { Vehicle } from "~/domain/vehicle";
import { feedPhotoOrigin, isFeedPhotoSource, unlistedPhotoOrigins } from "~/domain/photos";
import type { Database, Queryable } from "../db/database";
import { getVehiclesByIds, listAvailableMissingFrom, markMissingSold, upsertVehicles } from "../db/vehicles";
import { recordFeedPhotoOrigins } from "../db/feedPhotoOrigins";
import type { TenantConfig } from "../tenants/schema";
import { CsvError, parseCsv, sniffDelimiter } from "./csv";
import { FEED_FIELDS, type FeedField, type FeedProfileName } from "./feedFields";
import { decodeFeed, FeedFileError, readXmlItems, type ImportFormat } from "./feedFile";
import { RowProblem, findLocation, importRowSchema, rowToVehicle, type ImportRow, type StoredFacts } from "./importRow";
import { FEED_PROFILES, feedMapping, headerHas, mapRecord, normaliseHeader, profileFitting, type FeedMapping } from "./profiles";
import { hiddenBySiteFilters } from "./siteFilters";
import { vehicleSchema } from "./vehicleSchema";
import { vehicleId } from "./vehicleText";
import { isUnknownValue } from "./valueReaders";

export { IMPORT_FORMATS, type ImportFormat } from "./feedFile";

/** Feeds larger than this are refused outright rather than half-read. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** The import endpoint's request: the feed as base64 (4/3 of its size) with room for the JSON around it. */
export const MAX_IMPORT_REQUEST_BYTES = Math.ceil(MAX_IMPORT_BYTES * 1.4);
/** Warnings listed in one report; the rest are counted (a bad column in a big feed is one problem, not 20,000). */
export const MAX_LISTED_WARNINGS = 200;
/** Cars listed by name in a dry run's report, per kind of change. */
export const MAX_LISTED_CHANGES = 100;

export type ImportInput = { format: ImportFormat; content: string | Uint8Array } | { rows: unknown[] };

export interface ImportOptions {
  markMissingSold?: boolean;
  /** Work everything out and report it; change nothing. */
  dryRun?: boolean;
  /** The layout to read; the dealer's `stock.feed.profile` when absent. */
  profile?: FeedProfileName;
  now?: Date;
}

export interface ImportError {
  /** CSV: the file line the row starts on. XML: the line its element starts on. JSON: the array index + 1. 0: the file as a whole. */
  line: number;
  reason: string;
}

export interface ImportWarning {
  /** As for errors; 0 for the file as a whole. */
  line: number;
  /** The source column (or path) the value came from. */
  column?: string;
  value?: string;
  message: string;
}

export interface ImportResult {
  tenant: string;
  profile: FeedProfileName;
  dryRun: boolean;
  received: number;
  inserted: number;
  updated: number;
  /** Cars in the feed exactly as they are stored: not written again. */
  unchanged: number;
  /** Ids of available cars that were missing from the feed and are now sold (in a dry run: would be). */
  markedSold: string[];
  errors: ImportError[];
  warnings: ImportWarning[];
  /** Warnings past the listed ones. */
  moreWarnings: number;
  /** A dry run's cars by name ("2022 Toyota HiLux SR5 (stock IMP1001)"), at most MAX_LISTED_CHANGES each. */
  changes?: { added: string[]; updated: string[] };
}

export interface ImportContext {
  db: Database;
  onChanged?: (tenant: string, ids: string[]) => void;
}

export class ImportInputError extends Error {}

class FieldCountMismatch {
  constructor(
    readonly got: number,
    readonly expected: number,
  ) {}
}

export interface SourceRow {
  line: number;
  data: unknown;
}

export interface ReadFeed {
  rows: SourceRow[];
  warnings: ImportWarning[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a source key (a CSV header or an item's top-level key) is read by the mapping. */
function keyIsRead(key: string, mapping: FeedMapping): boolean {
  const headers = new Set([key]);
  return FEED_FIELDS.some((field) => headerHas(headers, mapping.columns[field] ?? []));
}

function unknownKeyWarnings(keys: Iterable<string>, mapping: FeedMapping, what: "column" | "key"): ImportWarning[] {
  return [...new Set(keys)]
    .filter((key) => key && !keyIsRead(normaliseHeader(key), mapping))
    .map((key) => ({ line: 0, message: `unknown ${what} "${key}" ignored` }));
}

function objectRows(list: unknown[], lines: (i: number) => number, mapping: FeedMapping): ReadFeed {
  const keys = list.slice(0, 1000).flatMap((row) => (isRecord(row) ? Object.keys(row) : []));
  return { rows: list.map((data, i) => ({ line: lines(i), data })), warnings: unknownKeyWarnings(keys, mapping, "key") };
}

/** Reads the feed into rows with their line numbers; a file-level problem (bad JSON or XML, an open quote, missing columns) throws. */
export function readFeed(input: ImportInput, mapping: FeedMapping = FEED_PROFILES.platform as FeedMapping): ReadFeed {
  if ("rows" in input) return objectRows(input.rows, (i) => i + 1, mapping);
  if (input.content.length > MAX_IMPORT_BYTES) throw new ImportInputError(`the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  const decoded = typeof input.content === "string" ? { text: input.content } : decodeFeed(input.content);
  const notes: ImportWarning[] = decoded.note ? [{ line: 0, message: decoded.note }] : [];
  const text = decoded.text.replace(/^\uFEFF/, "");
  if (input.format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ImportInputError(`not valid JSON (${(error as Error).message})`);
    }
    const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.vehicles) ? parsed.vehicles : null;
    if (!list) throw new ImportInputError('JSON must be an array of vehicles, or an object with a "vehicles" array');
    const read = objectRows(list, (i) => i + 1, mapping);
    return { rows: read.rows, warnings: [...notes, ...read.warnings] };
  }
  if (input.format === "xml") {
    try {
      const items = readXmlItems(text, mapping.xmlItems);
      const read = objectRows(
        items.map((item) => item.data),
        (i) => items[i].line,
        mapping,
      );
      return { rows: read.rows, warnings: [...notes, ...read.warnings] };
    } catch (error) {
      if (error instanceof FeedFileError) throw new ImportInputError(error.message);
      throw error;
    }
  }
  let records;
  try {
    records = parseCsv(text, input.format === "tsv" ? "\t" : sniffDelimiter(text));
  } catch (error) {
    if (error instanceof CsvError) throw new ImportInputError(error.message);
    throw error;
  }
  if (records.length === 0) return { rows: [], warnings: notes };
  const [header, ...body] = records;
  const columns = header.fields.map(normaliseHeader);
  const present = new Set(columns.filter(Boolean));
  const missing = (["make", "model", "year", "price"] as const).filter((field) => !headerHas(present, mapping.columns[field] ?? []));
  if (missing.length) {
    const looked = missing.map((field) => `${field} (${(mapping.columns[field] ?? []).slice(0, 3).join(", ") || "no column set"})`);
    const fits = profileFitting(present);
    const hint =
      fits && fits !== mapping.name
        ? `; the headers look like the ${fits} profile: import with --profile ${fits}, or set stock.feed.profile`
        : "; name the columns in stock.feed.columns";
    throw new ImportInputError(`the ${mapping.name} profile finds no column for ${looked.join(", ")}${hint}`);
  }
  const rows = body.map((record) => {
    if (record.fields.length !== columns.length) {
      return { line: record.line, data: new FieldCountMismatch(record.fields.length, columns.length) };
    }
    const data: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column && !(column in data)) data[column] = record.fields[i];
    });
    return { line: record.line, data };
  });
  return {
    rows,
    warnings: [
      ...notes,
      ...unknownKeyWarnings(
        header.fields.map((f) => f.trim()),
        mapping,
        "column",
      ),
    ],
  };
}

const show = (v: unknown) => JSON.stringify(typeof v === "string" && v.length > 40 ? `${v.slice(0, 40)}...` : v);

/** Fields without which there is no car to show: a row missing one is rejected. */
const REQUIRED: ReadonlySet<string> = new Set(["stocknum", "make", "model", "year", "price"]);

/**
 * A stock number for a row that has none, stable across imports of the same feed: the VIN, else a hash
 * of year, make, model and odometer ("AUTO-" and eight letters and digits). Identical cars (same year,
 * make, model and kilometres, as new cars often are) are told apart by the order they come in.
 */
export function derivedStockNumber(values: Partial<Record<FeedField, unknown>>): string | null {
  const vin = typeof values.vin === "string" ? values.vin.trim().toUpperCase() : "";
  if (/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return vin;
  const part = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v).trim().toLowerCase() : "");
  const [year, make, model] = [part(values.year), part(values.make), part(values.model)];
  if (!year || !make || !model) return null;
  const digest = createHash("sha256")
    .update(`${year}\n${make}\n${model}\n${part(values.km) || "0"}`)
    .digest();
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let code = "";
  for (let i = 0; i < 8; i++) code += alphabet[digest[i] % alphabet.length];
  return `AUTO-${code}`;
}

export interface ValidRow {
  line: number;
  id: string;
  row: ImportRow;
}

export interface ValidatedFeed {
  rows: ValidRow[];
  errors: ImportError[];
  warnings: ImportWarning[];
  /** Ids the feed names, valid rows or not: a car on a row with a typo is still in stock. */
  namedIds: string[];
}

/** Reads and checks rows against the mapping, without touching the database. */
export function validateRows(rows: SourceRow[], tenant: TenantConfig, mapping: FeedMapping, now: Date): ValidatedFeed {
  const schema = importRowSchema(now);
  const valid: ValidRow[] = [];
  const errors: ImportError[] = [];
  const warnings: ImportWarning[] = [];
  const named = new Set<string>();
  const firstLine = new Map<string, number>();
  const derivedSeen = new Map<string, number>();
  let derivedCount = 0;
  let carTypeDefaulted = 0;

  for (const { line, data } of rows) {
    if (data instanceof FieldCountMismatch) {
      errors.push({ line, reason: `has ${data.got} fields but the header has ${data.expected}` });
      continue;
    }
    if (!isRecord(data)) {
      errors.push({ line, reason: "must be an object with vehicle fields" });
      continue;
    }
    const mapped = mapRecord(data, mapping);
    const values: Record<string, unknown> = { ...mapped.values };
    const columnOf = (field: string) => mapped.columns[field as FeedField] ?? field;
    const rowWarnings: ImportWarning[] = [];
    const rejections: string[] = [];

    if (values.status === undefined) values.status = "in_stock";
    const forSale = values.status !== "sold";
    for (const p of mapped.problems) {
      const message = `${p.column} ${show(p.value)} ${p.problem}`;
      if (REQUIRED.has(p.field) && (p.field !== "price" || forSale)) rejections.push(message);
      else {
        const taken = p.field === "car_type" ? "taken as used" : p.field === "status" ? "taken as in stock" : "left empty";
        rowWarnings.push({ line, column: p.column, value: p.value, message: `${message}; ${taken}` });
      }
    }
    if (values.car_type === undefined) {
      if (!mapped.problems.some((p) => p.field === "car_type")) carTypeDefaulted++;
      values.car_type = "used";
    }
    if (values.price === undefined && !forSale) values.price = 0;

    let numbered = false;
    if (isUnknownValue(values.stocknum)) {
      const derived = derivedStockNumber(values);
      if (derived) {
        const seen = (derivedSeen.get(derived) ?? 0) + 1;
        derivedSeen.set(derived, seen);
        values.stocknum = seen > 1 && derived.startsWith("AUTO-") ? `${derived}-${seen}` : derived;
        numbered = true;
      }
    }
    const rawStock = typeof values.stocknum === "string" || typeof values.stocknum === "number" ? String(values.stocknum).trim() : "";
    const id = /[A-Za-z0-9]/.test(rawStock) ? vehicleId(tenant.slug, rawStock) : "";
    if (id) named.add(id);

    // Values the row schema refuses: on a required field the row is rejected, on any other the field is left empty.
    let row: ImportRow | null = null;
    for (let attempt = 0; attempt < 3 && !row; attempt++) {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        row = parsed.data;
        break;
      }
      const fieldOf = (issue: (typeof parsed.error.issues)[number]) => String(issue.path[0] ?? "");
      const required = parsed.error.issues.filter((issue) => REQUIRED.has(fieldOf(issue)));
      if (required.length || rejections.length) {
        const rejectedFields = new Set(mapped.problems.filter((p) => REQUIRED.has(p.field)).map((p) => p.field as string));
        // A row with no make, model or year cannot be numbered either: its missing stock number goes unsaid.
        const unnumbered = required.some((issue) => fieldOf(issue) !== "stocknum");
        for (const issue of required) {
          if (rejectedFields.has(fieldOf(issue)) || (unnumbered && fieldOf(issue) === "stocknum")) continue;
          rejections.push(issue.message);
        }
        break;
      }
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue);
        const column = columnOf(field);
        const message =
          column !== field && issue.message.startsWith(field) ? `${column}${issue.message.slice(field.length)}` : issue.message;
        const value = values[field];
        rowWarnings.push({
          line,
          column,
          value: typeof value === "string" ? value : JSON.stringify(value),
          message: `${message}; left empty`,
        });
        delete values[field];
      }
    }
    if (!row) {
      errors.push({ line, reason: rejections.join("; ") || "could not be read" });
      continue;
    }
    if (row.location && !findLocation(tenant, row.location)) {
      rowWarnings.push({
        line,
        column: columnOf("location"),
        value: row.location,
        message: `${columnOf("location")} ${show(row.location)} is not one of this dealer's locations; the car is listed at the primary location`,
      });
      row.location = "";
    }
    if (firstLine.has(id)) {
      errors.push({ line, reason: `stocknum ${JSON.stringify(row.stocknum)} appears again (first on line ${firstLine.get(id)})` });
      continue;
    }
    firstLine.set(id, line);
    if (numbered) derivedCount++;
    warnings.push(...rowWarnings);
    valid.push({ line, id, row });
  }
  if (derivedCount) {
    warnings.unshift({
      line: 0,
      message: `${derivedCount} car${derivedCount === 1 ? " has" : "s have"} no stock number: numbered from the VIN, else from year, make, model and odometer`,
    });
  }
  if (carTypeDefaulted) {
    const column = mapping.columns.car_type?.[0];
    warnings.unshift({
      line: 0,
      message: `${carTypeDefaulted} car${carTypeDefaulted === 1 ? " has" : "s have"} no car type${column ? ` (column ${column})` : ""}: taken as used`,
    });
  }
  return { rows: valid, errors, warnings, namedIds: [...named] };
}

/** What rowToVehicle keeps from a stored car (when it arrived, when it first sold). */
function factsOf(stored: Vehicle | undefined): StoredFacts | undefined {
  return stored ? { created_at: stored.created_at ?? "", sold_at: stored.sold_at ?? "", status: stored.status } : undefined;
}

/** A vehicle as stored JSON reads it back: keys sorted, undefined dropped; updated_at is not a change. */
function comparable(vehicle: Vehicle): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  };
  const { updated_at: _updated, ...rest } = JSON.parse(JSON.stringify(vehicle)) as Vehicle;
  return JSON.stringify(sorted(rest));
}

const carName = (v: Vehicle) => `${v.name} (stock ${v.stocknum})`;

export async function importStock(
  ctx: ImportContext,
  tenant: TenantConfig,
  input: ImportInput,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const mapping = feedMapping(tenant.stock?.feed, options.profile);
  const result: ImportResult = {
    tenant: tenant.slug,
    profile: mapping.name,
    dryRun: options.dryRun === true,
    received: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    markedSold: [],
    errors: [],
    warnings: [],
    moreWarnings: 0,
  };
  const warnings: ImportWarning[] = [];
  const finish = () => {
    result.warnings = warnings.slice(0, MAX_LISTED_WARNINGS);
    result.moreWarnings = Math.max(0, warnings.length - MAX_LISTED_WARNINGS);
    return result;
  };
  let feed: ReadFeed;
  try {
    feed = readFeed(input, mapping);
  } catch (error) {
    if (error instanceof ImportInputError) {
      result.errors.push({ line: 0, reason: error.message });
      return finish();
    }
    throw error;
  }
  result.received = feed.rows.length;
  warnings.push(...feed.warnings);
  if (feed.rows.length > MAX_IMPORT_ROWS) {
    result.errors.push({ line: 0, reason: `the feed has ${feed.rows.length} rows; the most one import takes is ${MAX_IMPORT_ROWS}` });
    return finish();
  }
  const validated = validateRows(feed.rows, tenant, mapping, now);
  result.errors = validated.errors;
  warnings.push(...validated.warnings);
  if (validated.rows.length === 0) return finish();

  const stored = await getVehiclesByIds(ctx.db, tenant.slug, [...new Set(validated.rows.map((r) => r.id))]);
  const changed: Vehicle[] = [];
  const added: Vehicle[] = [];
  const updated: Vehicle[] = [];
  const hidden: ImportWarning[] = [];
  for (const { line, id, row } of validated.rows) {
    let vehicle: Vehicle;
    try {
      vehicle = rowToVehicle(row, tenant, factsOf(stored.get(id)), now);
    } catch (error) {
      if (error instanceof RowProblem) {
        result.errors.push({ line, reason: error.message });
        continue;
      }
      throw error;
    }
    const check = vehicleSchema.safeParse(vehicle);
    if (!check.success) {
      result.errors.push({ line, reason: check.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
      continue;
    }
    const before = stored.get(id);
    if (before && comparable(before) === comparable(vehicle)) result.unchanged++;
    else {
      changed.push(vehicle);
      (before ? updated : added).push(vehicle);
    }
    const why = hiddenBySiteFilters(vehicle, tenant, now);
    if (why) hidden.push({ line, message: `${carName(vehicle)} ${why}: it will not appear in search or the sitemap` });
  }
  result.errors.sort((a, b) => a.line - b.line);
  warnings.push(...hidden);
  result.inserted = added.length;
  result.updated = updated.length;
  const saved = validated.rows.length > 0 && added.length + updated.length + result.unchanged > 0;

  // The photo hosts the dealer's own feed names are allowed for this dealer (photos.feedHosts, decision 27):
  // recorded with the cars. Photos on any other host the dealer has not listed show the placeholder: say so now.
  const photoUrls = changed.flatMap((v) => v.images.map((image) => image.url));
  const feedOrigins = tenant.photos.feedHosts ? [...new Set(photoUrls.map(feedPhotoOrigin).filter((o): o is string => o !== null))] : [];
  const unlisted = unlistedPhotoOrigins(
    photoUrls.filter((url) => !isFeedPhotoSource(url, feedOrigins)),
    tenant.photos.sourceHosts,
  );
  for (const origin of unlisted.slice(0, 5)) {
    warnings.push({
      line: 0,
      message: tenant.photos.feedHosts
        ? `photos on ${origin} show the placeholder: a feed's photo host must be a name on the internet, not an address or a local name; list "${origin}" in the dealer's photos.sourceHosts to allow it`
        : `photos on ${origin} show the placeholder until "${origin}" is listed in the dealer's photos.sourceHosts`,
    });
  }

  if (result.dryRun) {
    // Never empty a dealer's stock because of a feed that failed to parse: only a feed with good rows replaces it.
    if (options.markMissingSold && saved) result.markedSold = await listAvailableMissingFrom(ctx.db, tenant.slug, validated.namedIds);
    result.changes = { added: added.slice(0, MAX_LISTED_CHANGES).map(carName), updated: updated.slice(0, MAX_LISTED_CHANGES).map(carName) };
    return finish();
  }
  await ctx.db.transaction(async (tx: Queryable) => {
    if (changed.length) await upsertVehicles(tx, tenant.slug, changed);
    if (feedOrigins.length) await recordFeedPhotoOrigins(tx, tenant.slug, feedOrigins, now);
    if (options.markMissingSold && saved) result.markedSold = await markMissingSold(tx, tenant.slug, validated.namedIds, now);
  });
  const ids = [...changed.map((v) => v.id), ...result.markedSold];
  if (ids.length) ctx.onChanged?.(tenant.slug, ids);
  return finish();
}

/** One line per result, problem and warning, the way the CLI, the HTTP endpoint and the pull status report them. */
export function describeImport(result: ImportResult): string[] {
  const sold = result.markedSold.length;
  const counts = result.dryRun
    ? `${result.received} rows read, ${result.inserted} to add, ${result.updated} to update, ${result.unchanged} unchanged, ${result.errors.length} rejected` +
      (sold ? `, ${sold} missing from the feed to mark sold` : "")
    : `${result.received} rows read, ${result.inserted} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.errors.length} rejected` +
      (sold ? `, ${sold} missing from the feed marked sold` : "");
  const lines = [`${result.tenant}${result.dryRun ? " (dry run: nothing was changed)" : ""}: ${counts}`];
  if (result.changes) {
    for (const name of result.changes.added) lines.push(`would add: ${name}`);
    for (const name of result.changes.updated) lines.push(`would update: ${name}`);
  }
  if (result.dryRun) for (const id of result.markedSold) lines.push(`would mark sold: ${id}`);
  for (const error of result.errors) lines.push(error.line > 0 ? `line ${error.line}: ${error.reason}` : `file: ${error.reason}`);
  for (const warning of result.warnings)
    lines.push(warning.line > 0 ? `line ${warning.line}: warning: ${warning.message}` : `warning: ${warning.message}`);
  if (result.moreWarnings) lines.push(`... and ${result.moreWarnings} more warnings`);
  return lines;
}
