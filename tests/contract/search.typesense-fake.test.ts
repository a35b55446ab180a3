import { TypesenseSearchEngine } from "../../server/search/typesense";
import { startFakeTypesense } from "../fakes/typesenseServer";
import { describeSearchEngineContract } from "./search.contract";

describeSearchEngineContract("Typesense (fake server)", async () => {
  const server = await startFakeTypesense();
  const engine = new TypesenseSearchEngine({
    host: server.host,
    port: server.port,
    protocol: "http",
    apiKey: server.apiKey,
    collectionPrefix: "cars_test",
    numRetries: 0,
  });
  return { engine, cleanup: () => server.close() };
});
