/**
 * Price comparison gauge (spec 000 sections 5, 8 and 9). Its data comes with the page on a full page
 * load, or from GET /cars/{slug}/autogauge after an in-app navigation. It hides when a field is
 * missing, confidence is 0.2 or lower, or the market maximum is below the listing price; failures are
 * logged as 'Failed to fetch auto gauge data' or 'No data returned'.
 */
import { useEffect, useState } from "react";
import { dealLabel, gaugeBand, gaugePercent, shownPriceComparison, type PriceComparison as Comparison } from "~/domain/priceComparison";
import { formatMoney } from "~/domain/money";
import * as styles from "./PriceComparison.css";
import { section, sectionTitle } from "~/components/vehicle/vehicle.css";

export function PriceComparison({ slug, initial }: { slug: string; initial: Comparison | null | "later" }) {
  const [data, setData] = useState<unknown>(initial === "later" ? null : initial);
  useEffect(() => {
    if (initial !== "later") return;
    let live = true;
    fetch(`/cars/${encodeURIComponent(slug)}/autogauge`, { headers: { Accept: "application/json" } })
      .then(async (r) => {
        if (!r.ok) throw new Error(`autogauge answered ${r.status}`);
        const body = (await r.json()) as unknown;
        if (!body || (typeof body === "object" && Object.keys(body).length === 0)) {
          console.error("No data returned");
          return;
        }
        if (live) setData(body);
      })
      .catch((error) => console.error("Failed to fetch auto gauge data", error));
    return () => {
      live = false;
    };
  }, [slug, initial]);

  const c = shownPriceComparison(data);
  if (!c) return null;
  const band = gaugeBand(c.fill);
  const percent = gaugePercent(c.fill);
  return (
    <section id="price-comparison" className={section} aria-labelledby="price-comparison-title">
      <h2 id="price-comparison-title" className={sectionTitle}>
        Price Comparison
      </h2>
      <p className={styles.deal[band]}>{dealLabel(c.fill)}</p>
      <div
        className={styles.gauge}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="How this price compares with the market"
      >
        <div className={styles.fill[band]} style={{ width: `${percent}%` }} />
      </div>
      <dl className={styles.range}>
        <div>
          <dt>This car</dt>
          <dd>{formatMoney(c.listing_price)}</dd>
        </div>
        <div>
          <dt>Market range</dt>
          <dd>
            {formatMoney(c.market_range_min)} – {formatMoney(c.market_range_max)}
          </dd>
        </div>
      </dl>
      <p style={{ margin: "8px 0 0" }}>{c.description}</p>
    </section>
  );
}
