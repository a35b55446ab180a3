/**
 * The README's settings ("What runs where" and the "Other settings" paragraph) and the one settings
 * schema (server/config/env.server.ts) name the same variables: a setting added to one and not the
 * other fails here, so a dealer's operator never meets a variable the README does not explain, nor
 * reads of one the server ignores.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CHOSEN_SETTINGS, CRM_WEBHOOK_SECRET_NAME, PAIRED_SETTINGS, SETTING_NAMES } from "@server/config/env.server";

const readme = fs.readFileSync("README.md", "utf8");

/** The README's settings: the "What runs where" table and the paragraph after it. */
function settingsSection(): string {
  const start = readme.indexOf("## What runs where");
  const paragraph = readme.indexOf("Other settings:", start);
  const end = readme.indexOf("\n\n", paragraph);
  expect(start, "README has a 'What runs where' section").toBeGreaterThan(-1);
  expect(paragraph, "README has an 'Other settings' paragraph after it").toBeGreaterThan(start);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Every `NAME` in backticks that looks like an environment variable. */
function namedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/`([A-Z][A-Z0-9_]*(?:<NAME>)?)`/g)].map((m) => m[1]!).filter((name) => name.length > 2));
}

describe("the README's settings and the settings schema", () => {
  const documented = namedIn(settingsSection());

  it("the README names every variable the schema reads", () => {
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("the schema reads every variable the README names", () => {
    const known = new Set<string>(SETTING_NAMES);
    const unknown = [...documented].filter((name) => !known.has(name) && name !== "CRM_WEBHOOK_SECRET_<NAME>");
    expect(unknown).toEqual([]);
  });

  it("the README names the per-dealer CRM webhook secrets the schema collects", () => {
    expect(documented.has("CRM_WEBHOOK_SECRET_<NAME>")).toBe(true);
    expect(CRM_WEBHOOK_SECRET_NAME.test("CRM_WEBHOOK_SECRET_SUMMIT")).toBe(true);
  });

  it("says 'both or neither' of each pair the schema refuses apart", () => {
    const section = settingsSection();
    for (const { pair } of PAIRED_SETTINGS) {
      const row = section.split("\n").find((line) => line.includes(`\`${pair[0]}\``) && line.includes(`\`${pair[1]}\``));
      expect(row, `${pair.join(" and ")} in one row`).toBeDefined();
      expect(row).toMatch(/both or neither/);
    }
  });

  it("names, in the row of each provider choice, every setting a choice needs", () => {
    const section = settingsSection();
    for (const { choice, needs, optional } of CHOSEN_SETTINGS) {
      const row = section.split("\n").find((line) => line.includes(`\`${choice}\``));
      expect(row, `${choice} has a row`).toBeDefined();
      for (const name of [...Object.values(needs).flat(), ...optional]) expect(row, `${choice} row names ${name}`).toContain(`\`${name}\``);
      for (const value of Object.keys(needs)) expect(row, `${choice} row names ${value}`).toContain(`\`${value}\``);
    }
  });
});
