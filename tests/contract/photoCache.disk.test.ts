/** The photo cache contract on the embedded default: files under a folder (DATA_DIR/photo-cache in production). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDiskPhotoCache } from "@server/images/diskPhotoCache";
import { describePhotoCacheContract } from "./photoCache.contract";

const folders: string[] = [];

describePhotoCacheContract("disk", {
  open(cap, store) {
    const dir = store ?? fs.mkdtempSync(path.join(os.tmpdir(), "photo-cache-contract-"));
    folders.push(dir);
    return { cache: createDiskPhotoCache(dir, cap), store: dir };
  },
  async close() {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  },
});
