import type { ResultItem } from "~/domain/promoCards";
import { VehicleCard } from "~/components/vehicle-card/VehicleCard";
import type { CardSiteOptions, VehicleCardData } from "~/domain/vehicleCard";
import { PromoTile } from "./PromoTile";
import * as styles from "~/components/search/SearchPage.css";

/** The first two cards are in view on arrival: their images load at once, the very first with high priority. */
const EAGER_CARDS = 2;

export function ResultsGrid({ items, site }: { items: ResultItem<VehicleCardData>[]; site: CardSiteOptions }) {
  let carIndex = 0;
  return (
    <ul className={styles.grid}>
      {items.map((item) => {
        if (item.kind === "promo") {
          return (
            <li key={`promo-${item.promo.id}`}>
              <PromoTile promo={item.promo} />
            </li>
          );
        }
        const index = carIndex++;
        return (
          <li key={item.car.id}>
            <VehicleCard card={item.car} site={site} eager={index < EAGER_CARDS} priority={index === 0} headingLevel={2} />
          </li>
        );
      })}
    </ul>
  );
}
