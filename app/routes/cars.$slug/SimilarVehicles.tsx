/**
 * Similar vehicles (spec 000 sections 4 and 9): up to 6 in-stock cars. Six skeleton cards hold their
 * place and the browser loads the cars from /cars/{slug}/similar once the block is within 500 px of the
 * view; they are not in the page (decision 0031). Without JavaScript, or if loading fails, the block links
 * to the results page of the same search.
 */
import { useEffect, useRef, useState } from "react";
import { VehicleCard } from "~/components/vehicle-card/VehicleCard";
import { jsOnly } from "~/components/vehicle/JsOnly";
import { useHydrated } from "~/components/useHydrated";
import type { CardSiteOptions } from "~/domain/vehicleCard";
import { SIMILAR_LOAD_MARGIN_PX, SIMILAR_SKELETONS } from "~/domain/similarCars";
import { button } from "~/styles/ui.css";
import type { SimilarCars } from "~/domain/vehiclePage";
import * as styles from "./SimilarVehicles.css";
import { sectionTitle } from "~/components/vehicle/vehicle.css";

export function SimilarVehicles({
  slug,
  site,
  similarHref,
  searchHref,
  make,
}: {
  slug: string;
  site: CardSiteOptions;
  /** The results page of the same search, for a browser that cannot load the cars here. */
  similarHref: string;
  searchHref: string;
  make: string;
}) {
  const [similar, setSimilar] = useState<SimilarCars>({ state: "later" });
  const block = useRef<HTMLElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!block.current) return;
    const controller = new AbortController();
    let asked = false;
    // A plain request for the block's own data, not a Remix fetcher: a fetcher's failure (or a load that
    // races the route discovery of its address) would replace the whole vehicle page with an error page,
    // where this block only has to offer its search link instead.
    const load = () => {
      if (asked) return;
      asked = true;
      fetch(`/cars/${encodeURIComponent(slug)}/similar`, { headers: { Accept: "application/json" }, signal: controller.signal })
        .then((response) =>
          response.ok ? (response.json() as Promise<SimilarCars>) : Promise.reject(new Error(`HTTP ${response.status}`)),
        )
        // Only cars are an answer: a failed search, or anything else, leaves the block its search link.
        .then((answer) => setSimilar(answer.state === "loaded" ? answer : { state: "failed" }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error("Similar cars could not be loaded", error);
          setSimilar({ state: "failed" });
        });
    };
    if (typeof IntersectionObserver === "undefined") {
      load();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: `${SIMILAR_LOAD_MARGIN_PX}px 0px`,
    });
    observer.observe(block.current);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [slug]);

  return (
    <section
      ref={block}
      id="similar-vehicles"
      className={styles.block}
      aria-labelledby="similar-title"
      // Busy only while a script is loading the cars: without JavaScript the block is its link, never busy.
      aria-busy={hydrated && similar.state === "later"}
    >
      <h2 id="similar-title" className={sectionTitle}>
        Similar Vehicles
      </h2>
      {similar.state === "failed" ? (
        <p>
          We couldn't load similar cars just now.{" "}
          <a href={searchHref} className={button.outline}>
            Search our {make || "stock"}
          </a>
        </p>
      ) : similar.state === "later" ? (
        <>
          <ul className={`${styles.grid} ${jsOnly}`} aria-label="Loading similar vehicles">
            {Array.from({ length: SIMILAR_SKELETONS }, (_, i) => (
              <li key={i} className={styles.skeleton} data-testid="similar-skeleton" />
            ))}
          </ul>
          <noscript>
            <p>
              <a href={similarHref} className={button.outline}>
                See similar {make || "cars"} for sale
              </a>
            </p>
          </noscript>
        </>
      ) : similar.state === "loaded" && similar.cars.length ? (
        <ul className={styles.grid}>
          {similar.cars.map((card) => (
            <li key={card.id}>
              <VehicleCard card={card} site={site} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p>
          Nothing similar in stock right now. <a href={searchHref}>See all our {make || "stock"}</a>
        </p>
      )}
    </section>
  );
}
