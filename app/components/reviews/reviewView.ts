/** A stored review as the page shows it: dates in words from 'now' (spec 001 section 3: *_in_words). */
import { timeAgoInWords } from "~/domain/reviews";
import type { ReviewView } from "./ReviewItem";

export function toReviewView(
  review: {
    id: string;
    location_id: string;
    customer_name: string;
    text: string | null;
    rating: number;
    review_date: string;
    reply_text: string | null;
    reply_date: string | null;
  },
  locationName: (id: string) => string,
  now: Date,
): ReviewView {
  return {
    id: review.id,
    customer_name: review.customer_name,
    text: review.text,
    rating: review.rating,
    review_date: review.review_date,
    review_date_in_words: timeAgoInWords(new Date(review.review_date), now),
    reply_text: review.reply_text,
    reply_date_in_words: review.reply_date ? timeAgoInWords(new Date(review.reply_date), now) : null,
    location_name: locationName(review.location_id),
  };
}
