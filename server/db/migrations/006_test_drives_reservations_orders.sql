-- Test-drive bookings, reservations (reserve deposits) and online orders (issue 12).

-- One booked test-drive time per dealer, location and start: the unique key is what refuses a second
-- shopper who asks for the same time, however close together the two requests arrive.
CREATE TABLE test_drive_bookings (
  id           text PRIMARY KEY,
  tenant       text NOT NULL,
  location_id  text NOT NULL,
  slot_start   timestamptz NOT NULL,
  car_id       text,
  lead_id      text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant, location_id, slot_start)
);

-- A shopper's reservation of a car: a deposit paid through Stripe Checkout, or a reservation request
-- recorded without taking money (the embedded default). Only 'paid' and 'confirmed' hold the car.
CREATE TABLE reservations (
  id                   text PRIMARY KEY,
  tenant               text NOT NULL,
  car_id               text NOT NULL,
  provider             text NOT NULL,
  status               text NOT NULL DEFAULT 'pending',
  deposit_cents        integer NOT NULL,
  checkout_session_id  text,
  contact              jsonb NOT NULL DEFAULT '{}'::jsonb,
  lead_id              text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reservations_checkout_session ON reservations (provider, checkout_session_id);
CREATE INDEX reservations_tenant_car ON reservations (tenant, car_id);

-- Payment provider events already acted on (Stripe sends an event again until it is acknowledged).
CREATE TABLE payment_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The online purchase journey's answers, kept between steps under an unguessable id.
CREATE TABLE checkout_orders (
  id            text PRIMARY KEY,
  tenant        text NOT NULL,
  car_id        text NOT NULL,
  user_id       text,
  answers       jsonb NOT NULL DEFAULT '{}'::jsonb,
  lead_id       text,
  submitted_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
