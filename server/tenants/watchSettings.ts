/**
 * A dealer's settings changed without a restart: the tenants folder (each dealer's tenant.json and its
 * content pages) is watched; a change is read again a moment after the last write (an editor writes a
 * file in several steps), checked with the same schema as at start-up, and taken at once by the running
 * process: requests from then on see it, and what was kept for the dealers whose settings changed
 * (cached pages, per-dealer caches, the CDN's copies) is dropped by `onChanged`. Every web process on a
 * machine watches the same folder itself, so each takes the change within the same second.
 *
 * A file that does not pass the check is logged with the dealer's file and its problems, and the
 * settings in use stay as they are: a typo in tenant.json never takes a site down.
 */
import fs from "node:fs";
import { loadTenantsFromDir, type TenantRegistry } from "./registry";
import type { TenantConfig } from "./schema";
import { log } from "../log";

export interface SettingsWatch {
  /** Reads the folder again now (what a change does after its moment's pause); resolves with the changed slugs. */
  reload(): Promise<string[]>;
  close(): void;
}

export interface WatchSettingsOptions {
  dir: string;
  registry: TenantRegistry;
  /** Checks that go beyond the schema (e.g. the lead delivery secrets named in settings are set); throws to refuse. */
  check?: (tenants: TenantConfig[]) => void;
  /** The dealers whose settings or pages changed (added and removed dealers included). */
  onChanged: (slugs: string[]) => void;
  /** The pause after the last write before the folder is read (default 250 ms). */
  settleMs?: number;
}

export function watchSettings({ dir, registry, check, onChanged, settleMs = 250 }: WatchSettingsOptions): SettingsWatch {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Dealers whose content pages changed since the last read (their settings may be the same). */
  const pagesChanged = new Set<string>();

  const reload = async (): Promise<string[]> => {
    let changed: string[];
    try {
      const tenants = loadTenantsFromDir(dir);
      check?.(tenants);
      changed = registry.replace(tenants);
    } catch (error) {
      // The pages marked changed stay marked: the next read that is taken drops them.
      log.error("dealer settings not taken: the settings in use stay", { error: error instanceof Error ? error.message : String(error) });
      return [];
    }
    const slugs = [...new Set([...changed, ...[...pagesChanged].filter((slug) => registry.get(slug))])];
    pagesChanged.clear();
    if (slugs.length) {
      log.info("dealer settings taken", { dealers: slugs });
      onChanged(slugs);
    }
    return slugs;
  };

  let watcher: fs.FSWatcher | null = null;
  try {
    watcher = fs.watch(dir, { recursive: true, persistent: false }, (_event, file) => {
      const name = String(file ?? "");
      // A dealer's content page (tenants/<slug>/pages/...): that dealer's pages are read again.
      const [folder, sub] = name.split(/[\\/]/);
      if (sub === "pages" && folder === "_defaults") for (const tenant of registry.all()) pagesChanged.add(tenant.slug);
      else if (sub === "pages" && folder) pagesChanged.add(folder);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void reload(), settleMs);
      timer.unref?.();
    });
    watcher.on("error", (error) => log.warn("dealer settings folder no longer watched", { error: String(error) }));
  } catch (error) {
    log.warn("dealer settings folder not watched: a change needs a restart", { dir, error: String(error) });
  }

  return {
    reload,
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
