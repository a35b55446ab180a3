-- Alerts (issue 27): a price drop is a drop of the price the site shows (app/domain/priceDisplay.ts
-- sellingPrice): the offer price when the car has one above $10 that differs from its price, else its
-- price. Migration 018 recorded the stock's list price; this records the shown price, so a car already on
-- offer is not taken for a price drop the first time it changes.
UPDATE alert_car_state s
   SET price = CASE
         WHEN jsonb_typeof(v.data->'offer_price') = 'number' THEN
           CASE
             WHEN (v.data->>'offer_price')::double precision > 10 AND (v.data->>'offer_price')::double precision <> v.price
             THEN (v.data->>'offer_price')::double precision
             ELSE v.price
           END
         ELSE v.price
       END
  FROM vehicles v
 WHERE v.tenant = s.tenant AND v.id = s.car_id;

-- The watchers of a changed car are found by the car (the primary key leads with the shopper).
CREATE INDEX watchlist_car ON watchlist (tenant, car_id);
