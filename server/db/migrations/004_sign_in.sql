-- Phone sign-in and sessions (spec 001).
-- Sessions: the cookie carries a random 256-bit token and only its sha256 is stored, so a copy of the
-- database signs nobody in. Sessions stored before this migration kept the token itself as their id:
-- they are deleted (those shoppers sign in again once).
DELETE FROM sessions;
ALTER TABLE sessions ADD COLUMN token_hash text NOT NULL;
CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- One-time codes remember what the shopper told us when the code was sent (names, e-mail, the
-- dealership chosen) for the user row written when the code is verified.
ALTER TABLE one_time_codes ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
CREATE INDEX one_time_codes_expires_at ON one_time_codes (expires_at);

CREATE INDEX verifications_tenant_created ON verifications (tenant, created_at);
