/**
 * The embedded search engine: Orama in process, one index per tenant, built at start from stored stock.
 *
 * Orama matches the free text; everything Orama's own filters and facets cannot express exactly as
 * Typesense does (OR within a field, disjunctive facets, slider stats, id tie-breaks) is computed here
 * over per-tenant arrays that are kept in each sort order, so one pass over a tenant's cars answers a
 * search: hits already in order, facet counts and stats collected on the way.
 *
 * Answers are kept until their tenant's stock next changes (as Typesense's own cache keeps them): the
 * same search asked again (a vehicle page's similar cars, a results page asked with other tracking
 * parameters, the next shopper on the same filters within the minute) is answered without another pass.
 */
import { create, insertMultiple, removeMultiple, search as oramaSearch } from "@orama/orama";
import {
  VALUE_ATTRIBUTES,
  type FacetItem,
  type FacetStats,
  type RangeAttribute,
  type SearchResult,
  type ValueAttribute,
  type VisibilityScope,
} from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import {
  cleanFilterValue,
  emptySearchResult,
  filterClauses,
  sortFacetItems,
  sortOf,
  wantedFacets,
  wantedStats,
  type FilterClause,
} from "./clauses";
import { allAttributeValues, searchableText, searchWords, toSearchDocument, type VehicleSearchDocument } from "./document";
import type { ScopedSearchRequest, SearchEngine, TenantStock } from "./engine";

const MAX_PER_PAGE = 250;
/** Word lookups remembered per tenant until its stock changes (shoppers repeat words across pages). */
const WORD_CACHE_SIZE = 500;
/** Answers remembered, all tenants together, until their stock changes (the least recently asked let go first). */
const ANSWER_CACHE_SIZE = 2_000;

function createTextIndex() {
  // Only the free text lives in Orama; sorting is done on our own arrays, so Orama's sorter is off.
  return create({ schema: { text: "string" } as const, sort: { enabled: false } });
}
type TextIndex = ReturnType<typeof createTextIndex>;

interface IndexedCar {
  id: string;
  vehicle: Vehicle;
  doc: VehicleSearchDocument;
  /** Each filter attribute's values as numbers of the tenant's value dictionary (fast to count). */
  codes: Record<ValueAttribute, number[]>;
}

/** One attribute's distinct values, numbered in order of first appearance; numbers are never reused. */
class ValueDictionary {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  code(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(value, n);
    }
    return n;
  }

  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
}

function compareIds(a: IndexedCar, b: IndexedCar): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

class TenantIndex {
  readonly cars = new Map<string, IndexedCar>();
  readonly bySlug = new Map<string, IndexedCar>();
  readonly dictionaries = Object.fromEntries(VALUE_ATTRIBUTES.map((a) => [a, new ValueDictionary()])) as Record<
    ValueAttribute,
    ValueDictionary
  >;
  private readonly text: TextIndex = createTextIndex();
  private readonly orders = new Map<string, IndexedCar[]>();
  private readonly wordMatches = new Map<string, Set<string>>();

  constructor(readonly tenant: string) {}

  async put(vehicles: Vehicle[]): Promise<void> {
    const latest = new Map<string, Vehicle>();
    for (const vehicle of vehicles) latest.set(vehicle.id, vehicle);
    const replaced = [...latest.keys()].filter((id) => this.cars.has(id));
    if (replaced.length) await this.delete(replaced);
    const rows: { id: string; text: string }[] = [];
    for (const vehicle of latest.values()) {
      const doc = toSearchDocument(this.tenant, vehicle);
      const values = allAttributeValues(doc);
      const codes = {} as IndexedCar["codes"];
      for (const attribute of VALUE_ATTRIBUTES) codes[attribute] = values[attribute].map((v) => this.dictionaries[attribute].code(v));
      const car: IndexedCar = { id: vehicle.id, vehicle, doc, codes };
      this.cars.set(car.id, car);
      this.bySlug.set(vehicle.slug, car);
      rows.push({ id: car.id, text: searchableText(doc) });
    }
    if (rows.length) await insertMultiple(this.text, rows, 1000);
    this.changed();
  }

  async delete(ids: string[]): Promise<void> {
    const present = ids.filter((id) => this.cars.has(id));
    for (const id of present) {
      const car = this.cars.get(id)!;
      this.cars.delete(id);
      if (this.bySlug.get(car.vehicle.slug) === car) this.bySlug.delete(car.vehicle.slug);
    }
    // One batch for all: Orama 3 removeMultiple leaves documents behind when it works in several batches.
    if (present.length) await removeMultiple(this.text, present, present.length);
    this.changed();
  }

  private changed() {
    this.orders.clear();
    this.wordMatches.clear();
  }

  /** The tenant's cars in a sort order, ties broken by id (built once per stock change). */
  order(sortBy: string): IndexedCar[] {
    let cars = this.orders.get(sortBy);
    if (!cars) {
      const { field, direction } = sortOf(sortBy);
      const sign = direction === "asc" ? 1 : -1;
      cars = [...this.cars.values()].sort((a, b) => sign * (a.doc[field] - b.doc[field]) || compareIds(a, b));
      this.orders.set(sortBy, cars);
    }
    return cars;
  }

  /** Ids of cars matching every word (each word may match any searchable field). */
  async matching(words: string[]): Promise<Set<string>> {
    const [first, ...rest] = [...new Set(words)];
    let result: Set<string> = first === undefined ? new Set() : await this.matchingWord(first);
    for (const word of rest) {
      if (result.size === 0) break;
      const ids = await this.matchingWord(word);
      result = new Set([...result].filter((id) => ids.has(id)));
    }
    return result;
  }

  private async matchingWord(word: string): Promise<Set<string>> {
    const cached = this.wordMatches.get(word);
    if (cached) return cached;
    const found = await oramaSearch(this.text, {
      term: word,
      properties: ["text"],
      limit: Math.max(1, this.cars.size),
      tolerance: 0,
    });
    const ids = new Set(found.hits.map((hit) => hit.id));
    if (this.wordMatches.size >= WORD_CACHE_SIZE) this.wordMatches.delete(this.wordMatches.keys().next().value!);
    this.wordMatches.set(word, ids);
    return ids;
  }
}

type CarTest = (car: IndexedCar) => boolean;

function visibilityTest(scope: VisibilityScope): CarTest {
  const statuses = new Set(scope.statuses.map(cleanFilterValue));
  const carTypes = new Set(scope.carTypes.map(cleanFilterValue));
  const excluded = new Set(scope.excludedStockNumbers.map(cleanFilterValue).filter(Boolean));
  const showSold = scope.showRecentlySold !== false;
  const soldSince = Math.floor(scope.soldSince);
  const minPhotos = Math.floor(scope.minPhotos);
  return ({ doc }) =>
    doc.show_on_dealer_website &&
    (statuses.has(doc.status) || (showSold && doc.status === "sold" && doc.sold_at_ms >= soldSince)) &&
    (carTypes.size === 0 || carTypes.has(doc.car_type)) &&
    doc.photos_count >= minPhotos &&
    !excluded.has(doc.stocknum);
}

function clauseTest(clause: FilterClause, index: TenantIndex): CarTest {
  if (clause.kind === "values") {
    const attribute = clause.attribute;
    const dictionary = index.dictionaries[attribute];
    const selected = new Uint8Array(dictionary.values.length);
    for (const value of clause.values) {
      const code = dictionary.find(value);
      if (code !== undefined) selected[code] = 1;
    }
    return (car) => {
      const codes = car.codes[attribute];
      for (let i = 0; i < codes.length; i++) if (selected[codes[i]]) return true;
      return false;
    };
  }
  const { attribute, min, max } = clause;
  return ({ doc }) => (min === undefined || doc[attribute] >= min) && (max === undefined || doc[attribute] <= max);
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 100) / 100;

export class OramaSearchEngine implements SearchEngine {
  readonly name = "orama" as const;
  private readonly tenants = new Map<string, TenantIndex>();
  private readonly writes = new Map<string, Promise<unknown>>();

  /** Answers for each tenant's stock as it is (see the top of this file), by tenant and request asked. */
  private readonly answers = new Map<string, { tenant: string; result: SearchResult }>();
  /** Counts each tenant's writes, so an answer worked out while stock changed is not kept after it. */
  private readonly versions = new Map<string, number>();

  /** Writes to one tenant run one after another, so a rebuild and a catch-up never interleave. */
  private write<T>(tenant: string, task: () => Promise<T>): Promise<T> {
    const previous = this.writes.get(tenant) ?? Promise.resolve();
    const changed = () => {
      this.versions.set(tenant, (this.versions.get(tenant) ?? 0) + 1);
      for (const [key, answer] of this.answers) if (answer.tenant === tenant) this.answers.delete(key);
    };
    const next = previous
      .catch(() => undefined)
      .then(() => {
        changed();
        return task();
      })
      .finally(changed);
    this.writes.set(tenant, next);
    return next;
  }

  private index(tenant: string): TenantIndex {
    let index = this.tenants.get(tenant);
    if (!index) {
      index = new TenantIndex(tenant);
      this.tenants.set(tenant, index);
    }
    return index;
  }

  replaceAll(tenant: string, vehicles: Vehicle[]): Promise<void> {
    return this.write(tenant, async () => {
      // Built aside and swapped in whole: searches keep answering from the old stock meanwhile.
      const fresh = new TenantIndex(tenant);
      await fresh.put(vehicles);
      this.tenants.set(tenant, fresh);
    });
  }

  async rebuildAll(stock: TenantStock[]): Promise<void> {
    for (const { tenant, vehicles } of stock) await this.replaceAll(tenant, vehicles);
  }

  upsert(tenant: string, vehicles: Vehicle[]): Promise<void> {
    if (!vehicles.length) return Promise.resolve();
    return this.write(tenant, () => this.index(tenant).put(vehicles));
  }

  remove(tenant: string, ids: string[]): Promise<void> {
    if (!ids.length) return Promise.resolve();
    return this.write(tenant, () => this.index(tenant).delete(ids));
  }

  async getBySlug(tenant: string, slug: string): Promise<Vehicle | null> {
    return this.tenants.get(tenant)?.bySlug.get(slug)?.vehicle ?? null;
  }

  multiSearch(tenant: string, requests: ScopedSearchRequest[]): Promise<SearchResult[]> {
    return Promise.all(requests.map((request) => this.search(tenant, request)));
  }

  /** Number of cars indexed for a tenant (start-up log, benchmarks). */
  size(tenant: string): number {
    return this.tenants.get(tenant)?.cars.size ?? 0;
  }

  async search(tenant: string, request: ScopedSearchRequest): Promise<SearchResult> {
    const key = `${tenant}\n${JSON.stringify(request)}`;
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return { ...kept.result, hits: [...kept.result.hits] };
    }
    const version = this.versions.get(tenant) ?? 0;
    const result = await this.find(tenant, request);
    if ((this.versions.get(tenant) ?? 0) === version && this.tenants.has(tenant)) {
      this.answers.set(key, { tenant, result });
      if (this.answers.size > ANSWER_CACHE_SIZE) this.answers.delete(this.answers.keys().next().value!);
    }
    return { ...result, hits: [...result.hits] };
  }

  /** One pass over the tenant's cars. */
  private async find(tenant: string, request: ScopedSearchRequest): Promise<SearchResult> {
    const started = performance.now();
    const index = this.tenants.get(tenant);
    if (!index) return emptySearchResult(request, elapsed(started));

    const words = searchWords(request.query ?? "");
    const textMatches = words.length ? await index.matching(words) : null;
    if (textMatches && textMatches.size === 0) return emptySearchResult(request, elapsed(started));

    const visible = visibilityTest(request.scope);
    const excludeZeroPrice = request.excludeZeroPrice === true;
    const clauses = filterClauses(request);
    const tests = clauses.map((clause) => clauseTest(clause, index));
    const facetAttributes = wantedFacets(request);
    const statsAttributes = wantedStats(request);
    // One counter per dictionary value and facet; a clause's own facet is found by its position.
    const tallies = facetAttributes.map((attribute) => ({
      attribute,
      counts: new Int32Array(index.dictionaries[attribute].values.length),
    }));
    const clauseTally = clauses.map((c) => tallies.find((t) => t.attribute === c.attribute) ?? null);
    const stats = new Map<RangeAttribute, FacetStats>();

    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(request.perPage) || 1));
    const page = Math.max(1, Math.floor(request.page) || 1);
    const firstHit = (page - 1) * perPage;
    const hits: Vehicle[] = [];
    let found = 0;

    const count = (tally: (typeof tallies)[number], car: IndexedCar) => {
      const codes = car.codes[tally.attribute];
      for (let i = 0; i < codes.length; i++) tally.counts[codes[i]]++;
    };
    const measure = (attribute: RangeAttribute, car: IndexedCar) => {
      const value = car.doc[attribute];
      const current = stats.get(attribute);
      if (!current) stats.set(attribute, { min: value, max: value });
      else {
        if (value < current.min) current.min = value;
        if (value > current.max) current.max = value;
      }
    };
    const wantsStats = new Set(statsAttributes);

    for (const car of index.order(request.sortBy)) {
      if (textMatches && !textMatches.has(car.id)) continue;
      if (!visible(car)) continue;
      if (excludeZeroPrice && !(car.doc.price > 0)) continue;
      let failures = 0;
      let failed = -1;
      for (let i = 0; i < tests.length && failures < 2; i++) {
        if (!tests[i](car)) {
          failures++;
          failed = i;
        }
      }
      if (failures === 0) {
        if (found >= firstHit && hits.length < perPage) hits.push(car.vehicle);
        found++;
        for (const tally of tallies) count(tally, car);
        for (const attribute of statsAttributes) measure(attribute, car);
      } else if (failures === 1) {
        // Fails only its own attribute's clause: it still counts for that attribute's facet or slider.
        const clause = clauses[failed];
        const tally = clauseTally[failed];
        if (tally) count(tally, car);
        else if (clause.kind === "range" && wantsStats.has(clause.attribute)) measure(clause.attribute, car);
      }
    }

    const facets: SearchResult["facets"] = {};
    for (const { attribute, counts } of tallies) {
      const values = index.dictionaries[attribute].values;
      const items: FacetItem[] = [];
      for (let code = 0; code < counts.length; code++) {
        if (counts[code] > 0) items.push({ label: values[code], value: values[code], count: counts[code] });
      }
      facets[attribute] = sortFacetItems(items);
    }
    return {
      hits,
      found,
      facets,
      stats: Object.fromEntries(stats),
      page,
      pages: Math.ceil(found / perPage),
      ms: elapsed(started),
    };
  }
}

export function createOramaSearchEngine(): OramaSearchEngine {
  return new OramaSearchEngine();
}
