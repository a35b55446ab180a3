/**
 * Picks the search engine from the environment: Typesense when TYPESENSE_HOST and TYPESENSE_API_KEY
 * are set, otherwise the embedded Orama engine. The choice is logged once.
 */
import type { Env } from "../config/env.server";
import { log as defaultLog } from "../log";
import type { SearchEngine } from "./engine";
import { OramaSearchEngine } from "./orama";
import { TypesenseSearchEngine } from "./typesense";

export type { ScopedSearchRequest, SearchEngine, TenantStock } from "./engine";
export { OramaSearchEngine } from "./orama";
export { TypesenseSearchEngine } from "./typesense";
export { createSearchService, type SearchService } from "./service";
export { StockSync, type StockSyncOptions } from "./sync";

type SearchEnv = Pick<
  Env,
  "TYPESENSE_HOST" | "TYPESENSE_PORT" | "TYPESENSE_PROTOCOL" | "TYPESENSE_API_KEY" | "TYPESENSE_COLLECTION_PREFIX"
> & {
  /** Search-only parent key for browser keys. */
  TYPESENSE_SEARCH_API_KEY?: string;
};

export function createSearchEngineFromEnv(env: SearchEnv, logger: Pick<typeof defaultLog, "info"> = defaultLog): SearchEngine {
  if (env.TYPESENSE_HOST && env.TYPESENSE_API_KEY) {
    logger.info("Search engine: Typesense", {
      host: env.TYPESENSE_HOST,
      collection: env.TYPESENSE_COLLECTION_PREFIX,
    });
    return new TypesenseSearchEngine({
      host: env.TYPESENSE_HOST,
      port: env.TYPESENSE_PORT,
      protocol: env.TYPESENSE_PROTOCOL,
      apiKey: env.TYPESENSE_API_KEY,
      searchOnlyApiKey: env.TYPESENSE_SEARCH_API_KEY || undefined,
      collectionPrefix: env.TYPESENSE_COLLECTION_PREFIX,
    });
  }
  logger.info("Search engine: Orama (embedded; set TYPESENSE_HOST and TYPESENSE_API_KEY for Typesense)");
  return new OramaSearchEngine();
}
