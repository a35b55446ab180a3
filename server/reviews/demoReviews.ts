/**
 * Demo reviews, generated like the demo stock: the same dealer, locations and "now" always give the same
 * reviews (seeded by the dealer's slug and each location's id). Each location with a review summary in
 * the dealer's configuration gets a handful of recent reviews whose ratings lean on that summary; a few
 * carry the dealer's reply, and one in a while is a machine translation (which the pages leave out).
 */
import { createRandom, hashText } from "../demo/random";
import type { TenantConfig } from "../tenants/schema";
import type { StoredReview } from "./store";

const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "Noah",
  "Amelia",
  "William",
  "Isla",
  "Oliver",
  "Mia",
  "Lachlan",
  "Chloe",
  "Cooper",
  "Zoe",
  "Liam",
  "Ruby",
  "Harrison",
];
const LAST = ["S.", "Nguyen", "T.", "Williams", "K.", "Brown", "M.", "Wilson", "P.", "Taylor", "Singh", "R.", "Chen", "Murphy"];

const PRAISE = [
  "Smooth from start to finish. {staff} explained every option and never rushed us.",
  "Picked up our new car today. Everything was ready on time and the handover was thorough.",
  "Great experience at {place}. Fair trade-in price and no pressure at all.",
  "Booked a service online, dropped the car off early and had it back by lunch. Friendly team.",
  "{staff} went above and beyond to find the exact colour we wanted.",
  "Honest advice and a clean, well-prepared car. Would buy here again.",
  "Finance was sorted the same afternoon. Clear paperwork and no surprises.",
];
const MIXED = [
  "Good price but the paperwork took longer than expected.",
  "Helpful sales staff, though we waited a while on a busy Saturday.",
  "Car was great, communication after the sale could be better.",
];
const POOR = ["Service booking was moved twice. Sorted in the end but frustrating."];
const REPLIES = [
  "Thanks so much for the kind words, {name}! Enjoy the new car and see you at the first service.",
  "Thank you for choosing {place}, {name}. We'll pass your feedback on to the team.",
  "Hi {name}, thanks for letting us know. Our manager will be in touch to make this right.",
];
const STAFF = ["Sam", "Priya", "Josh", "Mel", "Dan", "Aisha"];

/** Reviews per location in the demo data. */
export const DEMO_REVIEWS_PER_LOCATION = 14;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

export function generateDemoReviews(tenant: Pick<TenantConfig, "slug" | "name" | "locations">, now: Date = new Date()): StoredReview[] {
  const reviews: StoredReview[] = [];
  for (const location of tenant.locations) {
    if (!location.reviews) continue;
    const random = createRandom(hashText(`${tenant.slug}:reviews:${location.id}`));
    const average = Number(location.reviews.average_rating) || 4.5;
    let daysAgo = random.int(0, 4);
    for (let i = 0; i < DEMO_REVIEWS_PER_LOCATION; i++) {
      const name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
      const roll = random.next();
      // Mostly fives and fours around the dealer's summary, now and then a mixed or poor one.
      const rating = roll < 0.05 ? 2 : roll < 0.13 ? 3 : roll < 0.13 + (5 - average) * 0.7 ? 4 : 5;
      const values = { staff: random.pick(STAFF), place: location.name, name: name.split(" ")[0] };
      const translated = random.chance(0.08);
      const body = fill(random.pick(rating >= 4 ? PRAISE : rating === 3 ? MIXED : POOR), values);
      const text = translated ? `(Translated by Google) ${body}` : random.chance(0.07) ? null : body;
      const reviewDate = new Date(now.getTime() - daysAgo * 86_400_000 - random.int(8, 18) * 3_600_000);
      const replied = rating <= 3 || random.chance(0.35);
      reviews.push({
        id: `${location.id}-r${i + 1}`,
        location_id: location.id,
        customer_name: name,
        text,
        rating,
        review_date: reviewDate.toISOString(),
        reply_text: replied ? fill(REPLIES[rating >= 4 ? random.int(0, 1) : 2], values) : null,
        reply_date: replied ? new Date(reviewDate.getTime() + random.int(2, 40) * 3_600_000).toISOString() : null,
        image_url: null,
      });
      daysAgo += random.int(2, 19);
    }
  }
  return reviews;
}
