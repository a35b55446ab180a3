/**
 * Price-range page slider (spec 000 sections 2 and 5): minimum and maximum shown as currency, step 500,
 * the minimum at least 1 below the maximum; the button opens the results in that range, dearest first.
 * Without JavaScript: two number boxes in a GET form to the results page (sorted the same way).
 */
import { useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { formatMoney } from "~/domain/money";
import { PRICE_RANGE_PAGE, priceRangePageThumbs } from "~/domain/rangeSlider";
import { PRICE_DESC_SORT, priceRangeSearchHref } from "~/domain/searchLinks";
import type { FacetStats } from "~/domain/search";
import { button } from "~/styles/ui.css";
import { TwoThumbSlider } from "../search/TwoThumbSlider";
import { useHydrated } from "~/components/useHydrated";
import * as search from "../search/SearchPage.css";
import * as styles from "./PriceRangePicker.css";

export function PriceRangePicker({
  bounds,
  start,
  searchPrefix,
}: {
  bounds: FacetStats;
  start: { min: number; max: number };
  searchPrefix: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [thumbs, setThumbs] = useState(start);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    navigate(priceRangeSearchHref(searchPrefix, thumbs.min, thumbs.max));
  };

  return (
    <form method="get" action={searchPrefix} className={styles.form} onSubmit={onSubmit}>
      <input type="hidden" name="sortBy" value={PRICE_DESC_SORT} />
      <div className={styles.readout} aria-live="polite">
        <p>
          <span className={styles.readoutLabel}>Min price</span>
          <strong className={styles.readoutValue}>{formatMoney(thumbs.min)}</strong>
        </p>
        <p>
          <span className={styles.readoutLabel}>Max price</span>
          <strong className={styles.readoutValue}>{formatMoney(thumbs.max)}</strong>
        </p>
      </div>
      <TwoThumbSlider
        bounds={bounds}
        step={PRICE_RANGE_PAGE.step}
        thumbs={thumbs}
        hydrated={hydrated}
        label="price"
        valueText={formatMoney}
        onMove={(which, value) =>
          setThumbs(priceRangePageThumbs(bounds, which === "min" ? value : thumbs.min, which === "max" ? value : thumbs.max, which))
        }
      />
      <noscript>
        <div className={search.rangeBoxes}>
          <label className={search.rangeBox}>
            <span>Minimum price ($)</span>
            <input
              type="number"
              name="price_min"
              min={bounds.min}
              max={bounds.max}
              step={PRICE_RANGE_PAGE.step}
              defaultValue={start.min}
              className={search.rangeInput}
            />
          </label>
          <label className={search.rangeBox}>
            <span>Maximum price ($)</span>
            <input
              type="number"
              name="price_max"
              min={bounds.min}
              max={bounds.max}
              step={PRICE_RANGE_PAGE.step}
              defaultValue={start.max}
              className={search.rangeInput}
            />
          </label>
        </div>
      </noscript>
      <button type="submit" className={button.accent}>
        Show cars in this price range
      </button>
    </form>
  );
}
