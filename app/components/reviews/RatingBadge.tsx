/**
 * A review summary: the rating to one decimal, up to four full stars and a partial fifth, and the count
 * as 'N reviews' (spec 001 section 9). Used on location cards, location pages, /reviews and the home page.
 */
import { Link } from "@remix-run/react";
import { ratingLabel, reviewCountLabel, starFills, type ReviewSummary } from "~/domain/reviews";
import * as styles from "./RatingBadge.css";

const STAR_PATH = "M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z";

function Star({ fill }: { fill: number }) {
  return (
    <span className={styles.star}>
      <svg className={styles.starIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d={STAR_PATH} fill="currentColor" />
      </svg>
      {fill > 0 ? (
        <span className={styles.starFill} style={{ width: `${Math.round(fill * 100)}%` }}>
          <svg className={styles.starIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d={STAR_PATH} fill="currentColor" />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} aria-hidden="true">
      {starFills(rating).map((fill, i) => (
        <Star key={i} fill={fill} />
      ))}
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
