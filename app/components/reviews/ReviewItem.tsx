/** One review with the dealer's reply (spec 001 section 3 'Review'); the texts are shown as text, never as HTML. */
import { ratingLabel } from "~/domain/reviews";
import { Stars } from "./RatingBadge";
import * as styles from "./ReviewItem.css";

export interface ReviewView {
  id: string;
  customer_name: string;
  text: string | null;
  rating: number;
  review_date: string;
  review_date_in_words: string;
  reply_text: string | null;
  reply_date_in_words: string | null;
  location_name: string;
}

export function ReviewItem({ review, showLocation = false }: { review: ReviewView; showLocation?: boolean }) {
  return (
    <article className={styles.review} aria-label={`Review by ${review.customer_name}`}>
      <header className={styles.header}>
        <strong>{review.customer_name}</strong>
        <span className={styles.meta}>
          <span className="visually-hidden">Rated {ratingLabel(review.rating)} out of 5. </span>
          <Stars rating={review.rating} /> <time dateTime={review.review_date}>{review.review_date_in_words}</time>
          {showLocation ? <> · {review.location_name}</> : null}
        </span>
      </header>
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
      {review.reply_text ? (
        <div className={styles.reply}>
          <strong>Reply from the dealer</strong>{" "}
          {review.reply_date_in_words ? <span className={styles.meta}> {review.reply_date_in_words}</span> : null}
          <p className={styles.text}>{review.reply_text}</p>
        </div>
      ) : null}
    </article>
  );
}
