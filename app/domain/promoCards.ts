/**
 * Promo cards among the results (spec 000 sections 2 and 4, spec 001 section 4): a card every N cards,
 * N from the dealer's configuration; one dealer adds a random 1 to 3 to the position. Which promos show
 * is decided by position, then date window, then the car-type filter (display / strictDisplay).
 */

export interface PromoCardConfig {
  id: string;
  title: string;
  text: string;
  href: string;
  image: string;
  alt: string;
  background?: string;
  /** Fixed place among the results (after this many cars); the dealer's position when absent. */
  position?: number;
  /** ISO date or time; a date-only expiry lasts to the end of that day. */
  start?: string;
  expiry?: string;
  /** Car types it is shown for (empty = all). */
  display: string[];
  /** Shown only when the search is filtered to car types it is for. */
  strictDisplay: boolean;
}

export type PromoCard = Pick<PromoCardConfig, "id" | "title" | "text" | "href" | "image" | "alt" | "background">;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parseTime(text: string | undefined, endOfDay: boolean): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  return endOfDay && DATE_ONLY.test(text.trim()) ? ms + DAY_MS : ms;
}

export function inDateWindow(promo: Pick<PromoCardConfig, "start" | "expiry">, now: Date): boolean {
  const t = now.getTime();
  const start = parseTime(promo.start, false);
  const expiry = parseTime(promo.expiry, true);
  return (start === null || t >= start) && (expiry === null || t < expiry);
}

/**
 * Car-type display rule. With no car types listed a promo shows everywhere. Otherwise it shows when the
 * search's car-type filter includes one of its types; with no car-type filter it shows unless strict.
 * A strict promo shows only when every car type searched for is one of its types.
 */
export function matchesCarTypes(promo: Pick<PromoCardConfig, "display" | "strictDisplay">, searchedCarTypes: readonly string[]): boolean {
  if (!promo.display.length) return true;
  if (!searchedCarTypes.length) return !promo.strictDisplay;
  return promo.strictDisplay
    ? searchedCarTypes.every((t) => promo.display.includes(t))
    : searchedCarTypes.some((t) => promo.display.includes(t));
}

export interface PromoPlacement {
  /** A promo after every this many cars. */
  every: number;
  /** One dealer places each promo a random 1 to 3 cars further. */
  randomOffset: boolean;
  /** Injectable for tests; Math.random in use. */
  random?: () => number;
  now: Date;
  searchedCarTypes: readonly string[];
}

export type ResultItem<T> = { kind: "car"; car: T } | { kind: "promo"; promo: PromoCard };

function toPromoCard(p: PromoCardConfig): PromoCard {
  return {
    id: p.id,
    title: p.title,
    text: p.text,
    href: p.href,
    image: p.image,
    alt: p.alt,
    ...(p.background ? { background: p.background } : {}),
  };
}

/**
 * Cars with promos among them. Promos with their own position go there; the others take the slots
 * every N cars in order. Each promo shows at most once; a slot past the last car is not used.
 */
export function insertPromoCards<T>(cars: readonly T[], promos: readonly PromoCardConfig[], placement: PromoPlacement): ResultItem<T>[] {
  const items: ResultItem<T>[] = cars.map((car) => ({ kind: "car", car }));
  const every = Math.max(1, Math.floor(placement.every));
  const random = placement.random ?? Math.random;
  const eligible = promos
    .map((promo, order) => ({ promo, order }))
    // rotation: by position, then date window, then car type
    .sort((a, b) => (a.promo.position ?? Infinity) - (b.promo.position ?? Infinity) || a.order - b.order)
    .filter(({ promo }) => inDateWindow(promo, placement.now))
    .filter(({ promo }) => matchesCarTypes(promo, placement.searchedCarTypes))
    .map(({ promo }) => promo);

  const taken = new Set<number>();
  const placed: { after: number; promo: PromoCard }[] = [];
  let nextSlot = every;
  for (const promo of eligible) {
    let after = promo.position ?? nextSlot;
    while (taken.has(after)) after += every;
    if (promo.position === undefined) nextSlot = after + every;
    const offset = placement.randomOffset ? 1 + Math.min(2, Math.floor(random() * 3)) : 0;
    const at = after + offset;
    if (at > cars.length || cars.length === 0) continue;
    taken.add(after);
    placed.push({ after: at, promo: toPromoCard(promo) });
  }
  // Insert from the back so earlier positions still count cars, not cars-plus-promos.
  placed.sort((a, b) => b.after - a.after);
  for (const { after, promo } of placed) items.splice(after, 0, { kind: "promo", promo });
  return items;
}
