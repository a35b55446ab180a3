/**
 * A fake Typesense server for tests: a real HTTP server on 127.0.0.1 (ephemeral port) that checks
 * request shapes the way Typesense does (API key header, paths, JSON bodies, schema fields, filter
 * syntax, sortable and facet fields, per_page limits) and answers by evaluating the queries over the
 * documents it stores, so the adapter's results are checked against the same expectations as Orama's.
 *
 * Deliberate differences from a real server, each there to catch an adapter that relies on luck:
 * ties in sort order come back in reverse document-id order, and facet values with equal counts in
 * descending value order; no typo tolerance (the contract uses whole words).
 * Every request is recorded (`requests`) so tests can assert on shapes and on the order of calls.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkFilter, matchesFilter, parseFilter, FilterSyntaxError, type FieldType, type Schema } from "./typesenseFilter";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

interface Collection {
  name: string;
  schema: Record<string, unknown> & { fields: FieldSchema[] };
  fields: Schema;
  sortable: Set<string>;
  facets: Set<string>;
  separators: string[];
  docs: Map<string, Record<string, unknown>>;
  createdAt: number;
}

interface FieldSchema {
  name: string;
  type: FieldType;
  facet?: boolean;
  optional?: boolean;
  index?: boolean;
  sort?: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const FIELD_TYPES = new Set<FieldType>(["string", "string[]", "int32", "int64", "float", "bool"]);
const NUMERIC = new Set<FieldType>(["int32", "int64", "float"]);
const SEARCH_PARAMS = new Set([
  "collection",
  "q",
  "query_by",
  "filter_by",
  "sort_by",
  "facet_by",
  "max_facet_values",
  "page",
  "per_page",
  "include_fields",
  "exclude_fields",
  "drop_tokens_threshold",
  "typo_tokens_threshold",
  "prefix",
  "num_typos",
  "x-typesense-api-key",
]);
const MAX_SEARCHES_PER_MULTI_SEARCH = 50;

function words(text: string, separators: string[]): string[] {
  let value = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  for (const separator of separators) value = value.split(separator).join(" ");
  return value
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
}

function checkDocument(collection: Collection, doc: Record<string, unknown>): string | null {
  if (doc.id !== undefined && typeof doc.id !== "string") return "Document's `id` field should be a string.";
  for (const field of collection.schema.fields) {
    const value = doc[field.name];
    if (value === undefined || value === null) {
      if (!field.optional) return `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`;
      continue;
    }
    const ok =
      field.type === "string"
        ? typeof value === "string"
        : field.type === "string[]"
          ? Array.isArray(value) && value.every((v) => typeof v === "string")
          : field.type === "bool"
            ? typeof value === "boolean"
            : field.type === "float"
              ? typeof value === "number" && Number.isFinite(value)
              : typeof value === "number" && Number.isInteger(value);
    if (!ok) return `Field \`${field.name}\` must be ${field.type === "string[]" ? "an array of strings" : `a ${field.type}`}.`;
  }
  return null;
}

export interface FakeTypesense {
  url: string;
  host: string;
  port: number;
  apiKey: string;
  requests: RecordedRequest[];
  collectionNames(): string[];
  aliasTarget(alias: string): string | undefined;
  documents(collection: string): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startFakeTypesense(options: { apiKey?: string } = {}): Promise<FakeTypesense> {
  const apiKey = options.apiKey ?? "fake-admin-key";
  const collections = new Map<string, Collection>();
  const aliases = new Map<string, string>();
  const requests: RecordedRequest[] = [];

  const resolve = (name: string): Collection => {
    const collection = collections.get(aliases.get(name) ?? name);
    if (!collection) throw new HttpError(404, `Collection \`${name}\` not found.`);
    return collection;
  };

  function createCollection(body: unknown): Record<string, unknown> {
    const schema = body as Collection["schema"];
    if (!schema || typeof schema.name !== "string" || !Array.isArray(schema.fields)) {
      throw new HttpError(400, "Bad JSON.");
    }
    if (collections.has(schema.name)) throw new HttpError(409, `A collection with name \`${schema.name}\` already exists.`);
    const fields: Schema = new Map();
    const sortable = new Set<string>();
    const facets = new Set<string>();
    for (const field of schema.fields) {
      if (typeof field.name !== "string" || !FIELD_TYPES.has(field.type)) {
        throw new HttpError(400, `Field \`${field.name}\` has an invalid data type.`);
      }
      if (field.sort && field.type !== "string" && !NUMERIC.has(field.type)) {
        throw new HttpError(400, `Field \`${field.name}\` cannot be sorted.`);
      }
      const index = field.index !== false;
      if (!index && !field.optional) throw new HttpError(400, `Field \`${field.name}\` must be optional since it is not indexed.`);
      fields.set(field.name, { type: field.type, index });
      if (index && (NUMERIC.has(field.type) || field.type === "bool" || (field.type === "string" && field.sort))) sortable.add(field.name);
      if (index && field.facet) facets.add(field.name);
    }
    const collection: Collection = {
      name: schema.name,
      schema,
      fields,
      sortable,
      facets,
      separators: Array.isArray(schema.token_separators) ? (schema.token_separators as string[]) : [],
      docs: new Map(),
      createdAt: Math.floor(Date.now() / 1000),
    };
    collections.set(schema.name, collection);
    return { ...schema, created_at: collection.createdAt, num_documents: 0 };
  }

  function importDocuments(collection: Collection, query: Record<string, string>, body: unknown): string {
    if (typeof body !== "string" || !body.trim()) throw new HttpError(400, "The request body was empty.");
    const action = query.action ?? "create";
    if (!["create", "upsert"].includes(action)) throw new HttpError(400, `Unsupported action ${action}`);
    return body
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        let doc: Record<string, unknown>;
        try {
          doc = JSON.parse(line);
        } catch {
          return JSON.stringify({ success: false, error: "Bad JSON.", document: line, code: 400 });
        }
        const problem = checkDocument(collection, doc);
        if (problem) return JSON.stringify({ success: false, error: problem, document: line, code: 400 });
        const id = (doc.id as string | undefined) ?? String(collection.docs.size + 1);
        if (action === "create" && collection.docs.has(id)) {
          return JSON.stringify({ success: false, error: "A document with id already exists.", document: line, code: 409 });
        }
        collection.docs.set(id, { ...doc, id });
        return JSON.stringify({ success: true });
      })
      .join("\n");
  }

  function parseFilterFor(collection: Collection, filterBy: unknown) {
    if (filterBy === undefined || filterBy === "") return null;
    if (typeof filterBy !== "string") throw new HttpError(400, "Parameter `filter_by` must be a string.");
    try {
      const tree = parseFilter(filterBy);
      checkFilter(tree, collection.fields);
      return tree;
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw new HttpError(400, error.message);
      throw error;
    }
  }

  function search(params: Record<string, unknown>): Record<string, unknown> {
    for (const key of Object.keys(params)) {
      if (!SEARCH_PARAMS.has(key)) throw new HttpError(400, `Unknown search parameter \`${key}\`.`);
    }
    if (typeof params.collection !== "string") throw new HttpError(400, "Missing `collection`.");
    const collection = resolve(params.collection);
    const q = params.q;
    if (typeof q !== "string") throw new HttpError(400, "Parameter `q` is required.");
    const queryBy = typeof params.query_by === "string" ? params.query_by.split(",").map((f) => f.trim()) : [];
    if (q !== "*" && !queryBy.length) throw new HttpError(400, "No search fields specified for the query.");
    for (const field of queryBy) {
      const f = collection.fields.get(field);
      if (!f || !f.index || (f.type !== "string" && f.type !== "string[]")) {
        throw new HttpError(400, `Could not find a field named \`${field}\` in the schema.`);
      }
    }
    const filter = parseFilterFor(collection, params.filter_by);
    const perPage = params.per_page === undefined ? 10 : Number(params.per_page);
    const page = params.page === undefined ? 1 : Number(params.page);
    if (!Number.isInteger(perPage) || perPage < 0 || perPage > 250) throw new HttpError(422, "Only upto 250 hits can be fetched per page.");
    if (!Number.isInteger(page) || page < 1) throw new HttpError(422, "Parameter `page` must be an integer of value greater than 0.");
    const prefix = params.prefix === undefined || String(params.prefix) === "true";

    const queryWords = q === "*" ? [] : words(q, collection.separators);
    let matched = [...collection.docs.values()].filter((doc) => !filter || matchesFilter(filter, doc, collection.fields));
    if (queryWords.length) {
      matched = matched.filter((doc) => {
        const docWords = new Set(queryBy.flatMap((f) => [doc[f] ?? ""].flat().flatMap((v) => words(String(v), collection.separators))));
        return queryWords.every((qw, i) =>
          [...docWords].some((dw) => dw === qw || (prefix && i === queryWords.length - 1 && dw.startsWith(qw))),
        );
      });
    }

    // Ties keep reverse id order: an adapter that forgets its own tie-break gets a visibly different order.
    matched.sort((a, b) => (String(a.id) < String(b.id) ? 1 : String(a.id) > String(b.id) ? -1 : 0));
    if (typeof params.sort_by === "string" && params.sort_by) {
      const sorts = params.sort_by.split(",").map((s) => {
        const [field, direction = "asc"] = s.trim().split(":");
        if (field !== "_text_match" && !collection.sortable.has(field)) {
          throw new HttpError(404, `Could not find a field named \`${field}\` in the schema for sorting.`);
        }
        if (direction !== "asc" && direction !== "desc") throw new HttpError(400, "Order should be either ASC or DESC.");
        return { field, sign: direction === "asc" ? 1 : -1 };
      });
      if (sorts.length > 3) throw new HttpError(400, "Only upto 3 sort fields are allowed.");
      matched.sort((a, b) => {
        for (const { field, sign } of sorts) {
          if (field === "_text_match") continue;
          const x = a[field] as number | string;
          const y = b[field] as number | string;
          if (x < y) return -sign;
          if (x > y) return sign;
        }
        return 0;
      });
    }

    const facetCounts = [];
    if (typeof params.facet_by === "string" && params.facet_by) {
      const maxValues = params.max_facet_values === undefined ? 10 : Number(params.max_facet_values);
      for (const field of params.facet_by.split(",").map((f) => f.trim())) {
        if (!collection.facets.has(field)) throw new HttpError(404, `Could not find a facet field named \`${field}\` in the schema.`);
        const type = collection.fields.get(field)!.type;
        const tally = new Map<string, number>();
        const numbers: number[] = [];
        for (const doc of matched) {
          const raw = doc[field];
          if (raw === undefined || raw === null) continue;
          for (const value of new Set(Array.isArray(raw) ? raw : [raw])) {
            tally.set(String(value), (tally.get(String(value)) ?? 0) + 1);
            if (NUMERIC.has(type)) numbers.push(Number(value));
          }
        }
        const counts = [...tally]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0))
          .slice(0, maxValues)
          .map(([value, count]) => ({ value, count, highlighted: value }));
        const stats: Record<string, number> = { total_values: tally.size };
        if (numbers.length) {
          const sum = numbers.reduce((s, n) => s + n, 0);
          Object.assign(stats, { min: Math.min(...numbers), max: Math.max(...numbers), sum, avg: sum / numbers.length });
        }
        facetCounts.push({ field_name: field, counts, sampled: false, stats });
      }
    }

    const include = typeof params.include_fields === "string" ? new Set(params.include_fields.split(",").map((f) => f.trim())) : null;
    const hits = matched.slice((page - 1) * perPage, page * perPage).map((doc) => ({
      document: include ? Object.fromEntries(Object.entries(doc).filter(([k]) => include.has(k))) : doc,
      highlights: [],
      text_match: 0,
    }));
    return {
      facet_counts: facetCounts,
      found: matched.length,
      hits,
      out_of: collection.docs.size,
      page,
      request_params: { collection_name: collection.name, per_page: perPage, q },
      search_time_ms: 0,
    };
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): { status?: number; json?: unknown; text?: string } {
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    if (method === "GET" && path === "/health") return { json: { ok: true } };
    if (parts[0] === "aliases" && parts.length === 2) {
      const name = parts[1];
      if (method === "GET") {
        const target = aliases.get(name);
        if (!target) throw new HttpError(404, "Not Found");
        return { json: { name, collection_name: target } };
      }
      if (method === "PUT") {
        const target = (body as { collection_name?: unknown })?.collection_name;
        if (typeof target !== "string") throw new HttpError(400, "Parameter `collection_name` is required.");
        if (!collections.has(target)) throw new HttpError(404, `Collection \`${target}\` not found.`);
        aliases.set(name, target);
        return { json: { name, collection_name: target } };
      }
      if (method === "DELETE") {
        const target = aliases.get(name);
        if (!target) throw new HttpError(404, "Not Found");
        aliases.delete(name);
        return { json: { name, collection_name: target } };
      }
    }
    if (parts[0] === "collections") {
      if (parts.length === 1 && method === "POST") return { status: 201, json: createCollection(body) };
      if (parts.length === 1 && method === "GET")
        return { json: [...collections.values()].map((c) => ({ ...c.schema, num_documents: c.docs.size })) };
      const collection = parts.length >= 2 ? resolve(parts[1]) : null;
      if (collection && parts.length === 2) {
        if (method === "GET") return { json: { ...collection.schema, num_documents: collection.docs.size } };
        if (method === "DELETE") {
          collections.delete(collection.name);
          return { json: { ...collection.schema, num_documents: collection.docs.size } };
        }
      }
      if (collection && parts[2] === "documents") {
        if (parts.length === 4 && parts[3] === "import" && method === "POST") return { text: importDocuments(collection, query, body) };
        if (parts.length === 4 && parts[3] === "search" && method === "GET")
          return { json: search({ ...query, collection: collection.name }) };
        if (parts.length === 3 && method === "DELETE") {
          const filter = parseFilterFor(collection, query.filter_by);
          if (!filter) throw new HttpError(400, "Parameter `filter_by` must be provided.");
          let deleted = 0;
          for (const [id, doc] of collection.docs) {
            if (matchesFilter(filter, doc, collection.fields)) {
              collection.docs.delete(id);
              deleted++;
            }
          }
          return { json: { num_deleted: deleted } };
        }
        if (parts.length === 4 && method === "GET") {
          const doc = collection.docs.get(parts[3]);
          if (!doc) throw new HttpError(404, `Could not find a document with id: ${parts[3]}`);
          return { json: doc };
        }
        if (parts.length === 4 && method === "DELETE") {
          const doc = collection.docs.get(parts[3]);
          if (!doc) throw new HttpError(404, `Could not find a document with id: ${parts[3]}`);
          collection.docs.delete(parts[3]);
          return { json: doc };
        }
      }
    }
    if (path === "/multi_search" && method === "POST") {
      const searches = (body as { searches?: unknown })?.searches;
      if (!Array.isArray(searches)) throw new HttpError(400, "Missing `searches` array.");
      if (searches.length > MAX_SEARCHES_PER_MULTI_SEARCH) throw new HttpError(400, "Number of multi searches exceeds the limit.");
      const common = Object.fromEntries(Object.entries(query).filter(([k]) => k !== "x-typesense-api-key"));
      return {
        json: {
          results: searches.map((s) => {
            try {
              return search({ ...common, ...(s as Record<string, unknown>) });
            } catch (error) {
              if (error instanceof HttpError) return { code: error.status, error: error.message };
              throw error;
            }
          }),
        },
      };
    }
    throw new HttpError(404, "Not Found");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const query = Object.fromEntries(url.searchParams);
      const raw = Buffer.concat(chunks).toString("utf8");
      const contentType = String(req.headers["content-type"] ?? "");
      let body: unknown = raw || undefined;
      const send = (status: number, payload: string, type = "application/json; charset=utf-8") => {
        res.writeHead(status, { "content-type": type });
        res.end(payload);
      };
      try {
        if (raw && contentType.startsWith("application/json")) {
          try {
            body = JSON.parse(raw);
          } catch {
            throw new HttpError(400, "Bad JSON.");
          }
        }
        requests.push({ method: req.method ?? "GET", path: url.pathname, query, body });
        if (url.pathname !== "/health" && req.headers["x-typesense-api-key"] !== apiKey && query["x-typesense-api-key"] !== apiKey) {
          throw new HttpError(401, "Forbidden - a valid `x-typesense-api-key` header must be sent.");
        }
        const answer = route(req.method ?? "GET", url.pathname, query, body);
        if (answer.text !== undefined) send(answer.status ?? 200, answer.text, "text/plain; charset=utf-8");
        else send(answer.status ?? 200, JSON.stringify(answer.json));
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        send(status, JSON.stringify({ message: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    apiKey,
    requests,
    collectionNames: () => [...collections.keys()],
    aliasTarget: (alias) => aliases.get(alias),
    documents: (name) => [...resolve(name).docs.values()],
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections?.();
        server.close(() => resolveClose());
      }),
  };
}
