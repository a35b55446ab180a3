-- Unsubscribe (/pages/unsubscribe, issue 13): a shopper who opts out of a dealer's marketing is kept here
-- by the e-mail address they gave (trimmed and lower-cased), per dealer. Leads from that address after it
-- carry no marketing consent (server/leads/optOuts.ts), whatever box the form had ticked.
CREATE TABLE marketing_opt_outs (
  tenant      text NOT NULL,
  email       text NOT NULL,
  source_path text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, email)
);
