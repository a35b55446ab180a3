/**
 * The embedded photo cache: resized photos as files under one folder (DATA_DIR/photo-cache), with a cap
 * on the bytes held. Over the cap, the entries served least recently are deleted first (on start, the
 * files' modification times give that order). Files are written to a temporary name and renamed, so a
 * reader never sees half a photo. One process owns the folder's index; another process sharing it
 * still finds the files, only its cap counts what it wrote itself.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { PhotoCache } from "./port";

export const PHOTO_CACHE_MAX_BYTES = 512 * 1024 * 1024;
/** Keys are photoCacheKey()s; temporary files (with dots) never match. */
const KEY = /^[a-z0-9][a-z0-9-]{0,127}$/;

export function createDiskPhotoCache(dir: string, maxBytes = PHOTO_CACHE_MAX_BYTES): PhotoCache {
  /** Key -> bytes, least recently served first. */
  const entries = new Map<string, number>();
  let total = 0;
  let loading: Promise<void> | null = null;

  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a photo cache key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };

  async function load(): Promise<void> {
    const found: { key: string; size: number; mtime: number }[] = [];
    const shards = await fs.readdir(dir).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await fs.readdir(path.join(dir, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (!KEY.test(name)) continue;
        const stat = await fs.stat(path.join(dir, shard, name)).catch(() => null);
        if (stat?.isFile()) found.push({ key: name, size: stat.size, mtime: stat.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) {
      entries.set(f.key, f.size);
      total += f.size;
    }
    await evict();
  }
  const ready = () => (loading ??= load());

  async function evict(): Promise<void> {
    while (total > maxBytes && entries.size) {
      const [oldest, size] = entries.entries().next().value as [string, number];
      entries.delete(oldest);
      total -= size;
      await fs.rm(fileOf(oldest), { force: true });
    }
  }

  return {
    async get(key) {
      await ready();
      if (!entries.has(key)) return null;
      try {
        const bytes = await fs.readFile(fileOf(key));
        const size = entries.get(key)!;
        entries.delete(key);
        entries.set(key, size);
        return bytes;
      } catch {
        total -= entries.get(key) ?? 0;
        entries.delete(key);
        return null;
      }
    },
    async has(key) {
      await ready();
      return entries.has(key);
    },
    async put(key, bytes) {
      await ready();
      const file = fileOf(key);
      if (bytes.byteLength > maxBytes) return;
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
      total -= entries.get(key) ?? 0;
      entries.delete(key);
      entries.set(key, bytes.byteLength);
      total += bytes.byteLength;
      await evict();
    },
    async size() {
      await ready();
      return total;
    },
  };
}
