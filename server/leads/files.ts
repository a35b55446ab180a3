/**
 * Lead files (ADF, .eml) are written whole or not at all: to a temporary file in the same folder,
 * flushed, then renamed over the final name. A dealer's import tool polling the folder never reads
 * half a file, and writing the same lead again simply replaces it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await fs.open(temp, "w", 0o640);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
