/**
 * Phone-based accounts: users, sessions (only token hashes are stored), one-time codes (only their
 * HMAC is stored), rate limits and verification records.
 */
import { hashSessionToken, newSessionToken } from "../auth/sessionToken";
import type { Database, Queryable } from "./database";
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

/**
 * A new session for a user: a fresh random token is returned (for the shopper's cookie) and only its
 * sha256 is stored. `at` is the database's clock unless given (tests move through time).
 */
export async function createSession(db: Queryable, tenant: string, userId: string, ttlMs: number, at?: Date): Promise<string> {
  const token = newSessionToken();
  await db.query(
    `INSERT INTO sessions (id, tenant, user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, COALESCE($5::timestamptz, now()) + $6::double precision * interval '1 millisecond')`,
    [newId(), tenant, userId, hashSessionToken(token), at ? at.toISOString() : null, ttlMs],
  );
  return token;
}

/** The user of a live session token of this dealer, or null (unknown, expired or another dealer's). */
export async function getSessionUser(db: Queryable, tenant: string, token: string, at?: Date): Promise<User | null> {
  const rows = await db.query<User>(
    `SELECT u.id, u.tenant, u.phone, u.first_name, u.last_name, u.email FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.tenant = $1 AND s.token_hash = $2 AND s.expires_at > COALESCE($3::timestamptz, now())`,
    [tenant, hashSessionToken(token), at ? at.toISOString() : null],
  );
  return rows[0] ?? null;
}

/** Ends the session of a token (sign-out); nothing happens for an unknown token. */
export async function deleteSession(db: Queryable, tenant: string, token: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE tenant = $1 AND token_hash = $2", [tenant, hashSessionToken(token)]);
}

/**
 * Sign-in: the session of the token the browser already had (if any) is deleted and a new one is
 * created, in one transaction, so a token planted before sign-in never becomes a signed-in session.
 */
export async function rotateSession(
  db: Database,
  tenant: string,
  userId: string,
  previousToken: string | null,
  ttlMs: number,
  at?: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    if (previousToken) await deleteSession(tx, tenant, previousToken);
    return createSession(tx, tenant, userId, ttlMs, at);
  });
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

/** What the shopper told us when a code was sent, kept with the code for the user row at verify. */
export type CodeDetails = Record<string, string>;

const clock = (at?: Date) => (at ? at.toISOString() : null);

/**
 * A new code for a phone (embedded sign-in): older unused codes of the phone are retired and the new
 * one stored as its HMAC, with the shopper's details, valid `ttlMs` from `at` (the database's clock
 * unless given). One transaction, so a phone never has two live codes.
 */
export async function replaceOneTimeCode(
  db: Database,
  tenant: string,
  input: { phone: string; codeHash: string; details: CodeDetails; ttlMs: number },
  at?: Date,
): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.query(
      "UPDATE one_time_codes SET consumed_at = COALESCE($3::timestamptz, now()) WHERE tenant = $1 AND phone = $2 AND consumed_at IS NULL",
      [tenant, input.phone, clock(at)],
    );
    await tx.query(
      `INSERT INTO one_time_codes (id, tenant, phone, code_hash, details, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, COALESCE($6::timestamptz, now()) + $7::double precision * interval '1 millisecond', COALESCE($6::timestamptz, now()))`,
      [id, tenant, input.phone, input.codeHash, JSON.stringify(input.details), clock(at), input.ttlMs],
    );
  });
  return id;
}

/**
 * Spends one try on the phone's live code and returns it for comparison: the newest unused, unexpired
 * code with fewer than `maxAttempts` tries. The try is counted in the same statement, before the
 * comparison, so parallel guesses cannot share one try. Null when there is no such code.
 */
export async function takeCodeAttempt(
  db: Queryable,
  tenant: string,
  phone: string,
  maxAttempts: number,
  at?: Date,
): Promise<{ id: string; code_hash: string } | null> {
  const rows = await db.query<{ id: string; code_hash: string }>(
    `UPDATE one_time_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM one_time_codes WHERE tenant = $1 AND phone = $2 AND consumed_at IS NULL
                   AND expires_at > COALESCE($4::timestamptz, now()) ORDER BY created_at DESC, id DESC LIMIT 1)
        AND attempts < $3
      RETURNING id, code_hash`,
    [tenant, phone, maxAttempts, clock(at)],
  );
  return rows[0] ?? null;
}

/** Why a phone has no code to try: its newest unused code ran out of tries, expired, or there is none. */
export async function codeRefusal(
  db: Queryable,
  tenant: string,
  phone: string,
  maxAttempts: number,
  at?: Date,
): Promise<"exhausted" | "expired" | "none"> {
  const rows = await db.query<{ attempts: number; expired: boolean }>(
    `SELECT attempts, expires_at <= COALESCE($3::timestamptz, now()) AS expired FROM one_time_codes
      WHERE tenant = $1 AND phone = $2 AND consumed_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    [tenant, phone, clock(at)],
  );
  const row = rows[0];
  if (!row) return "none";
  if (row.expired) return "expired";
  return Number(row.attempts) >= maxAttempts ? "exhausted" : "none";
}

/**
 * Uses a code up, once: of two requests with the right code at the same moment exactly one gets the
 * code's details back, the other null. An expired code is not consumed.
 */
export async function consumeCodeOnce(db: Queryable, tenant: string, id: string, at?: Date): Promise<CodeDetails | null> {
  const rows = await db.query<{ details: unknown }>(
    `UPDATE one_time_codes SET consumed_at = COALESCE($3::timestamptz, now())
      WHERE tenant = $1 AND id = $2 AND consumed_at IS NULL AND expires_at > COALESCE($3::timestamptz, now())
      RETURNING details`,
    [tenant, id, clock(at)],
  );
  if (!rows[0]) return null;
  const details = typeof rows[0].details === "string" ? (JSON.parse(rows[0].details) as unknown) : rows[0].details;
  return details && typeof details === "object" ? (details as CodeDetails) : {};
}

/** Whether this dealer sent a code to the phone within `withinMs` (a `verifications` row of type sms). */
export async function codeSentRecently(db: Queryable, tenant: string, phone: string, withinMs: number, at?: Date): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM verifications WHERE tenant = $1 AND phone = $2 AND verification_type = 'sms'
      AND created_at > COALESCE($4::timestamptz, now()) - $3::double precision * interval '1 millisecond' LIMIT 1`,
    [tenant, phone, withinMs, clock(at)],
  );
  return rows.length > 0;
}

/**
 * Deletes expired sessions and codes that ended more than a day ago (kept a day to explain a late
 * "expired" answer). One statement each; returns how many rows went.
 */
export async function pruneSignInRows(db: Queryable, at?: Date): Promise<{ sessions: number; codes: number }> {
  const sessions = await db.query("DELETE FROM sessions WHERE expires_at <= COALESCE($1::timestamptz, now()) RETURNING id", [clock(at)]);
  const codes = await db.query(
    "DELETE FROM one_time_codes WHERE expires_at <= COALESCE($1::timestamptz, now()) - interval '1 day' RETURNING id",
    [clock(at)],
  );
  return { sessions: sessions.length, codes: codes.length };
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
