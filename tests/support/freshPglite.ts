/**
 * A new, empty in-memory PGlite database, as `openPgliteDatabase()` makes one, in a fraction of the time.
 *
 * Creating a PGlite database runs Postgres's initdb (1.5 to 2.5 s of CPU here); most suites open one or
 * more. The first opening on the machine keeps a copy of a newly created, still empty database folder in the
 * temporary directory (one per PGlite version), and every later one starts from that copy (about 0.4 s). The
 * copy is the database exactly as initdb left it: no migration, no row, so a suite sees what it saw before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@server/db/database";
import { openPgliteDatabase } from "@server/db/pglite";

// The package's folder (its exports do not include package.json), for the version the copy was made by.
const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
const pgliteFolder = pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}dist${path.sep}`));
const pgliteVersion: string = JSON.parse(fs.readFileSync(path.join(pgliteFolder, "package.json"), "utf8")).version;
const copyFile = path.join(os.tmpdir(), `dealer-tests-empty-pglite-${pgliteVersion}.tar`);

let emptyCopy: Promise<Blob> | undefined;

async function makeEmptyCopy(): Promise<Blob> {
  if (fs.existsSync(copyFile)) return new Blob([fs.readFileSync(copyFile)]);
  const pg = new PGlite();
  await pg.waitReady;
  const copy = await pg.dumpDataDir("none");
  await pg.close();
  // Written under a name of its own, then renamed: suites starting at once never read half a copy.
  const partial = `${copyFile}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await copy.arrayBuffer()));
  fs.renameSync(partial, copyFile);
  return copy;
}

/** A new, empty in-memory PGlite database (not migrated), started from the machine's copy of an empty one. */
export async function freshPglite(): Promise<Database> {
  emptyCopy ??= makeEmptyCopy();
  return openPgliteDatabase(undefined, { startFrom: await emptyCopy });
}
