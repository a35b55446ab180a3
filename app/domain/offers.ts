/**
 * Special offers (spec 001 sections 2, 3 and 9): which of a dealer's offers a shopper sees, where each
 * links, and how much of its text a card shows.
 */
import { inDateWindow } from "./promoCards";
import { slugify } from "./searchLinks";

/** An offer as the dealer's configuration holds it (server/tenants/schema.ts offerSchema). */
export interface OfferConfig {
  id: string;
  name: string;
  description: string;
  disclaimer: string;
  category: string;
  manufacturer: string;
  model?: { name: string; slug: string; override_url?: string };
  image_url: string;
  /** The description as plain text, when the dealer's data gives it (the description may hold markup). */
  sanitized_description?: string;
  /** The offer's image, or its model's when it has none. */
  image_or_model_image?: string;
  excluded_website_ids: string[];
  /** ISO date or time; a date-only end lasts to the end of that day. */
  start?: string;
  expiry?: string;
}

/** A description longer than 200 characters is cut to 160 on cards (spec 001 section 9). */
export const OFFER_DESCRIPTION_LIMIT = 200;
export const OFFER_DESCRIPTION_CUT = 160;
/** A disclaimer is cut at 200 characters on cards. */
export const OFFER_DISCLAIMER_CUT = 200;

function cut(text: string, length: number): string {
  return `${text.slice(0, length).trimEnd()}…`;
}

export function offerCardDescription(description: string): string {
  const text = description.trim();
  return text.length > OFFER_DESCRIPTION_LIMIT ? cut(text, OFFER_DESCRIPTION_CUT) : text;
}

export function offerCardDisclaimer(disclaimer: string): string {
  const text = disclaimer.trim();
  return text.length > OFFER_DISCLAIMER_CUT ? cut(text, OFFER_DISCLAIMER_CUT) : text;
}

/** Shown on this website: not excluded for it, and within its start and expiry dates. */
export function isOfferShown(offer: Pick<OfferConfig, "excluded_website_ids" | "start" | "expiry">, websiteId: string, now: Date): boolean {
  return !offer.excluded_website_ids.includes(websiteId) && inDateWindow(offer, now);
}

export function shownOffers<T extends OfferConfig>(offers: readonly T[], websiteId: string, now: Date): T[] {
  return offers.filter((offer) => isOfferShown(offer, websiteId, now));
}

/** '/offers/{manufacturer}/{id}', or '/offers/{id}' for an offer of no manufacturer. */
export function offerHref(offer: Pick<OfferConfig, "id" | "manufacturer">): string {
  const maker = slugify(offer.manufacturer);
  const id = encodeURIComponent(offer.id);
  return maker ? `/offers/${maker}/${id}` : `/offers/${id}`;
}

/**
 * Where an offer's links go: the dealer's search prefix, and whether it has model pages (a dealer with a
 * model catalogue in its header: app/domain/modelPage.ts). A plain string is the search prefix alone.
 */
export type OfferPaths = string | { searchPrefix: string; modelPages: boolean };

/**
 * The offer's model link (spec 001 section 2: '/{modelSlug} or the model override url'): the override
 * url, else the model's page where the dealer has model pages, else the dealer's stock of that model (as
 * query filters, so the link answers even while none are in stock).
 */
export function offerModelHref(offer: Pick<OfferConfig, "manufacturer" | "model">, paths: OfferPaths): string | null {
  if (!offer.model) return null;
  if (offer.model.override_url) return offer.model.override_url;
  const { searchPrefix, modelPages } = typeof paths === "string" ? { searchPrefix: paths, modelPages: false } : paths;
  if (modelPages) return `/${offer.model.slug}`;
  const query = new URLSearchParams();
  if (offer.manufacturer) query.set("make", offer.manufacturer);
  query.set("model", offer.model.name);
  return `${searchPrefix}?${query.toString()}`;
}

/** What an offer card or page shows. */
export interface OfferView {
  id: string;
  name: string;
  description: string;
  disclaimer: string;
  category: string;
  manufacturer: string;
  image: string;
  href: string;
  model: { name: string; href: string } | null;
}

/** The offer's text as shoppers read it: its plain-text description when given (spec 001 section 3), else the description. */
export function offerText(offer: Pick<OfferConfig, "description" | "sanitized_description">): string {
  return offer.sanitized_description?.trim() || offer.description;
}

/** The offer's picture: its own image, else the offer's or its model's image (spec 001 section 3: image_or_model_image). */
export function offerImage(offer: Pick<OfferConfig, "image_url" | "image_or_model_image">): string {
  return offer.image_url || offer.image_or_model_image || "";
}

export function offerView(offer: OfferConfig, paths: OfferPaths, whole = false): OfferView {
  const modelHref = offerModelHref(offer, paths);
  const text = offerText(offer);
  return {
    id: offer.id,
    name: offer.name,
    description: whole ? text.trim() : offerCardDescription(text),
    disclaimer: whole ? offer.disclaimer.trim() : offerCardDisclaimer(offer.disclaimer),
    category: offer.category,
    manufacturer: offer.manufacturer,
    image: offerImage(offer),
    href: offerHref(offer),
    model: offer.model && modelHref ? { name: offer.model.name, href: modelHref } : null,
  };
}

/**
 * The offer at an address: '/offers/{id}' or '/offers/{manufacturer}/{id}'. Unknown, excluded or
 * out-of-date ids are not found; a known offer under another manufacturer's segment moves to its own.
 */
export function findOffer<T extends OfferConfig>(
  offers: readonly T[],
  address: { id: string; manufacturer?: string },
  websiteId: string,
  now: Date,
): { offer: T; canonical: boolean } | null {
  const offer = shownOffers(offers, websiteId, now).find((o) => o.id === address.id);
  if (!offer) return null;
  const canonical =
    address.manufacturer === undefined ? !slugify(offer.manufacturer) : address.manufacturer === slugify(offer.manufacturer);
  return { offer, canonical };
}
