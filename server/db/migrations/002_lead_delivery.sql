-- Lead delivery (docs/leads.md): duplicate suppression and the delivery worker's claims.

-- A hash of (form, car, contact) for leads that name a contact, NULL otherwise. New leads with the
-- same key within ten minutes are not stored again: storeLead serialises submits of one key with a
-- transaction-level advisory lock and then looks for a recent lead with this index.
ALTER TABLE leads ADD COLUMN dedupe_key text;
CREATE INDEX leads_dedupe ON leads (tenant, dedupe_key, created_at DESC) WHERE dedupe_key IS NOT NULL;

-- A worker claims a due delivery by pushing next_attempt_at forward by its lease and stamping its own
-- token; only the holder of that token may record the outcome. A crashed worker's claim simply runs
-- out and the delivery becomes due again.
ALTER TABLE lead_deliveries ADD COLUMN claim_token text;
ALTER TABLE lead_deliveries ADD COLUMN claimed_at timestamptz;
ALTER TABLE lead_deliveries ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX lead_deliveries_tenant_status ON lead_deliveries (tenant, status);
