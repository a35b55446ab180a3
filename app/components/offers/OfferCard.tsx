import { Link } from "~/components/Link";
import type { OfferView } from "~/domain/offers";
import { button } from "~/styles/ui.css";
import * as styles from "./offers.css";
import { Photo } from "~/components/photo/Photo";

/**
 * One offer on the offers grid (spec 001 section 2): name, description (cut when long), disclaimer
 * (cut at 200), category and image, with the model link and 'Book a Test Drive'. Dealers' text is
 * shown as text, never as HTML.
 */
export function OfferCard({ offer, testDrivePath, headingLevel = 2 }: { offer: OfferView; testDrivePath: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={styles.card} data-offer={offer.id}>
      <Link to={offer.href} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        {offer.image ? (
          <Photo source={offer.image} layout="tile" alt="" width={480} height={270} className={styles.image} />
        ) : (
          <span className={styles.imagePlaceholder}>{offer.manufacturer || offer.category}</span>
        )}
      </Link>
      <div className={styles.body}>
        <p className={styles.category}>{offer.category}</p>
        <Heading className={styles.name}>
          <Link to={offer.href}>{offer.name}</Link>
        </Heading>
        <p className={styles.description}>{offer.description}</p>
        {offer.disclaimer ? <p className={styles.disclaimer}>{offer.disclaimer}</p> : null}
        <div className={styles.actions}>
          {offer.model ? (
            <Link to={offer.model.href} className={button.outline}>
              View {offer.model.name}
            </Link>
          ) : null}
          <Link to={testDrivePath} className={button.primary}>
            Book a Test Drive
          </Link>
        </div>
      </div>
    </article>
  );
}
