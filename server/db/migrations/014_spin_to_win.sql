-- Spin to Win (/spin-to-win, features.spinToWin): one spin per shopper's phone per dealer's campaign.
-- The unique key is what keeps a second spin (two tabs, a double click) from drawing again: the first
-- row stands and its prize is shown. lead_id is the dealer's 'Spin to Win' lead once it is filed.
CREATE TABLE prize_spins (
  id          text PRIMARY KEY,
  tenant      text NOT NULL,
  campaign    text NOT NULL,
  phone       text NOT NULL,
  prize       text NOT NULL,
  lead_id     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant, campaign, phone)
);
