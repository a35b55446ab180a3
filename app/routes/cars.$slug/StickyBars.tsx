/**
 * The sticky header after 500 px (image, name, price, finance estimate, Get Finance, Trade-In
 * Valuation), the mobile bottom bar opened past 900 px, and the 'Located at {city}' announcement bar.
 * Both bars are fixed-position, so they never push the page about.
 */
import { useEffect, useState } from "react";
import { bottomBarOpened, showsStickyHeader } from "~/domain/stickyBars";
import { isShownRepayment } from "~/domain/financeEstimate";
import { formatMoney } from "~/domain/money";
import { button, container } from "~/styles/ui.css";
import { CallDealer, type PhoneReveal } from "./CallDealer";
import { Icon } from "./icons";
import { jsOnly } from "~/components/vehicle/JsOnly";
import type { VehiclePageData } from "~/domain/vehiclePage";
import * as styles from "./StickyBars.css";
import { Photo } from "~/components/photo/Photo";

/** Scroll position, read at most once a frame. */
function useScrollY(): number {
  const [y, setY] = useState(0);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setY(window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(read);
    };
    read();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return y;
}

export function StickyBars({ data, reveal }: { data: VehiclePageData; reveal: PhoneReveal }) {
  const y = useScrollY();
  const { car, actions, finance } = data;
  const estimate = finance.estimate && isShownRepayment(finance.estimate.weekly) ? finance.estimate : null;
  const priceLine = car.available
    ? `${car.price.text}${car.price.amount !== null && car.price.priceType ? ` ${car.price.priceType}` : ""}`
    : "Sold";
  return (
    <>
      <div
        className={styles.header}
        data-visible={showsStickyHeader(y) ? "true" : "false"}
        data-testid="sticky-header"
        aria-hidden={!showsStickyHeader(y)}
      >
        <div className={`${container} ${styles.headerInner}`}>
          <Photo source={car.thumbnail} layout="thumb" sizes="72px" alt="" width={72} height={48} className={styles.thumb} />
          <div className={styles.headerText}>
            <p className={styles.headerName}>{car.title}</p>
            <p className={styles.headerPrice}>
              {priceLine}
              {estimate ? ` · ${formatMoney(estimate.weekly)}/wk (${formatMoney(estimate.monthly)}/mth)*` : ""}
            </p>
          </div>
          <div className={styles.headerActions}>
            {actions.finance ? (
              <a href={actions.finance.href} className={button.accent} tabIndex={showsStickyHeader(y) ? 0 : -1}>
                Get Finance
              </a>
            ) : null}
            {actions.tradeIn ? (
              <a href={actions.tradeIn.href} className={button.outline} tabIndex={showsStickyHeader(y) ? 0 : -1}>
                Trade-In Valuation
              </a>
            ) : null}
            {!car.available ? (
              <a href="#similar" className={button.accent} tabIndex={showsStickyHeader(y) ? 0 : -1}>
                Find Me Something Similar
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <div className={`${styles.bottomBar} ${jsOnly}`} data-opened={bottomBarOpened(y) ? "true" : "false"} data-testid="bottom-bar">
        <p className={styles.bottomPrice} style={{ margin: 0 }}>
          <span>{priceLine}</span>
          {estimate ? <span>{formatMoney(estimate.weekly)}/wk*</span> : null}
        </p>
        {car.available ? (
          <a href="#enquire" className={button.primary}>
            {actions.enquireLabel}
          </a>
        ) : (
          <a href="#similar" className={button.primary}>
            Find Similar
          </a>
        )}
        <CallDealer phone={data.phone} reveal={reveal} className={button.outline} label="Call Us" showNumber={false} />
      </div>
    </>
  );
}

export function AnnouncementBar({ city, directions }: { city: string; directions: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <section className={styles.announcement} aria-label="Where this car is">
      <div className={`${container} ${styles.announcementInner}`}>
        <Icon name="pin" size={18} />
        <span>Located at {city}</span>
        <a href={directions} target="_blank" rel="noopener" className={styles.announcementLink}>
          Get Directions
        </a>
        <button type="button" className={`${styles.dismiss} ${jsOnly}`} onClick={() => setDismissed(true)} aria-label="Dismiss">
          <Icon name="close" size={20} />
        </button>
      </div>
    </section>
  );
}
