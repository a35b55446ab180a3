import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadServerSecret, SECRET_FILE } from "./secret";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("server secret", () => {
  it("is SESSION_SECRET when set, and then no file is written", () => {
    const dir = tempDir();
    expect(loadServerSecret({ SESSION_SECRET: "z".repeat(40), dataDir: dir })).toBe("z".repeat(40));
    expect(fs.existsSync(path.join(dir, SECRET_FILE))).toBe(false);
  });

  it("is generated once into DATA_DIR/session-secret with mode 0600 and reused after a restart", () => {
    const dir = path.join(tempDir(), "data");
    const first = loadServerSecret({ dataDir: dir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadServerSecret({ dataDir: dir })).toBe(first);
    expect(loadServerSecret({ dataDir: tempDir() })).not.toBe(first);
  });

  it("refuses a secret file with nothing usable in it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_FILE), "short\n");
    expect(() => loadServerSecret({ dataDir: dir })).toThrow(/no usable secret/);
  });
});

describe("SESSION_SECRET setting", () => {
  it("is optional, and refused at start when shorter than 32 characters", async () => {
    const { parseEnv } = await import("../config/env.server");
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ SESSION_SECRET: "" }).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ SESSION_SECRET: "a".repeat(32) }).SESSION_SECRET).toBe("a".repeat(32));
    expect(() => parseEnv({ SESSION_SECRET: "too-short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });
});
