-- Saved searches and alerts (issue 27, docs/alerts.md).
--
-- A signed-in shopper saves a results page's filters under a name and chooses SMS or e-mail. When the
-- dealer's stock changes, alerts are found (a new arrival matching a saved search; a price drop or a sale of
-- a car on the shopper's watchlist), stored here first (shopper_alerts, once per shopper per car per kind),
-- then gathered by the alert worker into at most one message per shopper per dealer per Sydney day
-- (alert_messages) and sent outside quiet hours. Consent and its withdrawal are kept with time and source
-- (alert_consents), as the Spam Act 2003 asks of commercial messages.

CREATE TABLE saved_searches (
  id           text PRIMARY KEY,
  tenant       text NOT NULL,
  -- The shopper: users.phone (E.164), as the watchlist keys its rows.
  phone        text NOT NULL,
  name         text NOT NULL,
  -- The results page to open: its canonical path and query (no sort, no page), e.g. /search/used/toyota?price=10000:30000.
  search_path  text NOT NULL,
  -- The search itself, as the results page read it (SearchState: query, filters, ranges), matched against new stock.
  search       jsonb NOT NULL,
  channel      text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- Where e-mail alerts go (the channel 'email'); '' for SMS, which goes to the shopper's mobile.
  email        text NOT NULL DEFAULT '',
  paused       boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_live ON saved_searches (tenant, paused);
CREATE INDEX saved_searches_shopper ON saved_searches (tenant, phone, created_at DESC);

-- Consent given or withdrawn, one row per event, never updated: the latest row for a dealer, channel and
-- address says whether messages may go there. Sources: 'save-search' (the form, with its page), 'garage',
-- 'unsubscribe-link', 'sms-stop'.
CREATE TABLE alert_consents (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  phone       text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- The mobile (E.164) or the e-mail address (trimmed, lower-cased).
  address     text NOT NULL,
  given       boolean NOT NULL,
  source      text NOT NULL,
  detail      text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_consents_address ON alert_consents (tenant, channel, address, created_at DESC);
CREATE INDEX alert_consents_shopper ON alert_consents (tenant, phone, created_at DESC);

-- What the alerts last saw of each car, to tell a new arrival, a price drop and a sale from any other change.
CREATE TABLE alert_car_state (
  tenant         text NOT NULL,
  car_id         text NOT NULL,
  price          double precision NOT NULL,
  status         text NOT NULL,
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, car_id)
);

-- One alert found: stored before anything is sent, once per shopper, car and kind (dedupe_key), whichever
-- process or restart finds it again.
CREATE TABLE shopper_alerts (
  id               text PRIMARY KEY,
  tenant           text NOT NULL,
  phone            text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('new-arrival', 'price-drop', 'sold')),
  car_id           text NOT NULL,
  saved_search_id  text REFERENCES saved_searches (id) ON DELETE CASCADE,
  -- 'new-arrival:<car>', 'price-drop:<car>:<new price>', 'sold:<car>'.
  dedupe_key       text NOT NULL,
  -- What the message says: the car's name, price and link; the old and new price; the similar cars.
  payload          jsonb NOT NULL,
  -- pending (waiting for its message), sent, skipped (no consent, unsubscribed, paused: reason in skip_reason).
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped')),
  skip_reason      text NOT NULL DEFAULT '',
  message_id       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant, phone, dedupe_key)
);
CREATE INDEX shopper_alerts_pending ON shopper_alerts (status, tenant, phone);

-- One message to one shopper of one dealer on one Sydney day: a single alert or a digest of several.
CREATE TABLE alert_messages (
  id               text PRIMARY KEY,
  tenant           text NOT NULL,
  phone            text NOT NULL,
  -- The Sydney calendar day it belongs to (at most one message a shopper a dealer a day).
  day              date NOT NULL,
  channel          text NOT NULL CHECK (channel IN ('sms', 'email')),
  address          text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text NOT NULL DEFAULT '',
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant, phone, day)
);
CREATE INDEX alert_messages_due ON alert_messages (status, next_attempt_at);

-- The stock already there when alerts begin is not 'new': only cars first seen after this are new arrivals.
INSERT INTO alert_car_state (tenant, car_id, price, status)
  SELECT tenant, id, price, status FROM vehicles
  ON CONFLICT (tenant, car_id) DO NOTHING;
