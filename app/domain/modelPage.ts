/**
 * Model landing pages (spec 001 section 2: an offer's 'model link /{modelSlug} or the model override
 * url'): every model of a dealer's catalogue (the models its stock holds, and those its current offers
 * name) has a page at /{modelSlug}, where the dealer presents a model catalogue (a models dropdown in its
 * header). A slug that is no model of this dealer is not a model page: the address stays a 404.
 */
import { bodyLabel, bodyTypeImage } from "./bodyTypes";
import { slugify } from "./searchLinks";

/** A model page's address segment: lower-case words joined by single hyphens, as catalogue slugs are. */
export const MODEL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,7}$/;

/** A dealer has model pages where its header carries the models dropdown (the catalogue it shows). */
export function hasModelPages(headerItems: readonly { kind: string }[]): boolean {
  return headerItems.some((item) => item.kind === "models");
}

interface CatalogueModelLike {
  make: string;
  name: string;
  slug: string;
  body: string;
  image: string;
  count: number;
}

interface OfferLike {
  manufacturer: string;
  image_url: string;
  model?: { name: string; slug: string; override_url?: string };
}

export interface PageModel {
  make: string;
  name: string;
  slug: string;
  /** The body's slug ('suv'), '' when unknown. */
  body: string;
  image: string;
}

/**
 * The dealer's model at this slug: its catalogue's (most stock first, as the catalogue is ordered), else
 * one a current offer names (a model not in stock yet); null when neither has it.
 */
export function findModel(slug: string, catalogue: readonly CatalogueModelLike[], offers: readonly OfferLike[]): PageModel | null {
  if (!MODEL_SLUG.test(slug)) return null;
  const stocked = catalogue.find((m) => m.slug === slug);
  if (stocked) return { make: stocked.make, name: stocked.name, slug, body: stocked.body, image: stocked.image };
  const offered = offers.find((o) => o.model && !o.model.override_url && o.model.slug === slug);
  if (!offered?.model) return null;
  return { make: offered.manufacturer, name: offered.model.name, slug, body: "", image: offered.image_url };
}

/** The offers for this model: those naming its slug, from its make (or from no make in particular). */
export function offersForModel<T extends OfferLike>(offers: readonly T[], model: Pick<PageModel, "make" | "slug">): T[] {
  return offers.filter(
    (o) => o.model?.slug === model.slug && (!o.manufacturer || !model.make || slugify(o.manufacturer) === slugify(model.make)),
  );
}

/** The page's title ('Haval Jolion'; the name alone when it already starts with the make). */
export function modelTitle(model: Pick<PageModel, "make" | "name">): string {
  if (!model.make || model.name.toLowerCase().startsWith(model.make.toLowerCase())) return model.name;
  return `${model.make} ${model.name}`;
}

/** The body as the page names it ('SUV'), '' when unknown. */
export function modelBodyLabel(body: string): string {
  return body ? bodyLabel(body) : "";
}

/** The model's picture: a photo of one of its cars, else its offer's image, else its body's drawing. */
export function modelImage(model: Pick<PageModel, "image" | "body">): string {
  return model.image || (model.body ? (bodyTypeImage(model.body) ?? "") : "");
}

/** The dealer's stock of the model: '/search/{make}/{model}', or filters when the make is unknown. */
export function modelStockHref(model: Pick<PageModel, "make" | "name" | "slug">, searchPrefix: string): string {
  if (model.make) return `${searchPrefix}/${slugify(model.make)}/${model.slug}`;
  return `${searchPrefix}?${new URLSearchParams({ model: model.name })}`;
}

/** Where a dealer's offer links go (app/domain/offers.ts OfferPaths): its search, and its model pages where it has them. */
export function offerPathsOf(tenant: { paths: { searchPrefix: string }; menus: { header: readonly { kind: string }[] } }): {
  searchPrefix: string;
  modelPages: boolean;
} {
  return { searchPrefix: tenant.paths.searchPrefix, modelPages: hasModelPages(tenant.menus.header) };
}
