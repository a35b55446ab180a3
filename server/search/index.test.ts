import { describe, expect, it } from "vitest";
import { parseEnv } from "../config/env.server";
import { createSearchEngineFromEnv } from "./index";

describe("search engine from the environment", () => {
  const logged = () => {
    const lines: string[] = [];
    return { lines, logger: { info: (message: string) => void lines.push(message) } };
  };

  it("is the embedded Orama engine without Typesense settings, said once in the log", () => {
    const { lines, logger } = logged();
    const engine = createSearchEngineFromEnv(parseEnv({ TYPESENSE_HOST: "", TYPESENSE_API_KEY: "" }), logger);
    expect(engine.name).toBe("orama");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Orama/);
  });

  it("is Typesense when both host and key are set", () => {
    const { lines, logger } = logged();
    const env = parseEnv({
      TYPESENSE_HOST: "search.example.com",
      TYPESENSE_API_KEY: "secret",
      TYPESENSE_COLLECTION_PREFIX: "cars_staging",
    });
    expect(createSearchEngineFromEnv(env, logger).name).toBe("typesense");
    expect(lines).toEqual(["Search engine: Typesense"]);
    expect(createSearchEngineFromEnv(parseEnv({ TYPESENSE_HOST: "search.example.com" }), logger).name).toBe("orama");
  });
});
