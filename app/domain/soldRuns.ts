/**
 * Sold run collapsing (spec 000 section 4): in results, consecutive sold cars are collapsed so only
 * the first of each run shows, unless every car is sold (then the page would be nearly empty: all show).
 */
export function collapseSoldRuns<T>(cars: readonly T[], isSold: (car: T) => boolean): T[] {
  if (cars.length === 0 || cars.every(isSold)) return [...cars];
  return cars.filter((car, i) => !isSold(car) || i === 0 || !isSold(cars[i - 1]));
}
