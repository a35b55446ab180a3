/**
 * Favourites and recently viewed cars: kept in this browser under the site slug (spec 000 section 4),
 * so they are read after the page loads. The favourites hold a name and slug (a link to the car); the
 * viewed cars hold only make, model and stock number, so they link to a search for the stock number.
 * Without JavaScript (and until the page has loaded) the section says it needs it.
 */
import { Link } from "~/components/Link";
import { useEffect, useState } from "react";
import { readStored } from "~/components/vehicle-card/localLists";
import { readFavourites, readViewedCars, type Favourite, type ViewedCar } from "~/domain/searchHistory";
import * as styles from "./garage.css";
import { Photo } from "~/components/photo/Photo";

interface Saved {
  favourites: Favourite[];
  viewed: ViewedCar[];
}

export function SavedInBrowser({ siteSlug, searchPath }: { siteSlug: string; searchPath: string }) {
  const [saved, setSaved] = useState<Saved | null>(null);
  useEffect(() => {
    setSaved({
      favourites: readFavourites(readStored(siteSlug, "favourites")),
      viewed: readViewedCars(readStored(siteSlug, "viewedCars")),
    });
  }, [siteSlug]);

  return (
    <>
      <section className={styles.section} aria-labelledby="garage-favourites">
        <h2 id="garage-favourites" className={styles.sectionTitle}>
          Favourites
        </h2>
        {/* Until the page has loaded (and always without JavaScript): the list lives in the browser. */}
        {saved === null ? (
          <p className={styles.muted} data-testid="favourites-need-script">
            Your favourites are kept in this browser: turn on JavaScript to see them here.
          </p>
        ) : null}
        {saved &&
          (saved.favourites.length === 0 ? (
            <p className={styles.muted} data-testid="no-favourites">
              No favourites yet. Tap the heart on any car to keep it here.
            </p>
          ) : (
            <ul className={styles.links} data-testid="favourites">
              {saved.favourites.map((f) => (
                <li key={f.id}>
                  <Link to={`/cars/${encodeURIComponent(f.slug)}`} className={styles.linkCard}>
                    {f.primary_image_url ? (
                      <Photo
                        source={f.primary_image_url}
                        layout="thumb"
                        sizes="72px"
                        alt=""
                        width={72}
                        height={54}
                        className={styles.thumb}
                      />
                    ) : null}
                    <span>{f.name || `${f.make} ${f.model}`}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ))}
      </section>
      <section className={styles.section} aria-labelledby="garage-viewed">
        <h2 id="garage-viewed" className={styles.sectionTitle}>
          Recently viewed
        </h2>
        {saved === null ? (
          <p className={styles.muted}>Cars you have looked at are kept in this browser: turn on JavaScript to see them here.</p>
        ) : null}
        {saved &&
          (saved.viewed.length === 0 ? (
            <p className={styles.muted} data-testid="no-viewed">
              Cars you look at will show here.
            </p>
          ) : (
            <ul className={styles.links} data-testid="viewed-cars">
              {saved.viewed.map((v) => (
                <li key={v.id}>
                  <Link
                    to={`${searchPath}?${new URLSearchParams({ query: v.stocknum || `${v.make} ${v.model}` }).toString()}`}
                    className={styles.linkCard}
                  >
                    <span>
                      {[v.make, v.model].filter(Boolean).join(" ") || "A car"}
                      {v.stocknum ? <span className={styles.muted}> · Stock {v.stocknum}</span> : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}
