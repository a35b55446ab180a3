/**
 * The dealer's models (spec 001 section 3 Model: name, slug, override_url, image, manufacturer_body),
 * built from live stock: which models the dealer has, the body each belongs to, and a picture of one
 * of its cars. Feeds the header's model dropdown (ALL MODELS, a tab per body, CURRENT OFFERS) and
 * /models?body={body-slug}.
 */
import { bodyLabel, bodyTypeImage } from "./bodyTypes";
import { slugify } from "./searchLinks";

export interface CatalogueModel {
  make: string;
  name: string;
  slug: string;
  /** The body's slug ('suv', 'ute'): the tab the model shows under. */
  body: string;
  image: string;
  /** Discover: the dealer's stock of this model. */
  href: string;
  count: number;
}

export interface CatalogueBody {
  slug: string;
  label: string;
}

export interface ModelCatalogue {
  bodies: CatalogueBody[];
  models: CatalogueModel[];
}

/** What one search of a body's stock told us: models with counts, and cars with their pictures. */
export interface BodyStock {
  body: string;
  models: { value: string; count: number }[];
  cars: { make: string; model: string; primary_image_url: string }[];
}

/** A model as the dropdown's card shows it. */
export type MenuModel = Pick<CatalogueModel, "make" | "name" | "body" | "image" | "href">;

/** What the header's model dropdown is sent: the dealer's models by body and its current offers. */
export interface ModelMenu {
  /** Only what the dropdown's cards and tabs show: this is in every page's loader data. */
  catalogue: { bodies: CatalogueBody[]; models: MenuModel[] };
  offers: { id: string; name: string; href: string; image: string; category: string }[];
  offersPath: string;
}

export const MODELS_IN_DROPDOWN = 24;

/**
 * Each model goes under the body most of its cars have; models are ordered by how many cars the
 * dealer has, and bodies by how many of those models they hold. A model with no picture shows its
 * body's drawing.
 */
export function buildModelCatalogue(stock: readonly BodyStock[], searchPrefix: string, limit = MODELS_IN_DROPDOWN): ModelCatalogue {
  const best = new Map<string, { make: string; name: string; body: string; count: number; total: number }>();
  for (const { body, models } of stock) {
    for (const { value, count } of models) {
      const [make = "", name = ""] = value.split("|");
      if (!make || !name) continue;
      const kept = best.get(value);
      if (!kept) best.set(value, { make, name, body, count, total: count });
      else {
        kept.total += count;
        if (count > kept.count) Object.assign(kept, { body, count });
      }
    }
  }
  const images = new Map<string, string>();
  for (const { cars } of stock) {
    for (const car of cars) {
      const key = `${car.make}|${car.model}`;
      if (car.primary_image_url && !images.has(key)) images.set(key, car.primary_image_url);
    }
  }
  const models = [...best.entries()]
    .sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, m]): CatalogueModel => {
      const slug = slugify(m.name);
      return {
        make: m.make,
        name: m.name,
        slug,
        body: slugify(m.body),
        image: images.get(key) ?? bodyTypeImage(m.body) ?? "",
        href: `${searchPrefix}/${slugify(m.make)}/${slug}`,
        count: m.total,
      };
    });
  const bodyCounts = new Map<string, { label: string; models: number }>();
  for (const model of models) {
    const source = stock.find((s) => slugify(s.body) === model.body)?.body ?? model.body;
    const entry = bodyCounts.get(model.body) ?? { label: bodyLabel(source), models: 0 };
    entry.models += 1;
    bodyCounts.set(model.body, entry);
  }
  const bodies = [...bodyCounts.entries()]
    .filter(([slug]) => slug)
    .sort((a, b) => b[1].models - a[1].models || a[0].localeCompare(b[0]))
    .map(([slug, { label }]) => ({ slug, label }));
  return { bodies, models };
}
