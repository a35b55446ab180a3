import { describe, expect, it } from "vitest";
import { isolatedTestFile, quickTestFile, vitestFiles } from "./testFiles.mjs";

describe("which vitest files share their modules (decision 36)", () => {
  it("gives a file that mocks, reloads modules or writes process.env its own modules", () => {
    expect(isolatedTestFile("a.test.ts", 'vi.mock("@server/leads/submit", () => ({}));')).toBe(true);
    expect(isolatedTestFile("a.test.ts", "vi.resetModules();")).toBe(true);
    expect(isolatedTestFile("a.test.ts", 'process.env.DATABASE_URL = "postgres://x";')).toBe(true);
    expect(isolatedTestFile("a.test.ts", 'process.env.LOG_LEVEL ??= "silent";')).toBe(true);
    expect(isolatedTestFile("a.test.ts", "Object.assign(process.env, { TENANTS_DIR: dir });")).toBe(true);
    expect(isolatedTestFile("a.test.ts", "delete process.env.DATABASE_URL;")).toBe(true);
    expect(isolatedTestFile("a.test.ts", "process.env = saved;")).toBe(true);
  });

  it("lets a file that only reads the environment or stubs it through vitest share them", () => {
    expect(isolatedTestFile("a.test.ts", 'vi.stubEnv("LOG_LEVEL", "silent");')).toBe(false);
    expect(isolatedTestFile("a.test.ts", 'vi.stubGlobal("window", {});')).toBe(false);
    expect(isolatedTestFile("a.test.ts", 'if (process.env.DATABASE_URL === "") return;')).toBe(false);
    expect(isolatedTestFile("a.test.ts", "const url = process.env.DATABASE_URL;")).toBe(false);
  });

  it("keeps files that open a database, start a server or live in the server suites out of the quick lane", () => {
    expect(quickTestFile("app/domain/price.test.ts", "expect(formatPrice(1)).toBe('$1');")).toBe(true);
    expect(quickTestFile("app/domain/price.test.ts", "const db = await freshPglite();")).toBe(false);
    expect(quickTestFile("server/x.test.ts", "const server = await startProductionServer();")).toBe(false);
    expect(quickTestFile("tests/integration/x.test.ts", "expect(1).toBe(1);")).toBe(false);
  });

  it("finds every test file beside the code and under tests/, never a browser test", () => {
    const files = vitestFiles();
    expect(files).toContain("tests/support/testFiles.test.ts");
    expect(files.some((file) => file.startsWith("app/"))).toBe(true);
    expect(files.some((file) => file.startsWith("server/"))).toBe(true);
    expect(files.some((file) => file.includes("e2e/"))).toBe(false);
  });
});
