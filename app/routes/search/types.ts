/** What the results page's loader sends the browser (plain data: no Vehicle documents, no zod). */
import type { FacetOption, MakeTiles, ModelGroup } from "~/domain/facetDisplay";
import type { ResultItem } from "~/domain/promoCards";
import type { FacetStats, NumericRange, ValueAttribute } from "~/domain/search";
import type { SearchState } from "~/domain/searchLinks";
import type { SearchHistoryEntry } from "~/domain/searchHistory";
import type { CardSiteOptions, VehicleCardData } from "~/domain/vehicleCard";

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
