import { OramaSearchEngine } from "../../server/search/orama";
import { describeSearchEngineContract } from "./search.contract";

describeSearchEngineContract("Orama (embedded)", async () => ({ engine: new OramaSearchEngine() }));
