-- Online payments (/online-payment, features.onlinePayment): a shopper pays the dealer an amount against
-- a reference (invoice, order or stock number). status: pending (waiting for the payment provider),
-- paid, recorded (no provider: the request is recorded and the dealer takes the money by phone),
-- cancelled (given up or expired). lead_id is the dealer's 'Online Payment' lead once filed.
CREATE TABLE online_payments (
  id                  text PRIMARY KEY,
  tenant              text NOT NULL,
  reference           text NOT NULL,
  amount_cents        integer NOT NULL CHECK (amount_cents BETWEEN 100 AND 5000000),
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  email               text NOT NULL,
  phone               text NOT NULL,
  provider            text NOT NULL,
  status              text NOT NULL DEFAULT 'pending',
  checkout_session_id text,
  lead_id             text,
  source_path         text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX online_payments_tenant ON online_payments (tenant, created_at);
