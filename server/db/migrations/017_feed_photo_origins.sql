-- The photo hosts a dealer's own stock feed names (docs/stock-import.md, "Photos"): the photo route may
-- fetch that dealer's photos from them (tenant photos.feedHosts), and no other dealer's. One row per
-- dealer and origin, stamped when a feed last named it.
CREATE TABLE feed_photo_origins (
  tenant   text NOT NULL,
  origin   text NOT NULL,
  seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, origin)
);
