/**
 * Validates ADF/XML documents against the published ADF 1.0 DTD (tests/fixtures/adf) with libxml2's
 * xmllint, as a strict CRM importer would. `npm test` installs xmllint on Debian (tests/run-all.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ADF_DTD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/adf/adf-1.0.dtd");

/** xmllint's complaints about each file (none when every file is well-formed and valid against the DTD). */
export function adfFileProblems(files: readonly string[]): string[] {
  if (!files.length) return [];
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--dtdvalid", ADF_DTD, ...files], { encoding: "utf8" });
  if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
  const problems = run.stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^\^$/.test(line));
  if (run.status !== 0 && !problems.length) problems.push(`xmllint exited with ${run.status}`);
  return problems;
}

/** xmllint's complaints about one document (written to a temporary file). */
export function adfProblems(xml: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adf-"));
  try {
    const file = path.join(dir, "lead.xml");
    fs.writeFileSync(file, xml);
    return adfFileProblems([file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
