import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { readableOn } from "~/domain/colourContrast";
import type { PromoCard } from "~/domain/promoCards";
import type { PublicSite } from "@server/tenants/publicSite";
import * as styles from "~/components/search/SearchPage.css";

/** A dealer's promo among the results: one link, the whole tile clickable. */
export function PromoTile({ promo }: { promo: PromoCard }) {
  const theme = useRouteLoaderData<{ site: PublicSite }>("root")?.site.theme;
  const style: Record<string, string> = {};
  if (promo.background) style.background = promo.background;
  // On a tile colour of the dealer's choosing, the text is whichever of the theme's colours reads
  // (the tenant schema refuses a tile colour on which neither does).
  if (promo.background && !promo.image && theme) style.color = readableOn(promo.background, [theme.brandContrast, theme.text]);
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
