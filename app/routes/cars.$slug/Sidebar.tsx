/**
 * The sidebar (spec 000 section 2, Sidebar): title, price and price type by the display order,
 * was-price, view counter, finance estimate, market-price indicator, the icon row, the location link,
 * then the buttons (Reserve, Enquire, Call, Get Finance, Trade-In, history report) and the tools
 * (print, PDF, share, Save to the watchlist, favourite). A sold car shows the SOLD panel in place of the buying buttons.
 */
import type { ReactNode } from "react";
import { FavouriteToggle } from "~/components/vehicle-card/CardToggles";
import { ENQUIRE_FOR_FINANCE, isShownRepayment } from "~/domain/financeEstimate";
import { formatMoney } from "~/domain/money";
import { salePriceText } from "~/domain/priceDisplay";
import { sendAnalyticsEvent } from "~/utils/analytics";
import { button } from "~/styles/ui.css";
import { CallDealer, type PhoneReveal } from "./CallDealer";
import { Icon } from "./icons";
import type { VehiclePageData } from "~/domain/vehiclePage";
import { PdfDownload } from "./PdfDownload";
import { ShareMenu } from "./ShareMenu";
import { ViewCounter } from "./ViewCounter";
import * as styles from "./Sidebar.css";
import { pill, pillBase } from "~/components/vehicle/vehicle.css";
import { EVENT } from "~/domain/analyticsEvents";
import { SaveToWatchlist } from "~/components/watchlist/SaveToWatchlist";

export function Sidebar({ data, reveal, soldPanel }: { data: VehiclePageData; reveal: PhoneReveal; soldPanel: ReactNode }) {
  const { car, actions, finance } = data;
  const estimate = finance.estimate;
  return (
    <aside className={car.available ? `${styles.sidebar} ${styles.stickySidebar}` : styles.sidebar} aria-label="About this car">
      <div className={styles.topRow}>
        {car.tag ? <span className={`${pillBase} ${pill[car.tag.tone]}`}>{car.tag.label}</span> : <span />}
        <ViewCounter slug={car.slug} initial={data.views} photosCount={car.photosCount} updatedAt={car.updatedAt} />
      </div>
      <h1 className={styles.heading}>
        {car.heading}
        {car.subheading ? <span className={styles.subheading}>{car.subheading}</span> : null}
      </h1>

      {car.available ? (
        <div>
          <p className={styles.priceRow} data-testid="price">
            <span className={car.price.amount !== null ? styles.price : styles.priceText}>{car.price.text}</span>
            {car.price.amount !== null && car.price.priceType ? <span className={styles.priceType}>{car.price.priceType}</span> : null}
          </p>
          {car.price.wasPrice !== null ? (
            <p className={styles.wasPrice}>
              Was <s>{formatMoney(car.price.wasPrice)}</s>
            </p>
          ) : null}
          {car.price.salePrice ? (
            <p className={styles.salePrice} data-testid="sale-price">
              {salePriceText(car.price.salePrice)}
            </p>
          ) : null}
        </div>
      ) : null}

      {car.available && estimate ? (
        <p className={styles.estimate}>
          {isShownRepayment(estimate.weekly) ? (
            <>
              Finance from <strong>{formatMoney(estimate.weekly)}/wk</strong> ({formatMoney(estimate.monthly)}/mth){" "}
              <a href="#finance-calculator" className={styles.estimateLink}>
                Estimate*
              </a>
            </>
          ) : (
            <a href="#finance-calculator">{ENQUIRE_FOR_FINANCE}</a>
          )}
        </p>
      ) : null}

      {data.marketIndicator ? (
        <p className={styles.marketNote}>
          <Icon name="tag" size={18} />
          {/* Under a weekly subscription price, the indicator names the sale price it compares. */}
          {car.price.salePrice ? `Sale price ${car.price.salePrice.text}: ` : null}
          {formatMoney(data.marketIndicator.saving)} below the{" "}
          {data.marketIndicator.scope === "state" ? `${data.marketIndicator.state} average` : "national average"} market price
        </p>
      ) : null}

      {car.iconRow.length ? (
        <ul className={styles.icons} aria-label="Key facts">
          {car.iconRow.map((i) => (
            <li key={i.kind}>
              <Icon name={i.kind} />
              <span>
                <span className="visually-hidden">
                  {i.kind === "km" ? "Odometer: " : i.kind === "transmission" ? "Transmission: " : "Body: "}
                </span>
                {i.text}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {car.location ? (
        <a href="#vehicle-map" className={styles.locationLink}>
          <Icon name="pin" size={18} /> {car.location.name}, {car.location.city} {car.location.state}
        </a>
      ) : null}

      {car.available ? (
        <div className={styles.buttons}>
          {actions.reserve ? (
            <a href={actions.reserve.href} className={button.accent}>
              {actions.reserve.label}
              <span className="visually-hidden"> with a {actions.reserve.deposit} deposit</span>
            </a>
          ) : null}
          {actions.reserve ? (
            <p className={styles.depositNote}>Hold it today with a {actions.reserve.deposit} refundable deposit.</p>
          ) : null}
          <a href="#enquire" className={button.primary}>
            {actions.enquireLabel}
          </a>
          <CallDealer phone={data.phone} reveal={reveal} className={button.outline} label="Call Now" />
          {actions.finance || actions.tradeIn ? (
            <div className={actions.finance && actions.tradeIn ? styles.buttonPair : undefined}>
              {actions.finance ? (
                <a href={actions.finance.href} className={button.outline}>
                  Get Finance
                </a>
              ) : null}
              {actions.tradeIn ? (
                <a href={actions.tradeIn.href} className={button.outline}>
                  Trade-In Valuation
                </a>
              ) : null}
            </div>
          ) : null}
          {car.historyReport ? <HistoryReport href={car.historyReport} carId={car.id} /> : null}
        </div>
      ) : (
        soldPanel
      )}

      <div className={styles.tools}>
        <a href={actions.print} target="_blank" rel="noopener" className={styles.tool}>
          <Icon name="print" size={18} /> Print
        </a>
        <PdfDownload href={actions.pdf} slug={car.slug} />
        <ShareMenu url={data.canonical} carName={car.title} />
        {/* The watchlist (server, signed in) is its own control; the heart stays the browser's favourites. */}
        {data.watchlistPath ? (
          <SaveToWatchlist carId={car.id} carName={car.title} available={car.available} watchlistPath={data.watchlistPath} />
        ) : null}
        {actions.canFavourite ? (
          <span className={styles.favouriteSlot}>
            <FavouriteToggle card={data.favouriteCard} siteSlug={data.siteSlug} title={car.title} />
          </span>
        ) : null}
      </div>
      {!car.available && car.historyReport ? <HistoryReport href={car.historyReport} carId={car.id} /> : null}
    </aside>
  );
}

/** The vehicle history report (only when the car has a file); opening it is analytics event 60. */
export function HistoryReport({ href, carId }: { href: string; carId: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={button.ghost}
      onClick={() => sendAnalyticsEvent(EVENT.historyReport, { car_id: carId })}
    >
      <Icon name="report" size={18} /> View History Report
    </a>
  );
}
