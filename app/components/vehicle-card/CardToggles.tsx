/**
 * Favourite and compare toggles on a card. Both live in the shopper's browser (spec 000 section 4:
 * favourites are stored locally, keyed by the site), so without JavaScript there is nothing they could
 * do: they are rendered only once the page is interactive, rather than shown as buttons that do nothing.
 * A card loads them after the page (CardToggleSlots in VehicleCard.tsx), so a page of cards stays light.
 */
import { useEffect, useState } from "react";
import { readFavourites, readIdList, toggleFavourite } from "~/domain/searchHistory";
import { sendAnalyticsEvent } from "~/utils/analytics";
import type { VehicleCardData } from "~/domain/vehicleCard";
import { readStored, writeStored } from "./localLists";
import * as styles from "./VehicleCard.css";
import { EVENT } from "~/domain/analyticsEvents";
import { COMPARE_CHANGED, COMPARE_LIMIT } from "~/components/compare/compareList";

export function FavouriteToggle({ card, siteSlug, title }: { card: VehicleCardData; siteSlug: string; title: string }) {
  const [saved, setSaved] = useState<boolean | null>(null);
  useEffect(() => {
    setSaved(readFavourites(readStored(siteSlug, "favourites")).some((f) => f.id === card.id));
  }, [card.id, siteSlug]);
  if (saved === null) return null;
  const toggle = () => {
    const current = readFavourites(readStored(siteSlug, "favourites"));
    const next = toggleFavourite(current, {
      id: card.id,
      name: card.name || title,
      slug: card.slug,
      make: card.make,
      model: card.model,
      primary_image_url: card.image ?? "",
    });
    writeStored(siteSlug, "favourites", next);
    const nowSaved = next.some((f) => f.id === card.id);
    setSaved(nowSaved);
    if (nowSaved) sendAnalyticsEvent(EVENT.saveCar, { car_id: card.id, kind: "favourite" });
  };
  return (
    <button
      type="button"
      className={styles.favourite}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from favourites` : `Save ${title} to favourites`}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.1 4.5 6 4.5c2.2 0 3.5 1.3 4.2 2.5h3.6c.7-1.2 2-2.5 4.2-2.5 3.9 0 5.6 4.1 4 7.2C19.5 16.4 12 21 12 21z"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          transform="translate(0 -1)"
        />
      </svg>
    </button>
  );
}

export function CompareToggle({ card, siteSlug, title }: { card: VehicleCardData; siteSlug: string; title: string }) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  useEffect(() => {
    const refresh = () => setChosen(readIdList(readStored(siteSlug, "compare")));
    refresh();
    window.addEventListener(COMPARE_CHANGED, refresh);
    return () => window.removeEventListener(COMPARE_CHANGED, refresh);
  }, [siteSlug]);
  if (chosen === null) return null;
  const selected = chosen.includes(card.id);
  const full = !selected && chosen.length >= COMPARE_LIMIT;
  const toggle = () => {
    const current = readIdList(readStored(siteSlug, "compare"));
    const next = current.includes(card.id) ? current.filter((id) => id !== card.id) : [...current, card.id].slice(-COMPARE_LIMIT);
    writeStored(siteSlug, "compare", next);
    setChosen(next);
    window.dispatchEvent(new Event(COMPARE_CHANGED));
  };
  return (
    <label className={styles.compare} title={full ? `You can compare up to ${COMPARE_LIMIT} cars` : undefined}>
      <input type="checkbox" checked={selected} disabled={full} onChange={toggle} aria-label={`Compare ${title}`} />
      <span aria-hidden="true">Compare</span>
    </label>
  );
}
