-- Stock: the source of truth; the search engines index it.
CREATE TABLE vehicles (
  tenant      text NOT NULL,
  id          text NOT NULL,
  slug        text NOT NULL,
  stocknum    text NOT NULL DEFAULT '',
  status      text NOT NULL,
  car_type    text NOT NULL,
  price       double precision NOT NULL DEFAULT 0,
  data        jsonb NOT NULL,
  sold_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, id),
  UNIQUE (tenant, slug)
);
CREATE INDEX vehicles_tenant_updated ON vehicles (tenant, updated_at);

-- Leads are stored before anything else is attempted, so no outage loses one.
CREATE TABLE leads (
  id           text PRIMARY KEY,
  tenant       text NOT NULL,
  category     text NOT NULL,
  subcategory  text NOT NULL DEFAULT '',
  car_id       text,
  name         text NOT NULL DEFAULT '',
  last_name    text NOT NULL DEFAULT '',
  email        text NOT NULL DEFAULT '',
  phone        text NOT NULL DEFAULT '',
  postcode     text NOT NULL DEFAULT '',
  message      text NOT NULL DEFAULT '',
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  source_path  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_tenant_created ON leads (tenant, created_at DESC);

-- One row per lead and channel (ADF file, CRM webhook); retried until delivered.
CREATE TABLE lead_deliveries (
  id               text PRIMARY KEY,
  tenant           text NOT NULL,
  lead_id          text NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel          text NOT NULL,
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text NOT NULL DEFAULT '',
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lead_id, channel)
);
CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);

CREATE TABLE users (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  phone       text NOT NULL,
  first_name  text NOT NULL DEFAULT '',
  last_name   text NOT NULL DEFAULT '',
  email       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant, phone)
);

CREATE TABLE sessions (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE watchlist (
  tenant      text NOT NULL,
  phone       text NOT NULL,
  car_id      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, phone, car_id)
);

CREATE TABLE verifications (
  id                 text PRIMARY KEY,
  tenant             text NOT NULL,
  dealership_slug    text NOT NULL DEFAULT '',
  user_id            text,
  phone              text NOT NULL DEFAULT '',
  verification_type  text NOT NULL CHECK (verification_type IN ('sms', 'verify')),
  created_at         timestamptz NOT NULL DEFAULT now()
);

-- Embedded phone sign-in: codes are stored hashed, never in clear.
CREATE TABLE one_time_codes (
  id           text PRIMARY KEY,
  tenant       text NOT NULL,
  phone        text NOT NULL,
  code_hash    text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_phone ON one_time_codes (tenant, phone, created_at DESC);

CREATE TABLE rate_limits (
  tenant        text NOT NULL,
  bucket        text NOT NULL,
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant, bucket, key)
);

CREATE TABLE finance_customers (
  id            text PRIMARY KEY,
  tenant        text NOT NULL,
  car_id        text,
  phone         text NOT NULL,
  payload       jsonb NOT NULL,
  redirect_url  text NOT NULL DEFAULT '',
  lead_id       text,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE trade_in_valuations (
  id                  text PRIMARY KEY,
  tenant              text NOT NULL,
  car_id              text,
  rego                text NOT NULL DEFAULT '',
  rego_state          text NOT NULL DEFAULT '',
  offer_price         double precision,
  adjustment_answers  jsonb NOT NULL DEFAULT '{}'::jsonb,
  offer_accepted      boolean NOT NULL DEFAULT false,
  form_completed      boolean NOT NULL DEFAULT false,
  lead_id             text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vehicle_views (
  tenant  text NOT NULL,
  car_id  text NOT NULL,
  views   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant, car_id)
);

CREATE TABLE analytics_events (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  event_id    integer NOT NULL,
  name        text NOT NULL,
  path        text NOT NULL DEFAULT '',
  payload     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_tenant ON analytics_events (tenant, event_id, created_at DESC);
