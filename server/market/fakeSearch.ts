/**
 * An in-memory stand-in for the site search, enough for the market-price tests: value filters, numeric
 * ranges and page size, as the real engines apply them.
 */
import type { SearchRequest, SearchResult } from "~/domain/search";
import type { Vehicle } from "~/domain/vehicle";
import type { SiteSearch } from "../platform.server";

export function fakeSearch(stock: Vehicle[], seen: SearchRequest[] = []): Pick<SiteSearch, "search"> {
  return {
    async search(_tenant, request): Promise<SearchResult> {
      seen.push(request);
      const hits = stock.filter((v) => {
        for (const [attr, values] of Object.entries(request.filters)) {
          if (values?.length && !values.includes(String((v as unknown as Record<string, unknown>)[attr]))) return false;
        }
        for (const [attr, range] of Object.entries(request.ranges)) {
          const n = Number((v as unknown as Record<string, unknown>)[attr]);
          if (range?.min !== undefined && n < range.min) return false;
          if (range?.max !== undefined && n > range.max) return false;
        }
        return true;
      });
      const page = hits.slice(0, request.perPage);
      return { hits: page, found: hits.length, facets: {}, stats: {}, page: 1, pages: 1, ms: 0 };
    },
  };
}
