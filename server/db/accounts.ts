/** Phone-based accounts: users, sessions, one-time codes, rate limits and verification records. */
import type { Queryable } from "./database";
import { iso, newId } from "./ids";

export interface User {
  id: string;
  tenant: string;
  phone: string;
  first_name: string;
  last_name: string;
  email: string;
}

export async function upsertUser(
  db: Queryable,
  tenant: string,
  input: { phone: string; first_name?: string; last_name?: string; email?: string },
): Promise<User> {
  const rows = await db.query<User>(
    `INSERT INTO users (id, tenant, phone, first_name, last_name, email) VALUES ($1,$2,$3,$4,$5,$6)
     ON CONFLICT (tenant, phone) DO UPDATE SET
       first_name = COALESCE(NULLIF(EXCLUDED.first_name, ''), users.first_name),
       last_name = COALESCE(NULLIF(EXCLUDED.last_name, ''), users.last_name),
       email = COALESCE(NULLIF(EXCLUDED.email, ''), users.email)
     RETURNING id, tenant, phone, first_name, last_name, email`,
    [newId(), tenant, input.phone, input.first_name ?? "", input.last_name ?? "", input.email ?? ""],
  );
  return rows[0];
}

export async function getUserByPhone(db: Queryable, tenant: string, phone: string): Promise<User | null> {
  const rows = await db.query<User>("SELECT id, tenant, phone, first_name, last_name, email FROM users WHERE tenant = $1 AND phone = $2", [
    tenant,
    phone,
  ]);
  return rows[0] ?? null;
}

export async function createSession(db: Queryable, tenant: string, userId: string, ttlMs: number): Promise<string> {
  const id = newId();
  await db.query("INSERT INTO sessions (id, tenant, user_id, expires_at) VALUES ($1,$2,$3,$4)", [
    id,
    tenant,
    userId,
    new Date(Date.now() + ttlMs),
  ]);
  return id;
}

export async function getSessionUser(db: Queryable, tenant: string, sessionId: string): Promise<User | null> {
  const rows = await db.query<User>(
    `SELECT u.id, u.tenant, u.phone, u.first_name, u.last_name, u.email FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.tenant = $1 AND s.id = $2 AND s.expires_at > now()`,
    [tenant, sessionId],
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, tenant: string, sessionId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE tenant = $1 AND id = $2", [tenant, sessionId]);
}

export async function storeOneTimeCode(db: Queryable, tenant: string, phone: string, codeHash: string, ttlMs: number): Promise<void> {
  // A new code replaces any earlier unused one.
  await db.query("UPDATE one_time_codes SET consumed_at = now() WHERE tenant = $1 AND phone = $2 AND consumed_at IS NULL", [tenant, phone]);
  await db.query("INSERT INTO one_time_codes (id, tenant, phone, code_hash, expires_at) VALUES ($1,$2,$3,$4,$5)", [
    newId(),
    tenant,
    phone,
    codeHash,
    new Date(Date.now() + ttlMs),
  ]);
}

/** The live code for a phone; each look-up counts an attempt so codes cannot be guessed. */
export async function takeLiveCode(
  db: Queryable,
  tenant: string,
  phone: string,
  maxAttempts = 5,
): Promise<{ id: string; code_hash: string } | null> {
  const rows = await db.query<{ id: string; code_hash: string }>(
    `UPDATE one_time_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM one_time_codes WHERE tenant = $1 AND phone = $2 AND consumed_at IS NULL
                   AND expires_at > now() AND attempts < $3 ORDER BY created_at DESC LIMIT 1)
      RETURNING id, code_hash`,
    [tenant, phone, maxAttempts],
  );
  return rows[0] ?? null;
}

export async function consumeCode(db: Queryable, tenant: string, id: string): Promise<void> {
  await db.query("UPDATE one_time_codes SET consumed_at = now() WHERE tenant = $1 AND id = $2", [tenant, id]);
}

/**
 * Fixed-window rate limit: counts a hit and says whether it is within `limit` per `windowMs`.
 */
export async function hitRateLimit(
  db: Queryable,
  tenant: string,
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<{ allowed: boolean; count: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.query<{ count: number }>(
    `INSERT INTO rate_limits (tenant, bucket, key, window_start, count) VALUES ($1,$2,$3,$4,1)
     ON CONFLICT (tenant, bucket, key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = EXCLUDED.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = EXCLUDED.window_start
     RETURNING count`,
    [tenant, bucket, key, windowStart],
  );
  const count = rows[0].count;
  return { allowed: count <= limit, count };
}

export async function recordVerification(
  db: Queryable,
  tenant: string,
  input: { dealership_slug: string; verification_type: "sms" | "verify"; user_id?: string | null; phone?: string },
): Promise<void> {
  await db.query("INSERT INTO verifications (id, tenant, dealership_slug, user_id, phone, verification_type) VALUES ($1,$2,$3,$4,$5,$6)", [
    newId(),
    tenant,
    input.dealership_slug,
    input.user_id ?? null,
    input.phone ?? "",
    input.verification_type,
  ]);
}

export async function listVerifications(
  db: Queryable,
  tenant: string,
): Promise<{ verification_type: string; user_id: string | null; dealership_slug: string; created_at: string }[]> {
  const rows = await db.query<Record<string, unknown>>(
    "SELECT verification_type, user_id, dealership_slug, created_at FROM verifications WHERE tenant = $1 ORDER BY created_at",
    [tenant],
  );
  return rows.map((r) => ({
    verification_type: String(r.verification_type),
    user_id: (r.user_id as string | null) ?? null,
    dealership_slug: String(r.dealership_slug),
    created_at: iso(r.created_at),
  }));
}
