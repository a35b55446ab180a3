/** The photo hosts each dealer's own stock feed has named (migration 017). */
import type { Queryable } from "./database";

/** Records that a dealer's feed named these origins (at most 50 a call, each once). */
export async function recordFeedPhotoOrigins(db: Queryable, tenant: string, origins: readonly string[], now = new Date()): Promise<void> {
  const unique = [...new Set(origins)].slice(0, 50);
  if (!unique.length) return;
  await db.query(
    `INSERT INTO feed_photo_origins (tenant, origin, seen_at)
     SELECT $1, origin, $3 FROM unnest($2::text[]) AS origin
     ON CONFLICT (tenant, origin) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
    [tenant, unique, now.toISOString()],
  );
}

/** Every origin the dealer's feeds have named. */
export async function listFeedPhotoOrigins(db: Queryable, tenant: string): Promise<string[]> {
  const rows = await db.query<{ origin: string }>("SELECT origin FROM feed_photo_origins WHERE tenant = $1 ORDER BY origin", [tenant]);
  return rows.map((r) => r.origin);
}
