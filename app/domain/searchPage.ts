/**
 * The results page's view model: what its loader sends the browser (plain data: no Vehicle documents,
 * no zod), and the pure builders for its chips, pagination and filter panel.
 */
import { bodyTiles, facetOptions, facetValueLabel, FACET_TITLES, makeTiles, modelGroups } from "./facetDisplay";
import { formatMoney, formatNumber } from "./money";
import { rangeStats, sliderScale } from "./rangeSlider";
import { RANGE_ATTRIBUTES, VALUE_ATTRIBUTES, type RangeAttribute, type SearchResult } from "./search";
import { buildSearchHref, type SearchVocabulary } from "./searchUrl";
import type { FacetOption, MakeTiles, ModelGroup } from "./facetDisplay";
import type { ResultItem } from "./promoCards";
import type { FacetStats, NumericRange, ValueAttribute } from "./search";
import type { SearchState } from "./searchLinks";
import type { SearchHistoryEntry } from "./searchHistory";
import type { CardSiteOptions, VehicleCardData } from "./vehicleCard";

export interface RangeControl {
  attribute: "price" | "km" | "year";
  label: string;
  bounds: FacetStats;
  step: number;
  /** The range in the URL (may lie outside the bounds; the slider shows it clamped). */
  value: NumericRange;
}

export interface FacetPanel {
  makes: MakeTiles;
  models: ModelGroup[];
  bodies: FacetOption[];
  facets: { attribute: ValueAttribute; title: string; options: FacetOption[] }[];
  ranges: RangeControl[];
  /** Filters in force that have no control on the panel (e.g. the dealership of /search/{dealership}). */
  hidden: [name: string, value: string][];
}

export interface Chip {
  key: string;
  label: string;
  /** What kind of filter it is, for screen readers ('Make', 'Range'...). */
  title: string;
  /** The same search without this filter. */
  href: string;
}

export interface PageLink {
  page: number;
  href: string;
}

export interface SearchPageData {
  status: "ok" | "error";
  prefix: string;
  origin: string;
  dealerName: string;
  /** Where the empty state's 'Clear Filters' goes (the dealer's refresh path). */
  refreshHref: string;
  site: CardSiteOptions;
  state: SearchState;
  found: number;
  page: number;
  pages: number;
  items: ResultItem<VehicleCardData>[];
  panel: FacetPanel;
  chips: Chip[];
  pagination: PageLink[];
  sortOptions: { value: string; label: string }[];
  title: string;
  description: string;
  canonical: string;
  /** This search, for the shopper's search history (only searches with filters). */
  history: SearchHistoryEntry | null;
}

const RANGE_LABELS: Record<"price" | "km" | "year", string> = { price: "Price", km: "Kilometres", year: "Year" };
/** The ranges the panel shows as sliders; the search asks their stats. */
export const RANGE_SLIDERS = ["price", "km", "year"] as const;

function rangeLabel(attribute: RangeAttribute, range: NumericRange): string {
  const f = (n: number) =>
    attribute === "price" || attribute === "subscription_price" ? formatMoney(n) : attribute === "km" ? `${formatNumber(n)} km` : String(n);
  const name =
    attribute === "price"
      ? "Price"
      : attribute === "km"
        ? "Kilometres"
        : attribute === "year"
          ? "Year"
          : (FACET_TITLES[attribute as ValueAttribute] ?? attribute);
  if (range.min !== undefined && range.max !== undefined) return `${name}: ${f(range.min)} to ${f(range.max)}`;
  if (range.min !== undefined) return `${name}: from ${f(range.min)}`;
  return `${name}: up to ${f(range.max!)}`;
}

function without(state: SearchState, change: (s: SearchState) => void): SearchState {
  const copy: SearchState = {
    ...state,
    page: 1,
    filters: Object.fromEntries(Object.entries(state.filters).map(([k, v]) => [k, [...(v ?? [])]])),
    ranges: { ...state.ranges },
  };
  change(copy);
  return copy;
}

/** The filters in force as removable chips, each linking to the same search without it. */
export function searchChips(prefix: string, state: SearchState, vocabulary: SearchVocabulary | undefined): Chip[] {
  const href = (s: SearchState) => buildSearchHref(prefix, s, { vocabulary, keepSort: true });
  const chips: Chip[] = [];
  if (state.query)
    chips.push({ key: "query", label: `“${state.query}”`, title: "Keyword", href: href(without(state, (s) => (s.query = ""))) });
  for (const attribute of VALUE_ATTRIBUTES) {
    for (const value of state.filters[attribute] ?? []) {
      chips.push({
        key: `${attribute}:${value}`,
        label: facetValueLabel(attribute, value),
        title: FACET_TITLES[attribute],
        href: href(
          without(state, (s) => {
            s.filters[attribute] = (s.filters[attribute] ?? []).filter((v) => v !== value);
            // A model means nothing without its make: removing the make removes its models too.
            if (attribute === "make") s.filters.model = [];
          }),
        ),
      });
    }
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    const range = state.ranges[attribute];
    if (!range) continue;
    chips.push({
      key: attribute,
      label: rangeLabel(attribute, range),
      title: "Range",
      href: href(without(state, (s) => delete s.ranges[attribute])),
    });
  }
  return chips;
}

/** Page links: the first and last page and two either side of this one. */
export function searchPagination(
  prefix: string,
  state: SearchState,
  page: number,
  pages: number,
  vocabulary: SearchVocabulary | undefined,
): PageLink[] {
  if (pages <= 1) return [];
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  return [...wanted]
    .sort((a, b) => a - b)
    .map((n) => ({ page: n, href: buildSearchHref(prefix, { ...state, page: n }, { vocabulary, keepSort: true, keepPage: true }) }));
}

/** The dealer's search options the filter panel reads. */
export interface FacetPanelSettings {
  makesShown: number;
  modelsPerMake: number;
  customBodies: boolean;
  certifiedOnly: boolean;
  /** The facets this dealer shows (make, model and body first). */
  facets: readonly ValueAttribute[];
}

/** The filter panel: make and body tiles, model groups, the dealer's facets, range sliders, hidden filters. */
export function facetPanel(
  settings: FacetPanelSettings,
  state: SearchState,
  result: SearchResult,
  vocabulary: SearchVocabulary | undefined,
  /** The dealer's whole stock's range stats: what a range shows when no car matches this search. */
  siteStats: SearchResult["stats"] = {},
): FacetPanel {
  const found = result.found;
  const selectedMakes = state.filters.make ?? [];
  const panel: FacetPanel = {
    makes: makeTiles(result.facets.make ?? [], selectedMakes, settings.makesShown, found),
    models: selectedMakes.length
      ? modelGroups(
          result.facets.model ?? [],
          selectedMakes,
          state.filters.model ?? [],
          vocabulary?.makeModels ?? [],
          settings.modelsPerMake,
          found,
        )
      : [],
    bodies: bodyTiles(result.facets.body ?? [], state.filters.body ?? [], settings.customBodies, found),
    facets: [],
    ranges: [],
    hidden: [],
  };
  const shown = new Set<string>(["make", "model", "body"]);
  for (const attribute of settings.facets) {
    if (shown.has(attribute)) continue;
    const options = facetOptions(attribute, result.facets[attribute] ?? [], state.filters[attribute] ?? [], found, {
      certifiedOnly: settings.certifiedOnly,
    });
    if (!options.length) continue;
    shown.add(attribute);
    panel.facets.push({ attribute, title: FACET_TITLES[attribute], options });
  }
  // Models chosen without their make still need to travel with the form.
  const modelsShown = new Set(panel.models.flatMap((g) => g.models.map((m) => m.value)));
  for (const model of state.filters.model ?? []) if (!modelsShown.has(model)) panel.hidden.push(["model", model]);
  for (const attribute of VALUE_ATTRIBUTES) {
    if (shown.has(attribute)) continue;
    for (const value of state.filters[attribute] ?? []) panel.hidden.push([attribute, value]);
  }
  for (const attribute of RANGE_SLIDERS) {
    const stats = rangeStats(result.stats[attribute], siteStats[attribute]);
    if (!stats) {
      // No data to draw it from: no range on the panel, but a range in force still travels with the form.
      const range = state.ranges[attribute];
      if (range) panel.hidden.push([attribute, `${range.min ?? ""}:${range.max ?? ""}`]);
      continue;
    }
    const { bounds, step } = sliderScale(attribute, stats);
    const control: RangeControl = { attribute, label: RANGE_LABELS[attribute], bounds, step, value: state.ranges[attribute] ?? {} };
    panel.ranges.push(control);
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    if ((RANGE_SLIDERS as readonly string[]).includes(attribute)) continue;
    const range = state.ranges[attribute];
    if (range) panel.hidden.push([attribute, `${range.min ?? ""}:${range.max ?? ""}`]);
  }
  return panel;
}
