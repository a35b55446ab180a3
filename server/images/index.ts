/** The photo route's service as the platform builds it: HTTP fetches from dealers' hosts, a disk cache under DATA_DIR. */
import path from "node:path";
import type { Env } from "../config/env.server";
import { createDiskPhotoCache } from "./diskPhotoCache";
import { createHttpPhotoSource } from "./httpPhotoSource";
import { createPhotoService } from "./photos";

export type { PhotoService, PhotoAnswer, PhotoRequest } from "./photos";

export function createPhotoServiceFromEnv(env: Pick<Env, "dataDir">) {
  return createPhotoService({ source: createHttpPhotoSource(), cache: createDiskPhotoCache(path.join(env.dataDir, "photo-cache")) });
}
