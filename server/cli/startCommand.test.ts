import { describe, expect, it } from "vitest";
import { nodeFlagsOf, startNodeFlags } from "./startCommand";

describe("the web process's Node flags, as npm start gives them", () => {
  it("reads the flags between node and the start entry", () => {
    expect(nodeFlagsOf("node --max-semi-space-size=64 server/cli/start.mjs")).toEqual(["--max-semi-space-size=64"]);
    expect(nodeFlagsOf("node  --a=1 --b server/cli/start.mjs")).toEqual(["--a=1", "--b"]);
  });

  it("finds none in a start script without flags, or of another shape", () => {
    expect(nodeFlagsOf("node server/cli/start.mjs")).toEqual([]);
    expect(nodeFlagsOf("tsx server/cli/start.mjs")).toEqual([]);
    expect(nodeFlagsOf(undefined)).toEqual([]);
  });

  it("npm start runs the web process with a young generation of 64 MB (decision 38)", () => {
    expect(startNodeFlags(process.cwd())).toContain("--max-semi-space-size=64");
  });
});
