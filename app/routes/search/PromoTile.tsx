import { Link } from "@remix-run/react";
import type { PromoCard } from "~/domain/promoCards";
import * as styles from "~/components/search/SearchPage.css";

/** A dealer's promo among the results: one link, the whole tile clickable. */
export function PromoTile({ promo }: { promo: PromoCard }) {
  const style: Record<string, string> = {};
  if (promo.background) style.background = promo.background;
  if (promo.image) {
    // The image sits under a dark wash so the white text stays readable on any photo.
    style.backgroundImage = `linear-gradient(rgba(0,0,0,.15), rgba(0,0,0,.65)), url("${encodeURI(promo.image)}")`;
  }
  return (
    <Link to={promo.href} className={styles.promo} style={style} aria-label={promo.alt || undefined}>
      <h2 className={styles.promoTitle}>{promo.title}</h2>
      {promo.text ? <p className={styles.promoText}>{promo.text}</p> : null}
      <span className={styles.promoCta} aria-hidden="true">
        Find out more
      </span>
    </Link>
  );
}
