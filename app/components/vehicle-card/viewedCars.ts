/** A car opened from its card joins the viewed cars this browser keeps for the site (spec 000 section 3). */
import { addViewedCar, readViewedCars } from "~/domain/searchHistory";
import type { VehicleCardData } from "~/domain/vehicleCard";
import { readStored, writeStored } from "./localLists";

export function rememberViewed(siteSlug: string, card: VehicleCardData): void {
  const viewed = readViewedCars(readStored(siteSlug, "viewedCars"));
  writeStored(
    siteSlug,
    "viewedCars",
    addViewedCar(viewed, {
      id: card.id,
      stocknum: card.stocknum,
      make: card.make,
      model: card.model,
      body: card.simple_body,
      simple_body: card.simple_body,
    }),
  );
}
