/**
 * Lead files (ADF, .eml) are written whole or not at all: to a temporary file in a `.partial` folder
 * beside them (same file system), flushed, then renamed over the final name. A dealer's import tool
 * polling the folder never sees half a file, and writing the same lead again simply replaces it.
 * A process killed mid-write leaves its temporary file behind; the next write in that folder removes
 * temporary files of processes that no longer exist.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export const PARTIAL_DIR = ".partial";

export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  const partial = path.join(dir, PARTIAL_DIR);
  await fs.mkdir(partial, { recursive: true });
  const temp = path.join(partial, `${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await fs.open(temp, "w", 0o640);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await removeAbandoned(partial);
}

/** Temporary files whose writer has died (a crash or a kill between open and rename). */
async function removeAbandoned(partial: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(partial);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    await fs.rm(path.join(partial, name), { force: true }).catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
