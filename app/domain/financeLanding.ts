/**
 * The 'Get Finance Now' landing's featured stock (spec 001 sections 2 and 9): six in-stock used cars
 * with more than one photo, wherever the dealer has used stock; a dealer with no used cars (a new-and-demo
 * dealer) features its own stock instead, with a link to all of it, never to an empty used-car search.
 */
import { carTypeSegment } from "./searchLinks";

export const FEATURED_COUNT = 6;

interface CarLike {
  status: string;
  car_type: string;
  photos_count: number;
  images?: readonly unknown[];
}

/** A car the landing may feature: in stock, of one of the wanted types (any when empty), with more than one photo. */
export function isFeaturable(car: CarLike, carTypes: readonly string[]): boolean {
  return (
    car.status === "in_stock" &&
    (carTypes.length === 0 || carTypes.includes(car.car_type)) &&
    Math.max(car.photos_count, car.images?.length ?? 0) > 1
  );
}

/** The first six featurable cars of the hits, in the hits' order. */
export function pickFeatured<T extends CarLike>(hits: readonly T[], carTypes: readonly string[], count = FEATURED_COUNT): T[] {
  return hits.filter((car) => isFeaturable(car, carTypes)).slice(0, count);
}

export interface LandingStock {
  /** The car types to feature (empty: every type the dealer has). */
  carTypes: string[];
  heading: string;
  linkLabel: string;
  href: string;
}

/** The used cars' part of the landing: featured used cars and 'View All Used Cars'. */
export function usedStock(searchPrefix: string): LandingStock {
  return { carTypes: ["used"], heading: "Featured used cars", linkLabel: "View All Used Cars", href: `${searchPrefix}/used-cars` };
}

/** A dealer without used cars: its own stock (the types its base filter allows) and a link to all of it. */
export function ownStock(searchPrefix: string, baseCarTypes: readonly string[]): LandingStock {
  const segment = carTypeSegment(baseCarTypes);
  return {
    carTypes: [...baseCarTypes],
    heading: "Featured cars",
    linkLabel: "View All Our Cars",
    href: segment ? `${searchPrefix}/${segment}` : searchPrefix,
  };
}

/** Whether the dealer's base filter can hold used cars at all (empty: every type). */
export const mayHaveUsed = (baseCarTypes: readonly string[]) => baseCarTypes.length === 0 || baseCarTypes.includes("used");
