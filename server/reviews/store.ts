/**
 * Stored reviews of a dealer's locations (migration 013). Every function takes the dealer first and
 * reads or writes only that dealer's rows.
 */
import type { Queryable } from "../db/database";

export interface StoredReview {
  id: string;
  location_id: string;
  customer_name: string;
  text: string | null;
  rating: number;
  /** ISO 8601. */
  review_date: string;
  reply_text: string | null;
  reply_date: string | null;
  image_url: string | null;
}

type Row = Omit<StoredReview, "review_date" | "reply_date" | "rating"> & {
  rating: number | string;
  review_date: string | Date;
  reply_date: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toReview(row: Row): StoredReview {
  return {
    id: row.id,
    location_id: row.location_id,
    customer_name: row.customer_name,
    text: row.text,
    rating: Math.round(Number(row.rating) * 10) / 10,
    review_date: iso(row.review_date),
    reply_text: row.reply_text,
    reply_date: row.reply_date ? iso(row.reply_date) : null,
    image_url: row.image_url,
  };
}

const COLUMNS = "id, location_id, customer_name, text, rating, review_date, reply_text, reply_date, image_url";

/** The dealer's reviews of these locations (every location when none named), newest first, at most `limit`. */
export async function listReviews(
  db: Queryable,
  tenant: string,
  options: { locationIds?: readonly string[]; limit: number },
): Promise<StoredReview[]> {
  const limit = Math.max(0, Math.min(500, Math.trunc(options.limit)));
  const rows = options.locationIds
    ? await db.query<Row>(
        `SELECT ${COLUMNS} FROM location_reviews WHERE tenant = $1 AND location_id = ANY($2::text[]) ORDER BY review_date DESC, id LIMIT $3`,
        [tenant, [...options.locationIds], limit],
      )
    : await db.query<Row>(`SELECT ${COLUMNS} FROM location_reviews WHERE tenant = $1 ORDER BY review_date DESC, id LIMIT $2`, [
        tenant,
        limit,
      ]);
  return rows.map(toReview);
}

/** Each location's stored ratings: count and sum (for summaries where the dealer configured none). */
export async function storedRatings(db: Queryable, tenant: string): Promise<Map<string, { count: number; sum: number }>> {
  const rows = await db.query<{ location_id: string; count: number | string; sum: number | string }>(
    "SELECT location_id, count(*) AS count, sum(rating) AS sum FROM location_reviews WHERE tenant = $1 GROUP BY location_id",
    [tenant],
  );
  return new Map(rows.map((r) => [r.location_id, { count: Number(r.count), sum: Number(r.sum) }]));
}

export async function countReviews(db: Queryable, tenant: string): Promise<number> {
  const [row] = await db.query<{ count: number | string }>("SELECT count(*) AS count FROM location_reviews WHERE tenant = $1", [tenant]);
  return Number(row?.count ?? 0);
}

/** Adds reviews (a review already stored under its id is left as it is). */
export async function insertReviews(db: Queryable, tenant: string, reviews: readonly StoredReview[], source = "dealer"): Promise<number> {
  let added = 0;
  for (const r of reviews) {
    const rows = await db.query(
      `INSERT INTO location_reviews (tenant, ${COLUMNS}, source) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (tenant, id) DO NOTHING RETURNING id`,
      [tenant, r.id, r.location_id, r.customer_name, r.text, r.rating, r.review_date, r.reply_text, r.reply_date, r.image_url, source],
    );
    added += rows.length;
  }
  return added;
}
