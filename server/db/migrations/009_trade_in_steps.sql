-- Trade-in valuation steps (issue 12): each step of the shopper's valuation is kept on its row, which the
-- page finds again by its unguessable id; prices are only ever read from here, never from the browser.
--   status     where the shopper is: 'vehicle' (their car to describe by hand), 'adjustments', 'offer',
--              'call' (no online figure: the dealer's team calls), 'accepted' or 'declined'
--   vehicle    the car being traded (year, make, model, badge, km and where it was found)
--   valuation  the offer's workings (lines, market value, basis) or why there is no figure
--   contact    the shopper's name, e-mail and mobile from the condition step, for the leads after it
--   user_id    the signed-in shopper who started it, if any: only they may carry it on
ALTER TABLE trade_in_valuations ADD COLUMN status text NOT NULL DEFAULT 'started';
ALTER TABLE trade_in_valuations ADD COLUMN vehicle jsonb;
ALTER TABLE trade_in_valuations ADD COLUMN valuation jsonb;
ALTER TABLE trade_in_valuations ADD COLUMN contact jsonb;
ALTER TABLE trade_in_valuations ADD COLUMN user_id text;
ALTER TABLE trade_in_valuations ADD COLUMN source_path text NOT NULL DEFAULT '';
CREATE INDEX trade_in_valuations_tenant_created ON trade_in_valuations (tenant, created_at DESC);

-- The embedded rego lookup finds the dealer's own cars (in stock or sold) by their plate, however typed.
CREATE INDEX vehicles_tenant_regplate ON vehicles (tenant, regexp_replace(upper(data->>'regplate'), '[^A-Z0-9]', '', 'g'));

-- POST /api/miscellaneous (spec 000 section 7, for dealers with features.saveValuation): one row per
-- accepted valuation, its 'valuation' column holding the valuation data as the server has it.
CREATE TABLE miscellaneous (
  tenant        text NOT NULL,
  valuation_id  text NOT NULL,
  user_id       text,
  valuation     jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, valuation_id)
);
