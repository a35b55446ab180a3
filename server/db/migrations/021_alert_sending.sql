-- Sending alerts (issue 27, docs/alerts.md): what the alert worker (server/alerts/worker.ts) keeps on each
-- day's message besides 018's columns.
--
-- claim_token / claimed_at: the worker that claimed the message (SELECT ... FOR UPDATE SKIP LOCKED) alone
-- records its outcome, as lead deliveries do; a claim that runs out lets another worker take it.
-- skip_reason: why a message was not sent (no consent, unsubscribed, every alert's search paused).
-- summary: what went out, in one line (the SMS text, or the e-mail's subject), for `npm run alerts`.
ALTER TABLE alert_messages ADD COLUMN claim_token text;
ALTER TABLE alert_messages ADD COLUMN claimed_at timestamptz;
ALTER TABLE alert_messages ADD COLUMN skip_reason text NOT NULL DEFAULT '';
ALTER TABLE alert_messages ADD COLUMN summary text NOT NULL DEFAULT '';
ALTER TABLE alert_messages ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The gathering pass reads the alerts not yet in a message.
CREATE INDEX shopper_alerts_unassigned ON shopper_alerts (tenant, phone, created_at) WHERE status = 'pending' AND message_id IS NULL;
