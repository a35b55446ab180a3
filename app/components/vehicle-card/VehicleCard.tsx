/**
 * The vehicle card of the results grid (spec 000 section 2, Vehicle card), also used for featured stock
 * and similar vehicles. Takes the small VehicleCardData projection, never a whole Vehicle. On a dealer
 * with the garage, 'Save' to the watchlist sits beside the price (the same Save as the vehicle page's).
 */
import { Link } from "~/components/Link";
import { useId } from "react";
import { cardActions } from "~/domain/cardActions";
import { formatMoney, formatNumber } from "~/domain/money";
import { priceDisplay, salePriceText } from "~/domain/priceDisplay";
import { isAvailable, vehicleTitle } from "~/domain/vehicle";
import { cardTag, conditionLabel } from "~/domain/vehicleTags";
import type { CardSiteOptions, VehicleCardData } from "~/domain/vehicleCard";
import { canFavourite } from "~/domain/eligibility";
import { useLazyModule } from "~/components/useHydrated";
import { SaveToWatchlist } from "~/components/watchlist/SaveToWatchlist";
import { Photo } from "~/components/photo/Photo";
import * as styles from "./VehicleCard.css";

export type { CardSiteOptions, VehicleCardData } from "~/domain/vehicleCard";

/** Shown for cars with one photo or none (spec 000 section 4); a drawing, sent through the photo route like a photo. */
export const NEW_ARRIVAL_PLACEHOLDER = "/media/placeholder/new-arrival.svg";
/** Card images are 4:3; the size attributes reserve the space so nothing shifts as they load. */
const IMAGE_WIDTH = 480;
const IMAGE_HEIGHT = 360;

export interface VehicleCardProps {
  card: VehicleCardData;
  site: CardSiteOptions;
  /** The first cards in view: load the image at once ('high' priority for the very first). */
  eager?: boolean;
  priority?: boolean;
  /** Heading level of the car's title inside the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** 'Save' to the watchlist on a dealer with the garage (default); the garage's own cards have Remove instead. */
  saveShown?: boolean;
}

export function VehicleCard({ card, site, eager = false, priority = false, headingLevel = 3, saveShown = true }: VehicleCardProps) {
  const titleId = useId();
  const title = vehicleTitle(card);
  const available = isAvailable(card);
  const tag = cardTag(card, site.flags, new Date(site.now));
  const price = priceDisplay(card, site.flags);
  const [primary, ...secondary] = cardActions(card, {
    flags: site.flags,
    paths: site.paths,
    primaryLabel: site.primaryLabel,
    reserveLabel: site.reserveLabel,
    enquireLabel: site.enquireLabel,
  });
  const carPage = `/cars/${encodeURIComponent(card.slug)}`;
  const Heading = `h${headingLevel}` as const;
  const showToggles = canFavourite(card, site.flags);
  // Viewed cars are kept in this browser (spec 000 section 3); that code loads when a car is opened.
  const onOpen = () => void import("./viewedCars").then((m) => m.rememberViewed(site.slug, card));

  return (
    <article className={available ? styles.card : styles.soldCard} aria-labelledby={titleId}>
      <div className={styles.media}>
        <Link to={carPage} tabIndex={-1} aria-hidden="true" onClick={onOpen} className={styles.imageLink}>
          <Photo
            source={card.image ?? NEW_ARRIVAL_PLACEHOLDER}
            layout="card"
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            priority={priority ? "high" : eager ? "eager" : "lazy"}
            className={styles.image}
          />
        </Link>
        {tag ? (
          tag.kind === "certified" ? (
            <img src={tag.image} alt={tag.label} width={96} height={40} className={styles.certified} />
          ) : (
            <span className={styles.tag[tag.tone]}>{tag.label}</span>
          )
        ) : null}
        {/* Over the photo, so the card does not grow when the toggles appear with JavaScript. */}
        {showToggles ? <CardToggleSlots card={card} site={site} title={title} /> : null}
      </div>

      <div className={styles.body}>
        <Heading id={titleId} className={styles.title}>
          <Link to={carPage} onClick={onOpen} className={styles.titleLink}>
            {title}
          </Link>
        </Heading>

        <dl className={styles.details}>
          <div>
            <dt>Condition</dt>
            <dd>{conditionLabel(card.car_type)}</dd>
          </div>
          <div>
            <dt>Transmission</dt>
            <dd>{card.simple_transmission || "–"}</dd>
          </div>
          <div>
            <dt>Odometer</dt>
            <dd>{`${formatNumber(card.km)} km`}</dd>
          </div>
          <div>
            <dt>Fuel Type</dt>
            <dd>{card.simple_fuel || "–"}</dd>
          </div>
        </dl>

        <div className={styles.priceRow}>
          {available ? (
            <div className={styles.priceBlock}>
              <p className={styles.price}>
                <span className={price.kind === "none" ? styles.priceText : styles.priceAmount}>{price.text}</span>
                {price.amount !== null && price.priceType ? <span className={styles.priceType}>{price.priceType}</span> : null}
              </p>
              {price.wasPrice !== null ? (
                <p className={styles.wasPrice}>
                  <span className="visually-hidden">Was </span>
                  <s>{formatMoney(price.wasPrice)}</s>
                </p>
              ) : null}
              {price.salePrice ? (
                <p className={styles.salePrice} data-testid="card-sale-price">
                  {salePriceText(price.salePrice)}
                </p>
              ) : null}
              {site.weeklyPrice && card.weekly ? <WeeklyPrice weekly={card.weekly} /> : null}
            </div>
          ) : (
            <p className={styles.soldNote}>This car recently sold.</p>
          )}
          {saveShown && site.watchlistPath ? (
            <SaveToWatchlist
              carId={card.id}
              carName={card.name || title}
              available={available}
              watchlistPath={site.watchlistPath}
              look="card"
            />
          ) : null}
        </div>

        <div className={styles.actions}>
          <Link to={primary.href} onClick={primary.kind === "view" ? onOpen : undefined} className={styles.primaryAction}>
            {primary.label}
            <span className="visually-hidden">{`: ${title}`}</span>
          </Link>
          {secondary.length ? (
            <ul className={styles.secondaryActions}>
              {secondary.map((action) => (
                <li key={action.kind}>
                  <Link to={action.href} className={styles.secondaryAction}>
                    {action.label}
                    <span className="visually-hidden">{`: ${title}`}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </article>
  );
}

const loadToggles = () => import("./CardToggles");

/** The favourite and compare toggles: browser-only, so their code loads after the page (nothing until then). */
function CardToggleSlots({ card, site, title }: { card: VehicleCardData; site: CardSiteOptions; title: string }) {
  const toggles = useLazyModule(loadToggles, true);
  if (!toggles) return null;
  return (
    <>
      <toggles.FavouriteToggle card={card} siteSlug={site.slug} title={title} />
      {site.flags.compare ? <toggles.CompareToggle card={card} siteSlug={site.slug} title={title} /> : null}
    </>
  );
}

/** Weekly finance price with the comparison rate in a tooltip that opens on hover or keyboard focus (no script needed). */
function WeeklyPrice({ weekly }: { weekly: NonNullable<VehicleCardData["weekly"]> }) {
  const tipId = useId();
  return (
    <p className={styles.weekly}>
      <span>
        or <strong>{formatMoney(weekly.amount)}</strong> / week
      </span>
      <span className={styles.tipAnchor}>
        <button type="button" aria-describedby={tipId} className={styles.tipButton}>
          <span aria-hidden="true">i</span>
          <span className="visually-hidden">Comparison rate</span>
        </button>
        <span role="tooltip" id={tipId} className={styles.tip}>
          {`Comparison rate ${weekly.comparisonRate.toFixed(2)}% p.a. Estimate only; fees and charges apply.`}
        </span>
      </span>
      <a href="/terms-and-conditions" className={styles.terms}>
        Terms
      </a>
    </p>
  );
}
