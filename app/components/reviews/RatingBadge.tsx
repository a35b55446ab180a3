/**
 * A review summary: the rating to one decimal, up to four full stars and a partial fifth, and the count
 * as 'N reviews' (spec 001 section 9). Used on location cards, location pages, /reviews and the home page.
 */
import { Link } from "~/components/Link";
import { ratingLabel, reviewCountLabel, starFills, type ReviewSummary } from "~/domain/reviews";
import * as styles from "./RatingBadge.css";

/**
 * Five stars drawn as text, the filled ones laid over the empty ones to the width the fills add up to:
 * four full stars and the part of the fifth (starFills), without any script of their own.
 */
export function Stars({ rating }: { rating: number }) {
  const filled = starFills(rating).reduce((sum, fill) => sum + fill, 0);
  return (
    <span className={styles.stars} aria-hidden="true">
      ★★★★★
      <span className={styles.starsFilled} style={{ width: `${filled * 20}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

export function RatingBadge({ summary, href }: { summary: ReviewSummary; href?: string }) {
  const rating = ratingLabel(summary.average_rating);
  // The visible text leads the accessible name ('4.6 1,516 reviews, rated 4.6 out of 5'); the stars are decoration.
  const content = (
    <>
      <span className={styles.rating}>{rating}</span>
      <Stars rating={Number(summary.average_rating)} />
      <span className={styles.count}>{reviewCountLabel(summary.count)}</span>
      <span className="visually-hidden">, rated {rating} out of 5</span>
    </>
  );
  return href ? (
    <Link to={href} className={`${styles.badge} ${styles.badgeLink}`}>
      {content}
    </Link>
  ) : (
    <span className={styles.badge}>{content}</span>
  );
}
