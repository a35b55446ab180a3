/**
 * The contract against a real Typesense server, when one is configured:
 * TYPESENSE_HOST, TYPESENSE_API_KEY (and TYPESENSE_PORT, TYPESENSE_PROTOCOL). Each run uses its own
 * alias and collections and drops them afterwards.
 */
import { describe } from "vitest";
import { TypesenseSearchEngine } from "../../server/search/typesense";
import { describeSearchEngineContract } from "./search.contract";

const host = process.env.TYPESENSE_HOST;

describe.skipIf(!host)("Typesense (live server)", () => {
  describeSearchEngineContract("Typesense (live server)", async () => {
    const engine = new TypesenseSearchEngine({
      host: host!,
      port: process.env.TYPESENSE_PORT ? Number(process.env.TYPESENSE_PORT) : undefined,
      protocol: process.env.TYPESENSE_PROTOCOL === "https" ? "https" : "http",
      apiKey: process.env.TYPESENSE_API_KEY ?? "",
      collectionPrefix: `contract_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`,
    });
    return { engine, cleanup: () => engine.dropEverything() };
  });
});
