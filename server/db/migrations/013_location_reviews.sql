-- Reviews of a dealer's locations (issue 13; spec 001 section 3 'Review'): one row per review, each
-- belonging to one location of one dealer. A dealer's pages read them newest first; which of them show
-- is decided by the dealer's review settings (app/domain/reviews.ts), not here.
--   rating       0 to 5, one decimal at most
--   reply_text   the dealer's reply, if any, with its date
--   source       where the review came from ('demo' for the generated demo reviews)
CREATE TABLE location_reviews (
  tenant         text NOT NULL,
  id             text NOT NULL,
  location_id    text NOT NULL,
  customer_name  text NOT NULL,
  text           text,
  rating         real NOT NULL CHECK (rating >= 0 AND rating <= 5),
  review_date    timestamptz NOT NULL,
  reply_text     text,
  reply_date     timestamptz,
  image_url      text,
  source         text NOT NULL DEFAULT 'dealer',
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, id)
);
CREATE INDEX location_reviews_tenant_location_date ON location_reviews (tenant, location_id, review_date DESC);
