/**
 * Imports a dealer's stock feed (CSV or JSON) into the database. Good rows land even when others are
 * bad; each bad row is reported with the line a dealer will find it on. With markMissingSold the feed
 * is the whole stock: available cars missing from it are marked sold.
 *
 * This runs inside whichever process owns the database (the server, or the CLI when no server is
 * running), because the embedded database may only be opened by one process.
 */
import type { Vehicle } from "~/domain/vehicle";
import type { Database, Queryable } from "../db/database";
import { markMissingSold, upsertVehicles } from "../db/vehicles";
import type { TenantConfig } from "../tenants/schema";
import { CsvError, parseCsv } from "./csv";
import { IMPORT_COLUMNS, RowProblem, importRowSchema, normaliseColumn, rowToVehicle, type StoredFacts } from "./importRow";
import { vehicleSchema } from "./vehicleSchema";
import { vehicleId } from "./vehicleText";
import { unlistedPhotoOrigins } from "~/domain/photos";

export type ImportFormat = "csv" | "json";
export const IMPORT_FORMATS: readonly ImportFormat[] = ["csv", "json"];

/** Feeds larger than this are refused outright rather than half-read. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export type ImportInput = { format: ImportFormat; content: string } | { rows: unknown[] };

export interface ImportOptions {
  markMissingSold?: boolean;
  now?: Date;
}

export interface ImportError {
  /** CSV: the file line the row starts on. JSON: the array index + 1. 0: the file as a whole. */
  line: number;
  reason: string;
}

export interface ImportResult {
  tenant: string;
  received: number;
  inserted: number;
  updated: number;
  /** Ids of available cars that were missing from the feed and are now sold. */
  markedSold: string[];
  errors: ImportError[];
  /** Columns or keys the importer does not know (ignored). */
  warnings: string[];
}

export interface ImportContext {
  db: Database;
  onChanged?: (tenant: string, ids: string[]) => void;
}

interface SourceRow {
  line: number;
  data: unknown;
}

export class ImportInputError extends Error {}

/** Reads the feed into rows with their line numbers; a file-level problem (bad JSON, open quote) throws. */
export function readFeed(input: ImportInput): { rows: SourceRow[]; warnings: string[] } {
  if ("rows" in input) return { rows: input.rows.map((data, i) => ({ line: i + 1, data })), warnings: unknownKeys(input.rows) };
  if (input.content.length > MAX_IMPORT_BYTES) throw new ImportInputError(`the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  if (input.format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.content.replace(/^\uFEFF/, ""));
    } catch (error) {
      throw new ImportInputError(`not valid JSON (${(error as Error).message})`);
    }
    const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.vehicles) ? parsed.vehicles : null;
    if (!list) throw new ImportInputError('JSON must be an array of vehicles, or an object with a "vehicles" array');
    return { rows: list.map((data, i) => ({ line: i + 1, data })), warnings: unknownKeys(list) };
  }
  let records;
  try {
    records = parseCsv(input.content);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportInputError(error.message);
    throw error;
  }
  if (records.length === 0) return { rows: [], warnings: [] };
  const [header, ...body] = records;
  const columns = header.fields.map(normaliseColumn);
  const warnings = [...new Set(columns.filter((c) => c && !IMPORT_COLUMNS.includes(c)))].map((c) => `unknown column "${c}" ignored`);
  const rows = body.map((record) => {
    if (record.fields.length !== columns.length) {
      return { line: record.line, data: new FieldCountMismatch(record.fields.length, columns.length) };
    }
    const data: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column && IMPORT_COLUMNS.includes(column)) data[column] = record.fields[i];
    });
    return { line: record.line, data };
  });
  return { rows, warnings };
}

class FieldCountMismatch {
  constructor(
    readonly got: number,
    readonly expected: number,
  ) {}
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unknownKeys(rows: unknown[]): string[] {
  const unknown = new Set<string>();
  for (const row of rows.slice(0, 1000)) {
    if (!isRecord(row)) continue;
    for (const key of Object.keys(row)) if (!IMPORT_COLUMNS.includes(normaliseColumn(key))) unknown.add(key);
  }
  return [...unknown].map((key) => `unknown key "${key}" ignored`);
}

function normaliseKeys(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const column = normaliseColumn(key);
    if (IMPORT_COLUMNS.includes(column) && !(column in out)) out[column] = value;
  }
  return out;
}

export interface ValidatedFeed {
  vehicles: { line: number; vehicle: Vehicle }[];
  errors: ImportError[];
  /** Ids the feed names, valid rows or not: a car on a row with a typo is still in stock. */
  namedIds: string[];
}

/** Validates rows and builds vehicles, without touching the database. */
export function validateRows(rows: SourceRow[], tenant: TenantConfig, stored: Map<string, StoredFacts>, now: Date): ValidatedFeed {
  const schema = importRowSchema(now);
  const vehicles: ValidatedFeed["vehicles"] = [];
  const errors: ImportError[] = [];
  const named = new Set<string>();
  const firstLine = new Map<string, number>();
  for (const { line, data } of rows) {
    if (data instanceof FieldCountMismatch) {
      errors.push({ line, reason: `has ${data.got} fields but the header has ${data.expected}` });
      continue;
    }
    if (!isRecord(data)) {
      errors.push({ line, reason: "must be an object with vehicle fields" });
      continue;
    }
    const fields = normaliseKeys(data);
    const rawStock = typeof fields.stocknum === "string" || typeof fields.stocknum === "number" ? String(fields.stocknum).trim() : "";
    const id = /[A-Za-z0-9]/.test(rawStock) ? vehicleId(tenant.slug, rawStock) : "";
    if (id) named.add(id);
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      errors.push({ line, reason: parsed.error.issues.map((issue) => issue.message).join("; ") });
      continue;
    }
    if (firstLine.has(id)) {
      errors.push({ line, reason: `stocknum ${JSON.stringify(parsed.data.stocknum)} appears again (first on line ${firstLine.get(id)})` });
      continue;
    }
    try {
      const vehicle = rowToVehicle(parsed.data, tenant, stored.get(id), now);
      const check = vehicleSchema.safeParse(vehicle);
      if (!check.success) {
        errors.push({ line, reason: check.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
        continue;
      }
      firstLine.set(id, line);
      vehicles.push({ line, vehicle });
    } catch (error) {
      if (error instanceof RowProblem) {
        errors.push({ line, reason: error.message });
        continue;
      }
      throw error;
    }
  }
  return { vehicles, errors, namedIds: [...named] };
}

async function storedFacts(db: Queryable, tenant: string, ids: string[]): Promise<Map<string, StoredFacts>> {
  const facts = new Map<string, StoredFacts>();
  if (ids.length === 0) return facts;
  const rows = await db.query<{ id: string; created_at: string | null; sold_at: string | null; status: string }>(
    `SELECT id, data->>'created_at' AS created_at, data->>'sold_at' AS sold_at, status
       FROM vehicles WHERE tenant = $1 AND id = ANY($2::text[])`,
    [tenant, ids],
  );
  for (const row of rows) facts.set(row.id, { created_at: row.created_at ?? "", sold_at: row.sold_at ?? "", status: row.status });
  return facts;
}

export async function importStock(
  ctx: ImportContext,
  tenant: TenantConfig,
  input: ImportInput,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const result: ImportResult = { tenant: tenant.slug, received: 0, inserted: 0, updated: 0, markedSold: [], errors: [], warnings: [] };
  let feed: ReturnType<typeof readFeed>;
  try {
    feed = readFeed(input);
  } catch (error) {
    if (error instanceof ImportInputError) {
      result.errors.push({ line: 0, reason: error.message });
      return result;
    }
    throw error;
  }
  result.received = feed.rows.length;
  result.warnings = feed.warnings;
  if (feed.rows.length > MAX_IMPORT_ROWS) {
    result.errors.push({ line: 0, reason: `the feed has ${feed.rows.length} rows; the most one import takes is ${MAX_IMPORT_ROWS}` });
    return result;
  }
  const candidateIds = feed.rows
    .map(({ data }) => (isRecord(data) ? normaliseKeys(data).stocknum : undefined))
    .filter((s): s is string | number => (typeof s === "string" || typeof s === "number") && /[A-Za-z0-9]/.test(String(s)))
    .map((s) => vehicleId(tenant.slug, String(s).trim()));
  const stored = await storedFacts(ctx.db, tenant.slug, [...new Set(candidateIds)]);
  const validated = validateRows(feed.rows, tenant, stored, now);
  result.errors = validated.errors;
  const vehicles = validated.vehicles.map((v) => v.vehicle);
  if (vehicles.length === 0) return result;
  // Photos on hosts the dealer has not listed show the placeholder (the photo route's rule, decision 18): say so now.
  const photoUrls = vehicles.flatMap((v) => v.images.map((image) => image.url));
  for (const origin of unlistedPhotoOrigins(photoUrls, tenant.photos.sourceHosts).slice(0, 5)) {
    result.warnings.push(`photos on ${origin} show the placeholder until "${origin}" is listed in the dealer's photos.sourceHosts`);
  }

  await ctx.db.transaction(async (tx) => {
    await upsertVehicles(tx, tenant.slug, vehicles);
    // Never empty a dealer's stock because of a feed that failed to parse: only a feed with good rows replaces it.
    if (options.markMissingSold) result.markedSold = await markMissingSold(tx, tenant.slug, validated.namedIds, now);
  });
  result.updated = vehicles.filter((v) => stored.has(v.id)).length;
  result.inserted = vehicles.length - result.updated;
  ctx.onChanged?.(tenant.slug, [...vehicles.map((v) => v.id), ...result.markedSold]);
  return result;
}

/** One line per problem, the way the CLI and the HTTP endpoint report them. */
export function describeImport(result: ImportResult): string[] {
  const lines = [
    `${result.tenant}: ${result.received} rows read, ${result.inserted} added, ${result.updated} updated, ${result.errors.length} rejected` +
      (result.markedSold.length ? `, ${result.markedSold.length} missing from the feed marked sold` : ""),
  ];
  for (const warning of result.warnings) lines.push(`warning: ${warning}`);
  for (const error of result.errors) lines.push(error.line > 0 ? `line ${error.line}: ${error.reason}` : `file: ${error.reason}`);
  return lines;
}
