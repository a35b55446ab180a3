-- Vehicle views count each visitor once per car per day (Australia/Sydney day). A visitor is a sha256
-- of the shopper's address and browser, never the address itself; rows older than two days are pruned.
CREATE TABLE vehicle_view_visitors (
  tenant        text NOT NULL,
  car_id        text NOT NULL,
  visitor_hash  text NOT NULL,
  day           date NOT NULL,
  PRIMARY KEY (tenant, car_id, visitor_hash, day)
);
CREATE INDEX vehicle_view_visitors_day ON vehicle_view_visitors (day);
