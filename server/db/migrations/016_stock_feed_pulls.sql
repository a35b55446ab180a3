-- Scheduled stock feed pulls (a dealer's stock.feed.url, docs/stock-import.md). stock_feed_pulls keeps one
-- row per attempt: what happened (imported, not-modified, failed, empty), the HTTP status, the validators
-- the next conditional GET sends (ETag, Last-Modified; kept only from pulls that imported), a message and
-- the import's summary; `npm run import -- --tenant <slug> --status` shows them. stock_feed_schedule holds
-- each dealer's next pull: an instance claims a pull by moving next_pull_at on, so two instances sharing
-- one database never pull the same feed at once, and a restart does not pull again early.
CREATE TABLE stock_feed_pulls (
  id             text PRIMARY KEY,
  tenant         text NOT NULL,
  url            text NOT NULL,
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz NOT NULL,
  outcome        text NOT NULL CHECK (outcome IN ('imported', 'not-modified', 'failed', 'empty')),
  http_status    integer,
  bytes          integer NOT NULL DEFAULT 0,
  etag           text,
  last_modified  text,
  message        text NOT NULL DEFAULT '',
  summary        jsonb
);
CREATE INDEX stock_feed_pulls_tenant ON stock_feed_pulls (tenant, started_at);

CREATE TABLE stock_feed_schedule (
  tenant        text PRIMARY KEY,
  next_pull_at  timestamptz NOT NULL
);
