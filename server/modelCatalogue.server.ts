/**
 * The dealer's models by body, from live stock (app/domain/modelCatalogue.ts): one search for the
 * bodies in stock, then one per body for its models and a few cars' pictures. Kept a minute per dealer,
 * like the header's other menus, so page views do not repeat the searches.
 */
import { buildModelCatalogue, type BodyStock, type ModelCatalogue, type ModelMenu } from "~/domain/modelCatalogue";
import { offerView, shownOffers } from "~/domain/offers";
import { offerPathsOf } from "~/domain/modelPage";
import { emptySearchRequest } from "~/domain/search";
import { perDealerCache } from "./http/perDealerCache";
import { log } from "./log";
import type { Platform } from "./platform.server";
import type { TenantConfig } from "./tenants/schema";
import { oncePer } from "~/domain/oncePer";

const BODIES_SEARCHED = 8;
const CARS_PER_BODY = 24;
const catalogues = perDealerCache<ModelCatalogue>(60_000);

export async function modelCatalogue(platform: Platform, tenant: TenantConfig): Promise<ModelCatalogue> {
  try {
    return await catalogues.get(tenant.slug, () => loadModels(platform, tenant));
  } catch (error) {
    // Without search the dropdown still has its tabs' links; the empty answer is not kept.
    log.warn("model catalogue unavailable", { tenant: tenant.slug, error: String(error) });
    return { bodies: [], models: [] };
  }
}

async function loadModels(platform: Platform, tenant: TenantConfig): Promise<ModelCatalogue> {
  const all = await platform.search.search(tenant, emptySearchRequest({ perPage: 1, facets: ["body"] }));
  const bodies = (all.facets.body ?? []).filter((b) => b.value).slice(0, BODIES_SEARCHED);
  const stock: BodyStock[] = await Promise.all(
    bodies.map(async ({ value }) => {
      const result = await platform.search.search(
        tenant,
        emptySearchRequest({ perPage: CARS_PER_BODY, filters: { body: [value] }, facets: ["make_model"] }),
      );
      return {
        body: value,
        models: (result.facets.make_model ?? []).map((m) => ({ value: m.value, count: m.count })),
        cars: result.hits.map((car) => ({ make: car.make, model: car.model, primary_image_url: car.primary_image_url })),
      };
    }),
  );
  return buildModelCatalogue(stock, tenant.paths.searchPrefix);
}

/** The header's model dropdown: the models, and the offers shown today for its CURRENT OFFERS tab. */
export async function modelMenu(platform: Platform, tenant: TenantConfig, now: Date = new Date()): Promise<ModelMenu | null> {
  // A dealer whose header has no model dropdown is not searched for one.
  if (!tenant.menus.header.some((item) => item.kind === "models")) return null;
  const offers = shownOffers(tenant.offers, tenant.slug, now).map((offer) => {
    const view = offerView(offer, offerPathsOf(tenant));
    return { id: view.id, name: view.name, href: view.href, image: view.image, category: view.category };
  });
  return { catalogue: menuCatalogue(await modelCatalogue(platform, tenant)), offers, offersPath: tenant.paths.offers };
}

/** The catalogue trimmed to what the dropdown shows, once per kept catalogue (a minute per dealer). */
export const menuCatalogue: (catalogue: ModelCatalogue) => ModelMenu["catalogue"] = oncePer((catalogue) => ({
  bodies: catalogue.bodies,
  models: catalogue.models.map(({ make, name, body, image, href }) => ({ make, name, body, image, href })),
}));
